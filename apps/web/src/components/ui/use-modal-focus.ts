import { useEffect, useRef, type RefObject } from 'react';
import { focusableIn } from './focusable';
import { lockPageScroll } from './page-scroll-lock';

const MODAL_SELECTOR = '[data-modal]';

// Where focus goes back to once no dialog is open. Shared by every modal because one dialog can
// open another (login ⇄ sign-up): the second must return focus to whatever opened the first.
let returnTarget: HTMLElement | null = null;

// A field marked data-autofocus, else the dialog itself: landing on the ✕ or on the first of many
// buttons would put a focus ring somewhere arbitrary, while the dialog announces its title.
// The panel is fixed in the viewport, so focusing it never needs to scroll the page.
function focusInitial(panel: HTMLElement) {
  const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
  (preferred ?? panel).focus({ preventScroll: true });
}

/** Moves focus into the panel on open, keeps it there, closes on Escape and restores it on close. */
export function useModalFocus(panelRef: RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
  // Read through a ref so a new onClose each render does not re-run the effect and steal focus.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;

    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest(MODAL_SELECTOR)) {
      returnTarget = active;
    }
    // The page stops scrolling a frame after the dialog is shown: hiding the scroll bar lays out
    // and rasters the whole page again, which the dialog's first frame would otherwise wait for
    // (decision 106). Focus moves now, so the dialog has it before anyone can act.
    const unlockPageScroll = lockPageScroll();
    focusInitial(panel);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus can still escape by other means (a click on browser chrome, assistive tech); pull it back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) focusInitial(panel);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      unlockPageScroll();
      const now = document.activeElement;
      // Leave focus alone if another dialog has already taken it.
      const focusIsOurs = !now || now === document.body || panel.contains(now);
      if (focusIsOurs && returnTarget?.isConnected) returnTarget.focus();
    };
  }, [panelRef, open]);
}
