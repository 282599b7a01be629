import { useEffect, useState } from 'react';

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function nextFrame(callback: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, 16);
    return () => clearTimeout(timer);
  }
  const id = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(id);
}

/**
 * Keeps an element mounted while it animates out. Unmounting is driven by a timer, never by
 * transitionend: that event does not fire when motion is reduced or the element is hidden, and
 * the dialog would then stay in the page for ever.
 */
export function usePresence(open: boolean, durationMs: number) {
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (open) {
      setMounted(true);
      // Two frames: the first paints the hidden state so the transition has somewhere to start.
      let cancelInner = () => {};
      const cancelOuter = nextFrame(() => {
        cancelInner = nextFrame(() => setVisible(true));
      });
      return () => {
        cancelOuter();
        cancelInner();
      };
    }
    setVisible(false);
    const timer = setTimeout(() => setMounted(false), prefersReducedMotion() ? 0 : durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);

  return { mounted: open || mounted, visible: open && visible };
}
