import { sql } from 'drizzle-orm';
import {
  MAINTENANCE_RANGE_DAYS,
  RECENT_ALERTS_COUNT,
  UPCOMING_MAINTENANCE_COUNT,
  type ComponentStatus,
  type MaintenanceAlert,
  type MaintenanceOverview,
  type MaintenanceRange,
  type RecentAlerts,
} from '@peakwise/contracts/maintenance.contract';
import { COMPONENT_CATALOGUE } from '@peakwise/domain/maintenance-catalogue';
import { healthStatus } from '@peakwise/domain/maintenance-health';
import { compareAlerts, compareRecentAlerts } from '@peakwise/domain/maintenance-rules';
import { addDays, localDateOf, localDatesInRange } from '@peakwise/domain/local-time';
import { meanOfKnown } from '@peakwise/domain/plumbing-metrics';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';
import type { Household } from '../households/household.service';
import type { DbOrTx } from '../../db/client';
import { listComponents, type Component } from './components.service';
import { currentHealth } from './health.repository';

/** The Maintenance screen for the household. */
export async function maintenanceOverview(db: DbOrTx, household: Household, range: MaintenanceRange, now: Date): Promise<MaintenanceOverview> {
  const today = localDateOf(now, household.timeZone);
  const components = await componentStatuses(db, household, await listComponents(db, household.id), today);
  const byHealth = [...components].sort((a, b) => (b.healthPct ?? -1) - (a.healthPct ?? -1) || a.name.localeCompare(b.name));
  const byDue = components.filter((c) => c.nextMaintenance !== null).sort((a, b) => a.nextMaintenance!.localeCompare(b.nextMaintenance!) || a.name.localeCompare(b.name));
  const next = byDue[0];

  return {
    timeZone: household.timeZone,
    today,
    range,
    cards: {
      averageHealthPct: meanOfKnown(components.map((c) => c.healthPct)),
      componentCount: components.length,
      nextMaintenance: next ? { componentId: next.id, component: next.name, date: next.nextMaintenance! } : null,
      averageMttrHours: meanOfKnown(components.map((c) => c.mttrHours)),
    },
    alerts: (await openAlerts(db, household.id)).sort(compareAlerts),
    components: byHealth,
    upcoming: byDue.slice(0, UPCOMING_MAINTENANCE_COUNT),
    performance: await performance(
      db,
      components.map((c) => c.id),
      today,
      MAINTENANCE_RANGE_DAYS[range],
    ),
  };
}

/** The Dashboard's Recent Alerts: the newest open alerts the member has not dismissed. */
export async function recentAlerts(db: DbOrTx, household: Household): Promise<RecentAlerts> {
  const alerts = (await openAlerts(db, household.id)).sort(compareRecentAlerts);
  return { timeZone: household.timeZone, alerts: alerts.slice(0, RECENT_ALERTS_COUNT) };
}

/** Table rows for the given components: latest health and its status, room, reliability and dates. */
export async function componentStatuses(db: DbOrTx, household: Household, components: readonly Component[], today: string): Promise<ComponentStatus[]> {
  if (components.length === 0) return [];
  const health = await currentHealth(
    db,
    components.map((c) => c.id),
    today,
  );
  const rooms = rowsOf<{ id: string; room: string | null }>(
    await db.execute(sql`
      select d.id::text as id, r.name as room from devices d left join rooms r on r.id = d.room_id where d.household_id = ${household.id}::uuid`),
  );
  const roomOf = new Map(rooms.map((r) => [r.id, r.room]));
  return components.map((c) => {
    const healthPct = health.get(c.id) ?? null;
    return {
      id: c.id,
      name: c.name,
      kind: c.kind,
      deviceId: c.deviceId,
      room: c.deviceId ? (roomOf.get(c.deviceId) ?? null) : null,
      healthPct,
      status: healthStatus(healthPct),
      mtbfHours: c.mtbfHours,
      mttrHours: c.mttrHours,
      reliabilitySource: c.reliabilitySource,
      lastMaintenance: c.lastMaintenance,
      nextMaintenance: c.nextMaintenance,
      nextMaintenanceSource: c.nextMaintenanceSource,
      task: COMPONENT_CATALOGUE[c.kind].task,
      intervalDays: COMPONENT_CATALOGUE[c.kind].intervalDays,
    };
  });
}

/** Open, undismissed alerts of live components. */
async function openAlerts(db: DbOrTx, householdId: string): Promise<MaintenanceAlert[]> {
  const rows = rowsOf<{
    id: string;
    component_id: string;
    component: string;
    device: string | null;
    kind: MaintenanceAlert['componentKind'];
    type: MaintenanceAlert['type'];
    priority: MaintenanceAlert['priority'];
    cause: MaintenanceAlert['cause'];
    metric_kind: MaintenanceAlert['metric']['kind'];
    metric_value: number;
    params: Record<string, number | string>;
    detected_at: string | Date;
    updated_at: string | Date;
    scheduled_for: string | null;
  }>(
    await db.execute(sql`
      select a.id::text, a.component_id::text, c.name as component, d.name as device, c.kind, a.type, a.priority, a.cause,
        a.metric_kind, a.metric_value, a.params, a.detected_at, a.updated_at, a.scheduled_for::text
      from maintenance_alerts a
      join maintenance_components c on c.id = a.component_id and c.removed_at is null
      left join devices d on d.id = c.device_id
      where a.household_id = ${householdId}::uuid and a.resolved_at is null and a.dismissed_at is null`),
  );
  return rows.map((r) => ({
    id: r.id,
    componentId: r.component_id,
    component: r.component,
    device: r.device ?? r.component,
    componentKind: r.kind,
    type: r.type,
    priority: r.priority,
    cause: r.cause,
    metric: { kind: r.metric_kind, value: Number(r.metric_value) },
    params: r.params,
    detectedAt: new Date(r.detected_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    scheduledFor: r.scheduled_for,
  }));
}

/** Average and lowest health per local day over the `days` days before today. */
async function performance(db: DbOrTx, componentIds: readonly string[], today: string, days: number): Promise<MaintenanceOverview['performance']> {
  const dates = localDatesInRange(addDays(today, -days), addDays(today, -1));
  const rows =
    componentIds.length === 0
      ? []
      : rowsOf<{ d: string; avg: number; min: number }>(
          await db.execute(sql`
            select local_date::text as d, avg(health_pct)::float8 as avg, min(health_pct)::float8 as min from component_health
            where component_id = any(${uuidArray(componentIds)}::uuid[]) and local_date >= ${dates[0]!}::date and local_date < ${today}::date and health_pct is not null
            group by local_date`),
        );
  const byDate = new Map(rows.map((r) => [r.d, r]));
  return dates.map((date) => {
    const r = byDate.get(date);
    return { date, averageHealthPct: r ? Number(r.avg) : null, lowestHealthPct: r ? Number(r.min) : null };
  });
}
