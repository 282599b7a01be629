import { describe, expect, it } from 'vitest';
import { createMicroBatcher } from './micro-batcher';

/** A flush that waits until the test lets it finish. */
function gate() {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  return {
    batches,
    flush: (items: number[]) =>
      new Promise<void>((resolve) => {
        batches.push(items);
        open.push(resolve);
      }),
    finishOne: () => open.shift()!(),
  };
}
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('micro-batcher', () => {
  it('flushes a full batch at once and a partial one after the linger time', async () => {
    const g = gate();
    const batcher = createMicroBatcher<number>({ maxBatch: 3, maxInFlight: 10, lingerMs: 20, flush: g.flush });
    for (const i of [1, 2, 3, 4]) batcher.add(i, () => {});
    expect(g.batches).toEqual([[1, 2, 3]]);
    g.finishOne();
    await tick();
    // The 4th waited during the first flush: written as soon as that flush ended.
    expect(g.batches).toEqual([[1, 2, 3], [4]]);
    g.finishOne();
    await tick();
    batcher.add(5, () => {});
    await tick(5);
    expect(g.batches).toHaveLength(2);
    await tick(30);
    expect(g.batches).toEqual([[1, 2, 3], [4], [5]]);
    g.finishOne();
    await batcher.drain();
  });

  it('writes one batch at a time; what arrives meanwhile forms the next one', async () => {
    const g = gate();
    const batcher = createMicroBatcher<number>({ maxBatch: 100, maxInFlight: 100, lingerMs: 0, flush: g.flush });
    batcher.add(1, () => {});
    await tick();
    for (const i of [2, 3, 4]) batcher.add(i, () => {});
    await tick(5);
    expect(g.batches).toEqual([[1]]);
    g.finishOne();
    await tick();
    expect(g.batches).toEqual([[1], [2, 3, 4]]);
    g.finishOne();
    await batcher.drain();
  });

  it('holds the next-item callback past maxInFlight until a flush frees room', async () => {
    const g = gate();
    const batcher = createMicroBatcher<number>({ maxBatch: 2, maxInFlight: 4, lingerMs: 0, flush: g.flush });
    const released: number[] = [];
    for (const i of [1, 2, 3, 4, 5]) batcher.add(i, () => released.push(i));
    expect(released).toEqual([1, 2, 3]);
    expect(batcher.size()).toBe(5);
    g.finishOne();
    await tick();
    expect(released).toEqual([1, 2, 3, 4, 5]);
    g.finishOne();
    await tick();
    g.finishOne();
    await batcher.drain();
    expect(g.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('takes one item at a time while the caller asks for isolation', async () => {
    const g = gate();
    let isolate = true;
    const batcher = createMicroBatcher<number>({ maxBatch: 10, maxInFlight: 10, lingerMs: 0, flush: g.flush, nextBatchSize: () => (isolate ? 1 : 10) });
    for (const i of [1, 2, 3]) batcher.add(i, () => {});
    await tick();
    g.finishOne();
    isolate = false;
    await tick();
    g.finishOne();
    await batcher.drain();
    expect(g.batches).toEqual([[1], [2, 3]]);
  });

  it('hands back held callbacks when the connection they belong to is gone', () => {
    const batcher = createMicroBatcher<number>({ maxBatch: 1, maxInFlight: 1, lingerMs: 0, flush: () => new Promise(() => {}) });
    const released: number[] = [];
    batcher.add(1, () => released.push(1));
    batcher.add(2, () => released.push(2));
    expect(released).toEqual([]);
    batcher.releaseAll();
    expect(released).toEqual([1, 2]);
  });
});
