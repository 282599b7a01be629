import { z } from 'zod';

/**
 * Plumbing screen: GET /api/plumbing?range=daily|weekly|monthly. Every number comes from the
 * household's stored water-meter and water-heater readings; `null` is missing data, never 0.
 */

export const PLUMBING_RANGES = ['daily', 'weekly', 'monthly'] as const;
export const plumbingRangeSchema = z.enum(PLUMBING_RANGES, { error: 'range must be one of daily, weekly or monthly' });
export type PlumbingRange = z.infer<typeof plumbingRangeSchema>;
export const plumbingQuerySchema = z.object({ range: plumbingRangeSchema.default('daily') });

/** Points per range: 24 hours, 7 days, 30 days (docs/product/routes-and-screens.md#plumbing). */
export const PLUMBING_RANGE_POINTS: Readonly<Record<PlumbingRange, number>> = { daily: 24, weekly: 7, monthly: 30 };

const percent = z.number().nullable();
const efficiencyKind = z.enum(['heating', 'distribution', 'electrical']);

export const plumbingSummarySchema = z.discriminatedUnion('state', [
  /** The household has no water meter: nothing to show (the web shows an empty state). */
  z.object({ state: z.literal('no-meter'), range: plumbingRangeSchema }),
  z.object({
    state: z.literal('ready'),
    range: plumbingRangeSchema,
    timeZone: z.string(),
    occupants: z.number().int(),
    usage: z.object({
      /** Litres since local midnight. */
      todayLitres: z.number().nullable(),
      /** Household norm: mean daily litres over the 30 local days before today (days with data only). */
      normLitres: z.number().nullable(),
      /**
       * Today against the same whole hours since local midnight on those complete days (today so
       * far vs a full day would read "−99 %" every morning). Null before the first whole hour.
       */
      todayVsNormPct: percent,
      /** End of the whole hours compared (exclusive), or null. */
      comparedUntil: z.string().nullable(),
      /** 223 L × occupants. */
      benchmarkLitres: z.number(),
      /** The norm against the Canadian benchmark (whole days compare with whole days). */
      normVsBenchmarkPct: percent,
    }),
    current: z.object({
      /** Start of the newest water-meter interval, or null when it never reported. */
      at: z.string().nullable(),
      flowLpm: z.number().nullable(),
      pressurePsi: z.number().nullable(),
      pressureKpa: z.number().nullable(),
      hotWaterTempC: z.number().nullable(),
    }),
    trend: z.object({
      bucket: z.enum(['hour', 'day']),
      /** Oldest first; `litres` null where the meter sent nothing for the bucket. */
      points: z.array(z.object({ start: z.string(), litres: z.number().nullable(), hotLitres: z.number().nullable() })),
    }),
    efficiency: z.object({
      /** Readings from this instant to now (7 days) feed the bars. */
      from: z.string(),
      bars: z.array(z.object({ kind: efficiencyKind, percent, target: z.number(), colour: z.enum(['green', 'amber', 'red']).nullable() })),
    }),
    indicators: z.object({
      leak: z.object({ status: z.enum(['leak', 'ok', 'unknown']), night: z.string().nullable(), minLitres: z.number().nullable() }),
      pressure: z.object({ status: z.enum(['low', 'normal', 'high', 'unknown']), psi: z.number().nullable() }),
      heater: z.object({ status: z.enum(['ready', 'recovering', 'unknown', 'none']), tankTempC: z.number().nullable() }),
    }),
  }),
]);
export type PlumbingSummary = z.infer<typeof plumbingSummarySchema>;
export type PlumbingReady = Extract<PlumbingSummary, { state: 'ready' }>;
