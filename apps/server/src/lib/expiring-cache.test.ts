import { describe, expect, it } from 'vitest';
import { expiringCache } from './expiring-cache';

/** A read whose promise the test settles by hand, counting how often it was started. */
function manualRead<V>() {
  const pending: { resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const read = () => new Promise<V>((resolve, reject) => pending.push({ resolve, reject }));
  return {
    read,
    pending,
    get calls() {
      return pending.length;
    },
  };
}

function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('expiringCache', () => {
  it('keeps a value for its TTL and reads again once it has expired', async () => {
    const clock = fakeClock();
    const cache = expiringCache<number>({ ttlMs: 1_000, maxEntries: 10, now: clock.now });
    let calls = 0;
    const read = async () => ++calls;
    expect(await cache.get('a', read)).toBe(1);
    clock.advance(999);
    expect(await cache.get('a', read)).toBe(1);
    clock.advance(1);
    expect(await cache.get('a', read)).toBe(2);
    expect(calls).toBe(2);
  });

  it('gives concurrent misses of one key the same read', async () => {
    const cache = expiringCache<string>({ ttlMs: 1_000, maxEntries: 10, now: fakeClock().now });
    const r = manualRead<string>();
    const first = cache.get('k', r.read);
    const second = cache.get('k', r.read);
    const other = cache.get('other', r.read);
    expect(r.calls).toBe(2);
    r.pending[0]!.resolve('shared');
    r.pending[1]!.resolve('own');
    expect(await first).toBe('shared');
    expect(await second).toBe('shared');
    expect(await other).toBe('own');
  });

  it('drops a failed read at once: its waiters share the failure, the next caller reads again', async () => {
    const cache = expiringCache<string>({ ttlMs: 60_000, maxEntries: 10, now: fakeClock().now });
    const r = manualRead<string>();
    const first = cache.get('k', r.read);
    const joined = cache.get('k', r.read);
    r.pending[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(joined).rejects.toThrow('connection lost');
    expect(cache.size).toBe(0);
    const retry = cache.get('k', r.read);
    expect(r.calls).toBe(2);
    r.pending[1]!.resolve('ok');
    expect(await retry).toBe('ok');
  });

  it('turns a read that throws before returning a promise into a rejection, and keeps nothing', async () => {
    const cache = expiringCache<string>({ ttlMs: 60_000, maxEntries: 10, now: fakeClock().now });
    await expect(
      cache.get('k', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    await settle();
    expect(cache.size).toBe(0);
  });

  it('past its cap evicts the oldest entry, not every entry', async () => {
    const clock = fakeClock();
    const cache = expiringCache<string>({ ttlMs: 60_000, maxEntries: 3, now: clock.now });
    const reads: string[] = [];
    const read = (v: string) => async () => (reads.push(v), v);
    for (const key of ['a', 'b', 'c']) {
      await cache.get(key, read(key));
      clock.advance(10);
    }
    await cache.get('d', read('d'));
    expect(cache.size).toBe(3);
    // b, c and d are still kept; a was the oldest and went.
    for (const key of ['b', 'c', 'd']) expect(await cache.get(key, read(`${key} again`))).toBe(key);
    expect(await cache.get('a', read('a again'))).toBe('a again');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'a again']);
  });

  it('clears expired entries at the front when it reads a new key', async () => {
    const clock = fakeClock();
    const cache = expiringCache<number>({ ttlMs: 100, maxEntries: 10, now: clock.now });
    await cache.get('old1', async () => 1);
    await cache.get('old2', async () => 2);
    clock.advance(100);
    await cache.get('new', async () => 3);
    expect(cache.size).toBe(1);
  });

  it('keeps only what `keep` accepts; a waiter that refuses the shared value reads again once', async () => {
    const cache = expiringCache<number>({ ttlMs: 60_000, maxEntries: 10, now: fakeClock().now });
    const r = manualRead<number>();
    const even = (v: number) => v % 2 === 0;
    const first = cache.get('k', r.read, { keep: even });
    const waiter = cache.get('k', r.read, { keep: even });
    r.pending[0]!.resolve(1);
    expect(await first).toBe(1);
    await settle();
    // The waiter refused 1 and started its own read.
    expect(r.calls).toBe(2);
    r.pending[1]!.resolve(3);
    // Its second read is after it arrived, so it takes the answer even though it is not kept.
    expect(await waiter).toBe(3);
    expect(cache.size).toBe(0);
    const kept = cache.get('k', r.read, { keep: even });
    r.pending[2]!.resolve(4);
    expect(await kept).toBe(4);
    expect(await cache.get('k', r.read, { keep: even })).toBe(4);
    expect(r.calls).toBe(3);
  });

  it("measures age on the caller's clock when it passes one", async () => {
    const cache = expiringCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    let calls = 0;
    const read = async () => ++calls;
    expect(await cache.get('k', read, { now: 5_000 })).toBe(1);
    expect(await cache.get('k', read, { now: 5_999 })).toBe(1);
    expect(await cache.get('k', read, { now: 6_000 })).toBe(2);
  });
});
