function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Whether the element's top and as much of it as the window can hold are on screen. */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  return box.top >= 0 && box.top < height && (box.bottom <= height || box.top === 0);
}

/**
 * Brings a panel that just changed into view when it is off screen: smoothly, or at once for a
 * reader who asks for less motion. The nearest scrolling box moves (the portal scrolls its main
 * column, not the window).
 */
export function revealIfHidden(element: Element): void {
  if (inView(element)) return;
  element.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
