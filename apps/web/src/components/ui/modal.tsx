import { Activity, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from './use-modal-focus';
import { usePresence } from './use-presence';

// Dialog transitions are meant to last 300–500 ms (docs/product/constants.md#screens).
export const MODAL_TRANSITION_MS = 350;

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** "side-left" slides in from the left edge; "center" fades and scales in the middle. */
  placement: 'side-left' | 'center';
  children: ReactNode;
  /** Shown under the title. */
  description?: ReactNode;
  /**
   * While closed, keep the dialog rendered but hidden (React's `Activity`: rendered in idle time,
   * `display: none`, no effects), so that opening it only shows it. Each opening still starts from
   * a fresh tree: the one shown is set aside once it has closed and a new one is prepared hidden.
   */
  prerender?: boolean;
};

const panelPlacement = {
  'side-left': {
    frame: 'fixed inset-y-0 left-0 flex w-full max-w-md',
    panel: 'flex h-full w-full flex-col overflow-y-auto bg-white shadow-2xl transition-transform duration-[350ms] ease-out',
    hidden: '-translate-x-full',
    shown: 'translate-x-0',
  },
  center: {
    frame: 'fixed inset-0 overflow-y-auto',
    panel:
      'relative mx-auto my-4 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white shadow-2xl transition duration-[350ms] ease-out sm:my-12',
    hidden: 'scale-95 opacity-0',
    shown: 'scale-100 opacity-100',
  },
} as const;

export function Modal({ open, onClose, title, placement, description, children, prerender = false }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { mounted, visible } = usePresence(open, MODAL_TRANSITION_MS);
  useModalFocus(panelRef, open, onClose);
  // A new key once a prerendered dialog has closed, so the next opening shows a fresh form
  // (state adjusted during render, not in an effect).
  const [generation, setGeneration] = useState(0);
  const [wasMounted, setWasMounted] = useState(mounted);
  if (wasMounted !== mounted) {
    setWasMounted(mounted);
    if (!mounted) setGeneration((previous) => previous + 1);
  }

  if (!mounted && !prerender) return null;
  const style = panelPlacement[placement];

  return createPortal(
    <Activity key={generation} mode={mounted ? 'visible' : 'hidden'}>
      <div data-modal className="fixed inset-0 z-50" inert={!open}>
        <div
          aria-hidden
          onClick={onClose}
          className={`fixed inset-0 bg-slate-950/50 backdrop-blur-[2px] transition-opacity duration-[350ms] ${visible ? 'opacity-100' : 'opacity-0'}`}
        />
        <div
          className={style.frame}
          // A press on the empty area around a centred dialog closes it, like the backdrop.
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <div
            ref={panelRef}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            tabIndex={-1}
            className={`${style.panel} ${visible ? style.shown : style.hidden} focus:outline-none`}
          >
            <div className="flex items-start justify-between gap-4 px-6 pt-6 sm:px-8 sm:pt-8">
              <div>
                <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="mt-1.5 text-sm text-slate-600">
                    {description}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label={t('close')}
                className="-mt-1 -mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <div className="px-6 pt-5 pb-6 sm:px-8 sm:pb-8">{children}</div>
          </div>
        </div>
      </div>
    </Activity>,
    document.body,
  );
}
