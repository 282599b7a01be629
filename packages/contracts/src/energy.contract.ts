import { z } from 'zod';

/**
 * Energy screens (Solar System, Usage History, Dashboard). Every number is computed on the
 * server from stored readings and rollups. `null` means missing data or an undefined ratio
 * (zero denominator) — the web shows "—", never 0, Infinity or NaN.
 */

const kwh = z.number().nullable();
const percent = z.number().nullable();
const cents = z.number().nullable();

export const deviceStatusSchema = z.string(); // operational | warning | critical | offline | anything else (neutral style)

export const energyTotalsSchema = z.object({
  productionKwh: kwh,
  consumptionKwh: kwh,
  gridImportKwh: kwh,
  gridExportKwh: kwh,
  /** export − import ("net export"). */
  netExportKwh: kwh,
});
export type EnergyTotals = z.infer<typeof energyTotalsSchema>;

/** Data coverage: how many 5-minute intervals were received out of how many the range holds. */
export const coverageSchema = z.object({ intervals: z.number().int(), expected: z.number().int() });

// ---------- Solar System Monitor: GET /api/solar/summary?period=today|week ----------
export const SOLAR_PERIODS = ['today', 'week'] as const;
export const solarPeriodSchema = z.enum(SOLAR_PERIODS);
export type SolarPeriod = z.infer<typeof solarPeriodSchema>;
export const solarQuerySchema = z.object({ period: solarPeriodSchema.default('today') });

export const solarBucketSchema = z.object({
  /** Bucket start (UTC ISO); label it in `timeZone`: hour for today, weekday for week. */
  start: z.string(),
  productionKwh: kwh,
  consumptionKwh: kwh,
  coverage: coverageSchema,
});

export const solarSummarySchema = z.object({
  period: solarPeriodSchema,
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Buckets are hours for today (local hours, 23–25 of them on DST days) and local days for the week (7). */
  bucket: z.enum(['hour', 'day']),
  /**
   * Whether the home has solar at all: a live solar panel device, or its meter has ever reported
   * production. Without it, production, export, net export and every ratio are null and the
   * screen says what it would take (decision 087).
   */
  hasSolar: z.boolean(),
  /**
   * Whether anything measures the home's production (a live panel, or a meter that reported
   * some). False for a solar home whose panels show only as export (a Green Button file):
   * production, its change and the ratios built on whole use are then null, not 0.
   */
  productionMeasured: z.boolean(),
  totals: energyTotalsSchema,
  previousTotals: energyTotalsSchema,
  /** Percent change against the previous equal period; null when the base is zero or missing. */
  productionChangePct: percent,
  consumptionChangePct: percent,
  /** System health = average panel efficiency. */
  systemHealthPct: percent,
  panelEfficiencyPct: percent,
  systemEfficiencyPct: percent,
  gridIndependencePct: percent,
  series: z.array(solarBucketSchema),
  panels: z.array(z.object({ id: z.string(), name: z.string(), status: deviceStatusSchema, efficiencyPct: percent })),
  /** Expected intervals start at the household's first meter reading: the hours before it are not missing. */
  coverage: coverageSchema,
});
export type SolarSummary = z.infer<typeof solarSummarySchema>;

// ---------- Usage History ----------
export const USAGE_RANGES = [7, 30, 365] as const;
export const usageRangeSchema = z.coerce.number().pipe(z.union([z.literal(7), z.literal(30), z.literal(365)]));
export type UsageRange = (typeof USAGE_RANGES)[number];
export const usageQuerySchema = z.object({ range: usageRangeSchema.default(30) });

/** GET /api/usage/summary — the cards. */
export const usageSummarySchema = z.object({
  timeZone: z.string(),
  month: z.object({ start: z.string(), kwh, costCents: cents, days: z.number().int() }),
  /** Mean of this month's complete days (1st … yesterday) that have readings; null on the 1st. */
  dailyAverageKwh: kwh,
  /** This month's complete days against the same days of last month. */
  changeVsLastMonthPct: percent,
  /** What the change is measured against: last month's days 1 … (today − 1); null on the 1st. */
  sameDaysLastMonthKwh: kwh,
  tariffPlanId: z.string(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

export const usageDaySchema = z.object({
  /** Local date YYYY-MM-DD in the household's zone. */
  date: z.string(),
  kwh,
  costCents: cents,
  coverage: coverageSchema,
});

export const USAGE_CATEGORIES = ['solar_panel', 'smart_plug', 'lighting', 'temperature', 'camera', 'power', 'water_meter', 'water_heater', 'untracked'] as const;
export const usageCategorySchema = z.enum(USAGE_CATEGORIES);

/** GET /api/usage/history?range=7|30|365 — the chart and the breakdown. CSV: GET /api/usage/export.csv?range=… */
export const usageHistorySchema = z.object({
  range: z.number().int(),
  timeZone: z.string(),
  days: z.array(usageDaySchema),
  totalKwh: kwh,
  totalCostCents: cents,
  /** Device kinds plus an "untracked" remainder, so the parts sum to the whole. */
  breakdown: z.array(z.object({ category: usageCategorySchema, kwh: z.number() })),
});
export type UsageHistory = z.infer<typeof usageHistorySchema>;

// ---------- Dashboard ----------
export const DASHBOARD_PERIODS = ['24h', '7d', '30d'] as const;
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

/** GET /api/dashboard — cards and active devices. */
export const dashboardSchema = z.object({
  memberName: z.string(),
  /** Whether this request comes from the member's first session: "Welcome", not "Welcome back". */
  firstVisit: z.boolean(),
  timeZone: z.string(),
  /** Latest instantaneous household power; null when no sample in the last 15 minutes. */
  currentPowerKw: z.number().nullable(),
  currentPowerAt: z.string().nullable(),
  /** Consumed today: local midnight to the start of the interval in progress, as Solar's today (decision 087). */
  todayKwh: kwh,
  /** The part of today's consumption bought from the grid: what Today's Cost prices. */
  todayGridImportKwh: kwh,
  todayCostCents: cents,
  tariffPlanId: z.string(),
  activeDeviceCount: z.number().int(),
  activeDevices: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.string(), room: z.string().nullable(), powerKw: z.number().nullable(), status: deviceStatusSchema }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/dashboard/usage?period=24h|7d|30d — 24 hourly points or 7/30 daily points. */
export const dashboardUsageQuerySchema = z.object({ period: dashboardPeriodSchema.default('24h') });
export const dashboardUsageSchema = z.object({
  period: dashboardPeriodSchema,
  timeZone: z.string(),
  bucket: z.enum(['hour', 'day']),
  points: z.array(z.object({ start: z.string(), kwh, coverage: coverageSchema })),
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

// ---------- Live channel: GET /api/live (Server-Sent Events) ----------
/** Reconnect delays after a dropped stream (docs/product/domain-rules.md#live-updates). */
export const LIVE_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const LIVE_HEARTBEAT_MS = 30_000;
export const livePowerEventSchema = z.object({ householdId: z.string(), ts: z.string(), powerW: z.number() });
export const liveReadingsEventSchema = z.object({ householdId: z.string(), latestTs: z.string(), kinds: z.array(z.string()) });
/** `event: device`: a device's first message since it was paired, with its power then (null: it reported only its relay). */
export const liveDeviceEventSchema = z.object({ householdId: z.string(), deviceId: z.string(), ts: z.string(), powerW: z.number().nullable() });
