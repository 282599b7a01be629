/**
 * An in-process cache of reads by key, for values that stop changing once read (a running
 * event's terms, a home's baseline): each key's read is kept, as a promise, for `ttlMs`.
 *
 * - Callers that miss while a read of their key is under way wait for that read rather than
 *   each sending its own (a screen polls while the live stream pushes).
 * - A read that fails is dropped as soon as it fails, so the next caller reads again instead of
 *   being handed the same failure until the entry expires.
 * - Past `maxEntries`, the oldest entries go first (and expired ones at the front are dropped on
 *   the way), rather than the whole map at once: a full cache does not turn every hot key into a
 *   miss in the same instant.
 */
export type ExpiringCache<V> = {
  /** The kept or pending value of `key`, else what `read` gives (then kept for the others). */
  get(key: string, read: () => Promise<V>, options?: CacheGetOptions<V>): Promise<V>;
  /** Entries held, pending ones included (expired ones may linger until they are pushed out). */
  readonly size: number;
};

export type CacheGetOptions<V> = {
  /** The caller's instant in ms, when its clock is not the cache's (a test clock run ahead). */
  now?: number;
  /**
   * Whether a value may be kept once read (default: always). A caller that joined a read under
   * way whose value it refuses reads again: that value may predate a change the caller made.
   */
  keep?: (value: V) => boolean;
};

type Entry<V> = { at: number; value: Promise<V>; settled: boolean };

const always = () => true;

export function expiringCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): ExpiringCache<V> {
  const { ttlMs, maxEntries } = options;
  const clock = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();

  const fresh = (entry: Entry<V>, now: number) => now - entry.at < ttlMs;

  function makeRoom(now: number) {
    // Insertion order is age order: stop at the first entry still fresh.
    for (const [key, entry] of entries) {
      if (fresh(entry, now) && entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  function start(key: string, read: () => Promise<V>, keep: (value: V) => boolean, now: number): Promise<V> {
    // A key read again goes to the back of the order, as a new entry.
    entries.delete(key);
    makeRoom(now);
    let value: Promise<V>;
    try {
      value = read();
    } catch (error) {
      value = Promise.reject(error);
    }
    const entry: Entry<V> = { at: now, value, settled: false };
    entries.set(key, entry);
    const drop = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then(
      (v) => {
        entry.settled = true;
        if (!keep(v)) drop();
      },
      drop,
    );
    return value;
  }

  function lookup(key: string, read: () => Promise<V>, keep: (value: V) => boolean, now: number, mayRejoin: boolean): Promise<V> {
    const hit = entries.get(key);
    if (hit && fresh(hit, now)) {
      if (hit.settled || keep === always) return hit.value;
      // Once, so a caller cannot keep chasing other callers' refused reads.
      return hit.value.then((v) => (keep(v) || !mayRejoin ? v : lookup(key, read, keep, now, false)));
    }
    return start(key, read, keep, now);
  }

  return {
    get: (key, read, opts = {}) => lookup(key, read, opts.keep ?? always, opts.now ?? clock(), true),
    get size() {
      return entries.size;
    },
  };
}
