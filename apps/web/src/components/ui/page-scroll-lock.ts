/**
 * Stops the page scrolling behind dialogs. Hiding a desktop's scroll bar makes the page wider, so
 * the frame that hides it lays out, paints and rasters the whole page again; done in the frame
 * that shows a dialog, the visitor waited for that before seeing it (decision 106). The page
 * stops a frame later, when nobody can have scrolled yet.
 *
 * Shared by every dialog, because one can open another (login ⇄ sign-up): the page stays still
 * while any holds it, and is let go only once none does, so a switch never lets the scroll bar
 * come back for a frame.
 */
let holders = 0;
let stopped = false;
let overflowBefore = '';
let cancelPendingStop: (() => void) | undefined;

function stop() {
  cancelPendingStop = undefined;
  overflowBefore = document.body.style.overflow;
  document.body.style.overflow = 'hidden';
  stopped = true;
}

// A timer set in a frame's callback runs once that frame has been produced.
function afterNextFrame(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Holds the page still (from the next frame) until the returned function is called. */
export function lockPageScroll(): () => void {
  holders += 1;
  if (!stopped && !cancelPendingStop) cancelPendingStop = afterNextFrame(stop);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    // Let go after the effects of the same change have run: the dialog opened from this one
    // takes hold there.
    queueMicrotask(() => {
      if (holders > 0) return;
      cancelPendingStop?.();
      cancelPendingStop = undefined;
      if (stopped) document.body.style.overflow = overflowBefore;
      stopped = false;
    });
  };
}
