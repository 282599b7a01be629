import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { startScheduler } from './scheduler';

const logger = createLogger({ level: 'silent' });

describe('scheduler', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a job after its first delay, then on its interval, never overlapping itself', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => {};
    const run = () =>
      new Promise<void>((resolve) => {
        runs += 1;
        release = resolve;
      });
    const scheduler = startScheduler([{ name: 'slow', everyMs: 1_000, firstRunMs: 500, run }], logger);
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running through two more ticks: no second run.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    release();
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
  });

  it('keeps running after a failed run, and runNow shares a run in progress', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const scheduler = startScheduler(
      [
        {
          name: 'flaky',
          everyMs: 1_000,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('first run fails');
          },
        },
      ],
      logger,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    const a = scheduler.runNow('flaky');
    const b = scheduler.runNow('flaky');
    await Promise.all([a, b]);
    expect(runs).toBe(3);
    await expect(scheduler.runNow('missing')).rejects.toThrow('No job named missing');
    await scheduler.stop();
  });
});
