import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

type DisclosureProps = {
  title: ReactNode;
  /** Extra line under the title, e.g. a one-line summary. */
  subtitle?: ReactNode;
  /** Decorative leading element such as an icon. */
  leading?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
};

/** One accordion row: a heading button that shows and hides its labelled region. */
export function Disclosure({ title, subtitle, leading, defaultOpen = false, children }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;

  return (
    <div>
      <h3>
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-4 rounded-lg px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {leading}
          <span className="flex-1">
            <span className="block text-[15px] font-medium text-slate-900">{title}</span>
            {subtitle && <span className="mt-0.5 block text-sm text-slate-500">{subtitle}</span>}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-400 transition-transform duration-200 ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5">
        {children}
      </div>
    </div>
  );
}
