import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isRetryableStatus,
  renewWithRetry,
  retryDelay,
  shouldRenew,
  startRenewalTicker,
  type RenewAttempt,
} from './session-renewal';

describe('shouldRenew (30 s ticks, renew with 3 ticks or fewer left)', () => {
  const now = 1_000_000;
  it('renews at 90 s left and below, not at 91 s', () => {
    expect(shouldRenew(now + 90_000, now)).toBe(true);
    expect(shouldRenew(now + 30_000, now)).toBe(true);
    expect(shouldRenew(now - 1, now)).toBe(true);
    expect(shouldRenew(now + 90_001, now)).toBe(false);
    expect(shouldRenew(now + 7 * 24 * 3600_000, now)).toBe(false);
  });
  it('never renews a session without an expiry', () => {
    expect(shouldRenew(null, now)).toBe(false);
  });
});

describe('retry policy', () => {
  it('retries only gateway errors', () => {
    expect([502, 503, 504].map(isRetryableStatus)).toEqual([true, true, true]);
    expect([400, 401, 429, 500, 501].some(isRetryableStatus)).toBe(false);
  });
  it('waits 200 ms, then doubles', () => {
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry))).toEqual([200, 400, 800, 1600]);
  });

  it('retries a retryable outcome with backoff until it is renewed', async () => {
    const outcomes: RenewAttempt<string>[] = [{ kind: 'retryable' }, { kind: 'retryable' }, { kind: 'renewed', value: 'ok' }];
    const attempt = vi.fn(async () => outcomes.shift()!);
    const sleep = vi.fn(async () => {});
    await expect(renewWithRetry(attempt, sleep)).resolves.toEqual({ kind: 'renewed', value: 'ok' });
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[200], [400]]);
  });

  it('does not retry a sign-out or another failure', async () => {
    for (const final of [{ kind: 'signed-out' }, { kind: 'failed' }] as const) {
      const attempt = vi.fn(async (): Promise<RenewAttempt<string>> => final);
      const sleep = vi.fn(async () => {});
      await expect(renewWithRetry(attempt, sleep)).resolves.toEqual(final);
      expect(attempt).toHaveBeenCalledTimes(1);
      expect(sleep).not.toHaveBeenCalled();
    }
  });

  it('gives up after the last retry and says it is still retryable', async () => {
    const attempt = vi.fn(async (): Promise<RenewAttempt<string>> => ({ kind: 'retryable' }));
    const sleep = vi.fn(async () => {});
    await expect(renewWithRetry(attempt, sleep, 3)).resolves.toEqual({ kind: 'retryable' });
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls).toEqual([[200], [400], [800]]);
  });
});

describe('startRenewalTicker (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('checks every 30 s and renews once 90 s or less remain', async () => {
    let expiresAt = 200_000;
    const renew = vi.fn(async () => {
      expiresAt = Date.now() + 7 * 24 * 3600_000;
    });
    const stop = startRenewalTicker({ getExpiresAt: () => expiresAt, renew });
    expect(renew).not.toHaveBeenCalled(); // 200 s left
    await vi.advanceTimersByTimeAsync(90_000); // ticks at 30, 60, 90 s: 110 s left
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000); // 120 s: 80 s left
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(renew).toHaveBeenCalledTimes(1); // renewed far into the future
    stop();
  });

  it('checks at once on start, so a session about to end is renewed without waiting a tick', () => {
    const renew = vi.fn(async () => {});
    const stop = startRenewalTicker({ getExpiresAt: () => 60_000, renew });
    expect(renew).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never overlaps two renewals, and stops ticking when stopped', async () => {
    let finish = () => {};
    const renew = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startRenewalTicker({ getExpiresAt: () => 10_000, renew });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(renew).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renew).toHaveBeenCalledTimes(2);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(renew).toHaveBeenCalledTimes(2);
  });
});
