import { z } from 'zod';
import { HOLDOUT_PERCENT_MAX } from '@peakwise/domain/event-holdout';

/**
 * An event's random hold-out (decision 100): the share an operator sets when scheduling, and the
 * program's impact measured against it once the event is settled.
 */

export const HOLDOUT_MESSAGES = {
  percentOutOfRange: `The hold-out must be a whole percentage from 0% to ${HOLDOUT_PERCENT_MAX}%.`,
  heldOut: 'Your home is not needed for this event.',
  impactNotReady: 'The impact is measured once the event is settled.',
} as const;

export const holdoutPercentSchema = z
  .number({ error: HOLDOUT_MESSAGES.percentOutOfRange })
  .int({ error: HOLDOUT_MESSAGES.percentOutOfRange })
  .min(0, { error: HOLDOUT_MESSAGES.percentOutOfRange })
  .max(HOLDOUT_PERCENT_MAX, { error: HOLDOUT_MESSAGES.percentOutOfRange });

const interval = z.object({ low: z.number(), high: z.number() });

/** GET /api/ops/events/{id}/impact. kWh throughout; intervals at 95 % (Welch). */
export const opsEventImpactSchema = z.object({
  eventId: z.string(),
  /** `measured`; `no_holdout` (nobody was held out); `too_few` (fewer than two households with complete readings on a side). */
  status: z.enum(['measured', 'no_holdout', 'too_few']),
  holdoutPercent: z.number().int(),
  /** The draw's seed: replaying it over the drawable households gives the same hold-out. Null when the event was not drawn. */
  seed: z.string().nullable(),
  calledHouseholds: z.number().int(),
  heldOutHouseholds: z.number().int(),
  /** Households compared: drawable, with every 5-minute interval of the window in. */
  calledMeasured: z.number().int(),
  heldOutMeasured: z.number().int(),
  calledMeanKwh: z.number().nullable(),
  heldOutMeanKwh: z.number().nullable(),
  /** Called − held out, per household: negative when calling lowered use. */
  perHousehold: interval.extend({ differenceKwh: z.number(), degreesOfFreedom: z.number().nullable() }).nullable(),
  /** The saving measured, −(called − held out) × called households. */
  total: interval.extend({ savedKwh: z.number() }).nullable(),
  /** Σ (baseline − actual) over the settled households: what the baselines say was saved. */
  baseline: z.object({ households: z.number().int(), savedKwh: z.number() }),
  /** Baseline − measured saving: the baselines' bias on the real population. */
  baselineBiasKwh: z.number().nullable(),
  baselineBiasPercent: z.number().nullable(),
  confidence: z.number(),
});
export type OpsEventImpact = z.infer<typeof opsEventImpactSchema>;
