import { z } from 'zod';

/**
 * The test clock (decision 050): how far ahead of real time the server's clock runs. Only a
 * server started with the test-clock setting outside production has these routes.
 */

/** Far enough for a week of re-settlements and a year of statements; short of anything absurd. */
export const MAX_CLOCK_OFFSET_MS = 366 * 24 * 3_600_000;

export const TEST_CLOCK_MESSAGES = {
  offset: `The offset must be a whole number of milliseconds from 0 to ${MAX_CLOCK_OFFSET_MS}.`,
} as const;

export const testClockSchema = z.object({
  /** The server's "now", as an ISO instant. */
  now: z.string(),
  offsetMs: z.number().int(),
});
export type TestClock = z.infer<typeof testClockSchema>;

export const setTestClockSchema = z.object({
  offsetMs: z
    .number({ error: TEST_CLOCK_MESSAGES.offset })
    .int({ error: TEST_CLOCK_MESSAGES.offset })
    .min(0, { error: TEST_CLOCK_MESSAGES.offset })
    .max(MAX_CLOCK_OFFSET_MS, { error: TEST_CLOCK_MESSAGES.offset }),
});
export type SetTestClock = z.infer<typeof setTestClockSchema>;
