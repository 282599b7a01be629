type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so that the work awaiting it starts a task of its own: the browser
 * can paint, handle a press and count the work before it as one short task instead of a part of
 * one long one (decision 118). `scheduler.yield()` where the browser has it (its continuation is
 * run ahead of other tasks of the same priority, so the start does not fall behind a busy page);
 * elsewhere a message posted to a channel, which runs as a task without setTimeout's clamping.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
