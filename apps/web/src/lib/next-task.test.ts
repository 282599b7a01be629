import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves in a later task: after the microtasks queued behind it, not among them', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    // A chain of microtasks queued after the call: all of them run before a task can.
    void Promise.resolve()
      .then(() => order.push('microtask 1'))
      .then(() => order.push('microtask 2'))
      .then(() => order.push('microtask 3'));
    await done;
    expect(order).toEqual(['microtask 1', 'microtask 2', 'microtask 3', 'next task']);
  });

  it('uses the browser’s scheduler.yield() where there is one', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
