import { z } from 'zod';
import { deviceStatusSchema } from './energy.contract';
import { COMPONENT_KINDS, MAINTENANCE_TASKS, type ComponentKind, type MaintenanceTask } from '@peakwise/domain/maintenance-catalogue';
import {
  ALERT_CAUSES,
  ALERT_METRIC_KINDS,
  ALERT_PRIORITIES,
  ALERT_TYPES,
  type AlertCause,
  type AlertMetricKind,
  type AlertPriority,
  type AlertType,
} from '@peakwise/domain/maintenance-rules';

/**
 * Maintenance screen (GET /api/maintenance) and its actions. Components are the household's
 * maintainable equipment; their daily health scores, alerts and MTBF/MTTR are derived on the
 * server from stored readings (docs/decisions/021-maintenance.md). `null` is unknown, never 0.
 */

// ---------- Vocabulary (the domain's rules and catalogue own it) ----------

/**
 * Alert types: the spec's four plus water leaks found by the plumbing night-flow rule. What each
 * cause means and which metric it carries:
 * - health_decline (predictive): the component's health has trended down; metric degradation_pct over the trend window.
 * - maintenance_due (preventive): the next maintenance is near or past; metric days_until_due (negative when overdue).
 * - panel_soiling (cleaning): one panel produces less than its neighbours under the same sun; metric hours_to_clean.
 * - array_soiling (cleaning): the whole array produces less than the sun predicted (snow or dirt); metric hours_to_clean.
 * - cycling (quality): a pump or compressor switches on far more often than usual; metric times_per_day.
 * - resolution (quality): a camera streams below its usual resolution; metric resolution_p.
 * - night_flow (leak): water flowed through every interval of the night; metric litres_per_hour.
 */
export { ALERT_CAUSES, ALERT_METRIC_KINDS, ALERT_PRIORITIES, ALERT_TYPES, COMPONENT_KINDS, MAINTENANCE_TASKS };
export type { AlertCause, AlertMetricKind, AlertPriority, AlertType, ComponentKind, MaintenanceTask };

export const MAINTENANCE_RANGES = ['30d', '90d', '365d'] as const;
export const maintenanceRangeSchema = z.enum(MAINTENANCE_RANGES, { error: 'range must be one of 30d, 90d or 365d' });
export type MaintenanceRange = z.infer<typeof maintenanceRangeSchema>;
export const maintenanceQuerySchema = z.object({ range: maintenanceRangeSchema.default('30d') });
export const MAINTENANCE_RANGE_DAYS: Readonly<Record<MaintenanceRange, number>> = { '30d': 30, '90d': 90, '365d': 365 };

/** The performance chart's fixed axis (docs/product/constants.md#maintenance). */
export const PERFORMANCE_AXIS = { min: 80, max: 100 } as const;
/** Upcoming Maintenance lists this many components (docs/product/constants.md#maintenance). */
export const UPCOMING_MAINTENANCE_COUNT = 3;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------- Alerts ----------

export const maintenanceAlertSchema = z.object({
  id: z.string(),
  componentId: z.string(),
  /** The component's name ("Panel 13", "Water heater"). */
  component: z.string(),
  /** The device the alert is about (the spec's `device`); the component name when it has no device. */
  device: z.string(),
  componentKind: z.enum(COMPONENT_KINDS),
  type: z.enum(ALERT_TYPES),
  priority: z.enum(ALERT_PRIORITIES),
  cause: z.enum(ALERT_CAUSES),
  metric: z.object({ kind: z.enum(ALERT_METRIC_KINDS), value: z.number() }),
  /**
   * Values the message needs beyond the metric, by cause: health_decline windowDays, healthPct,
   * daysToCritical; maintenance_due task, dueDate; panel_soiling shortfallPct; array_soiling
   * shortfallPct, panels; cycling usualPerDay; resolution usualP; night_flow night.
   */
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  /** When the rule first found it (the spec's `timestamp`). */
  detectedAt: z.string(),
  /** The latest evaluation that still found it. */
  updatedAt: z.string(),
  /** Maintenance the member scheduled from this alert (Take Action), if any. */
  scheduledFor: localDate.nullable(),
});
export type MaintenanceAlert = z.infer<typeof maintenanceAlertSchema>;

// ---------- Components ----------

export const componentStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  deviceId: z.string().nullable(),
  room: z.string().nullable(),
  /** Latest daily health score, 0–100; null before the first scored day. */
  healthPct: z.number().nullable(),
  /** operational | warning | critical from the health score; unknown before it has one (neutral style). */
  status: deviceStatusSchema,
  /** Mean time between failures in hours (the web shows days = hours ÷ 24). */
  mtbfHours: z.number().nullable(),
  /** Mean time to repair in hours. */
  mttrHours: z.number().nullable(),
  /**
   * observed: from the outages seen in its own telemetry. no_failures: no outage seen yet, so
   * mtbfHours is the time watched without one (a lower bound: the web shows "> N days") and
   * mttrHours is null. null: no telemetry yet, both null.
   */
  reliabilitySource: z.enum(['observed', 'no_failures']).nullable(),
  lastMaintenance: localDate.nullable(),
  nextMaintenance: localDate.nullable(),
  /** interval: recommended from the last maintenance; scheduled: a date the member chose. */
  nextMaintenanceSource: z.enum(['interval', 'scheduled']).nullable(),
  task: z.enum(MAINTENANCE_TASKS),
  /** Recommended days between maintenance; null when the kind has no routine job. */
  intervalDays: z.number().int().nullable(),
});
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

// ---------- GET /api/maintenance?range=30d|90d|365d ----------

export const maintenanceOverviewSchema = z.object({
  timeZone: z.string(),
  /** The household's local date the answer was computed for. */
  today: localDate,
  range: maintenanceRangeSchema,
  cards: z.object({
    /** Mean of the components' latest health scores; null when none is scored. */
    averageHealthPct: z.number().nullable(),
    componentCount: z.number().int(),
    /** The earliest next-maintenance date (the web shows its relative time), or null = N/A. */
    nextMaintenance: z.object({ componentId: z.string(), component: z.string(), date: localDate }).nullable(),
    /** Mean MTTR over the components, in hours; null when none has one. */
    averageMttrHours: z.number().nullable(),
  }),
  /** Open alerts the member has not dismissed: highest priority first, then newest. */
  alerts: z.array(maintenanceAlertSchema),
  /** Every monitored component, healthiest first (health score descending, docs/product/domain-rules.md#maintenance). */
  components: z.array(componentStatusSchema),
  /** The UPCOMING_MAINTENANCE_COUNT components due soonest. */
  upcoming: z.array(componentStatusSchema),
  /** Daily health over the range, oldest first; null where no component was scored that day. */
  performance: z.array(z.object({ date: localDate, averageHealthPct: z.number().nullable(), lowestHealthPct: z.number().nullable() })),
});
export type MaintenanceOverview = z.infer<typeof maintenanceOverviewSchema>;

// ---------- Actions ----------

/** The server's refusals, word for word (the web recognises and translates them). */
export const MAINTENANCE_MESSAGES = {
  invalidDate: 'Choose a valid date.',
  scheduleInPast: 'Choose a date from today on.',
  scheduleTooFar: 'Choose a date within the next two years.',
  completeInFuture: 'Maintenance cannot be recorded as done on a future date.',
  alertNotFound: 'No such alert in your household.',
  componentNotFound: 'No such component in your household.',
  alertResolved: 'This alert has already cleared; there is nothing to act on.',
} as const;

/** POST /api/maintenance/alerts/{id}/schedule and /api/maintenance/components/{id}/schedule. */
export const scheduleMaintenanceSchema = z.strictObject({
  date: z.iso.date({ error: MAINTENANCE_MESSAGES.invalidDate }),
});
export type ScheduleMaintenanceRequest = z.infer<typeof scheduleMaintenanceSchema>;

/** POST /api/maintenance/components/{id}/complete — the maintenance was done (today when no date). */
export const completeMaintenanceSchema = z.strictObject({
  date: z.iso.date({ error: MAINTENANCE_MESSAGES.invalidDate }).optional(),
});
export type CompleteMaintenanceRequest = z.infer<typeof completeMaintenanceSchema>;

/** How far ahead maintenance may be scheduled. */
export const MAX_SCHEDULE_DAYS_AHEAD = 730;

export const dismissAlertResponseSchema = z.object({ id: z.string(), dismissedAt: z.string() });
export const componentActionResponseSchema = z.object({ component: componentStatusSchema });

// ---------- Dashboard: GET /api/dashboard/alerts ----------

/** The Dashboard's Recent Alerts shows this many. */
export const RECENT_ALERTS_COUNT = 4;
/** The newest open, undismissed alerts (maintenance and plumbing alike), newest first. */
export const recentAlertsSchema = z.object({ timeZone: z.string(), alerts: z.array(maintenanceAlertSchema) });
export type RecentAlerts = z.infer<typeof recentAlertsSchema>;
