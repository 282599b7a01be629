/**
 * Session renewal timing (docs/product/domain-rules.md#sessions): a tick every 30 seconds looks at when the session expires and
 * renews it when 3 ticks or fewer remain; a renewal that meets a gateway error (502/503/504) or a
 * network failure is retried after 200 ms, doubling each time. Pure: time and waiting are passed in.
 */
export const RENEW_TICK_MS = 30_000;
export const RENEW_THRESHOLD_TICKS = 3;
export const RETRY_START_MS = 200;
/** Retries after the first try: 200, 400, 800 and 1,600 ms, about 3 s in all. */
export const RETRY_MAX = 4;

/** True when the session ends within `thresholdTicks` ticks (90 s by default). */
export function shouldRenew(expiresAt: number | null, now: number, tickMs = RENEW_TICK_MS, thresholdTicks = RENEW_THRESHOLD_TICKS) {
  if (expiresAt === null) return false;
  return expiresAt - now <= tickMs * thresholdTicks;
}

export function isRetryableStatus(status: number) {
  return status === 502 || status === 503 || status === 504;
}

/** Wait before retry number `retry` (0-based): 200, 400, 800… ms. */
export function retryDelay(retry: number, startMs = RETRY_START_MS) {
  return startMs * 2 ** retry;
}

export type RenewAttempt<T> =
  | { kind: 'renewed'; value: T }
  | { kind: 'signed-out' }
  /** A gateway error or no network: worth another try. */
  | { kind: 'retryable' }
  /** Any other failure: the session is treated as gone. */
  | { kind: 'failed' };

/**
 * Runs `attempt` until it gives a final answer, retrying only retryable outcomes with exponential
 * backoff. After the last retry the outcome stays 'retryable', so the caller can try again on a later
 * tick while the session is still valid.
 */
export async function renewWithRetry<T>(
  attempt: () => Promise<RenewAttempt<T>>,
  sleep: (ms: number) => Promise<void>,
  maxRetries = RETRY_MAX,
): Promise<RenewAttempt<T>> {
  let outcome = await attempt();
  for (let retry = 0; outcome.kind === 'retryable' && retry < maxRetries; retry += 1) {
    await sleep(retryDelay(retry));
    outcome = await attempt();
  }
  return outcome;
}

type TickerOptions = {
  getExpiresAt: () => number | null;
  renew: () => Promise<void>;
  now?: () => number;
  tickMs?: number;
};

/**
 * Checks on every tick (and once at start) and renews when due. Never runs two renewals at once:
 * a slow, retrying renewal is not joined by the next tick's.
 */
export function startRenewalTicker({ getExpiresAt, renew, now = Date.now, tickMs = RENEW_TICK_MS }: TickerOptions) {
  let running = false;
  const check = () => {
    if (running || !shouldRenew(getExpiresAt(), now(), tickMs)) return;
    running = true;
    void renew().finally(() => {
      running = false;
    });
  };
  check();
  const timer = setInterval(check, tickMs);
  return () => clearInterval(timer);
}
