/** 30 days of 5-minute intervals: the window device uptime is measured over. */
export const UPTIME_WINDOW_DAYS = 30;
export const INTERVALS_PER_DAY = 288;

/**
 * Uptime in percent: intervals with a reading ÷ intervals in the window, capped at 100 (a
 * back-filled duplicate cannot count twice, but a window cut mid-interval could round up).
 * Null when the window has no intervals (nothing to measure), never NaN.
 */
export function uptimePercent(intervalsWithReading: number, intervalsInWindow: number): number | null {
  if (!(intervalsInWindow > 0) || !Number.isFinite(intervalsWithReading)) return null;
  const ratio = Math.max(0, intervalsWithReading) / intervalsInWindow;
  return Math.min(1, ratio) * 100;
}

/**
 * Household uptime: the devices' intervals pooled, so each device weighs by the intervals it was
 * expected to report (a device added last week is measured only since it was added).
 */
export function pooledUptimePercent(devices: { intervalsWithReading: number; intervalsInWindow: number }[]): number | null {
  let seen = 0;
  let expected = 0;
  for (const d of devices) {
    if (!(d.intervalsInWindow > 0)) continue;
    seen += Math.min(Math.max(0, d.intervalsWithReading), d.intervalsInWindow);
    expected += d.intervalsInWindow;
  }
  return uptimePercent(seen, expected);
}
