/**
 * Runs `task` in the browser's next idle period, or after `timeoutMs` at the latest; returns a
 * function that cancels it. Without requestIdleCallback (Safari), in a task of its own.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
