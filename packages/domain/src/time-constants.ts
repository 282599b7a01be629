/** Milliseconds in common spans of time, and the 5-minute reading interval every series is stored on. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Every reading series is stored on 5-minute boundaries. */
export const INTERVAL_MINUTES = 5;
export const INTERVAL_MS = INTERVAL_MINUTES * MINUTE_MS;
export const INTERVAL_HOURS = INTERVAL_MINUTES / 60;
