/**
 * Collects items into batches that are flushed one at a time: when `maxBatch` items wait, when
 * `lingerMs` has passed since the first of them, or as soon as the previous flush ends (items
 * arriving during a flush form the next batch, so batches grow with the load and a lone item
 * waits only `lingerMs`).
 *
 * Flow control: at most `maxInFlight` items may be waiting or flushing. `add` takes a `release`
 * callback and calls it once the caller may hand over the next item; past the limit it is held
 * until a flush frees room. The MQTT worker passes mqtt.js's "next packet" callback, so a slow
 * database pauses reading from the socket (TCP backpressure) instead of growing memory.
 */
export type MicroBatcherOptions<T> = {
  maxBatch: number;
  maxInFlight: number;
  lingerMs: number;
  /** Never rejects: the caller decides what a failure means for the batch's items. */
  flush(items: T[]): Promise<void>;
  /** Optional cap for the next batch (e.g. 1 while isolating a failure); defaults to maxBatch. */
  nextBatchSize?(): number;
};

export type MicroBatcher<T> = {
  add(item: T, release: () => void): void;
  /** Items waiting or flushing. */
  size(): number;
  /** Hands back every held release callback (the connection they belong to is gone). */
  releaseAll(): void;
  /** Resolves once everything added so far has been flushed. */
  drain(): Promise<void>;
};

export function createMicroBatcher<T>(options: MicroBatcherOptions<T>): MicroBatcher<T> {
  if (options.maxInFlight < options.maxBatch) throw new Error('maxInFlight must be at least maxBatch');
  let pending: T[] = [];
  let flushing = 0;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const held: (() => void)[] = [];
  const idle: (() => void)[] = [];

  const room = () => pending.length + flushing < options.maxInFlight;
  const batchSize = () => Math.max(1, Math.min(options.maxBatch, options.nextBatchSize?.() ?? options.maxBatch));

  function schedule() {
    if (running || pending.length === 0) return;
    if (pending.length >= batchSize()) return run();
    timer ??= setTimeout(run, options.lingerMs);
  }

  function run() {
    clearTimeout(timer);
    timer = undefined;
    const items = pending.slice(0, batchSize());
    pending = pending.slice(items.length);
    flushing = items.length;
    running = options.flush(items).finally(() => {
      flushing = 0;
      running = null;
      while (held.length > 0 && room()) held.shift()!();
      // Whatever arrived meanwhile has already waited a whole flush: write it now.
      if (pending.length > 0) run();
      else for (const resolve of idle.splice(0)) resolve();
    });
  }

  return {
    add(item, release) {
      pending.push(item);
      if (room()) release();
      else held.push(release);
      schedule();
    },
    size: () => pending.length + flushing,
    releaseAll() {
      for (const release of held.splice(0)) release();
    },
    drain: () => (pending.length === 0 && !running ? Promise.resolve() : new Promise((resolve) => idle.push(resolve))),
  };
}
