import {
  MAINTENANCE_RANGE_DAYS,
  RECENT_ALERTS_COUNT,
  UPCOMING_MAINTENANCE_COUNT,
  type ComponentStatus,
  type MaintenanceOverview,
  type MaintenanceRange,
  type RecentAlerts,
} from '@peakwise/contracts/maintenance.contract';
import { COMPONENT_CATALOGUE } from '@peakwise/domain/maintenance-catalogue';
import { healthStatus } from '@peakwise/domain/maintenance-health';
import { compareAlerts, compareRecentAlerts } from '@peakwise/domain/maintenance-rules';
import { addDays, localDateOf, localDatesInRange } from '@peakwise/domain/local-time';
import { meanOfKnown } from '@peakwise/domain/plumbing-metrics';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { openAlerts } from './alerts.repository';
import { deviceRooms, listComponents, type Component } from './components.repository';
import { currentHealth, healthByDay } from './health.repository';

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
  const roomOf = await deviceRooms(db, household.id);
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

/** Average and lowest health per local day over the `days` days before today. */
async function performance(db: DbOrTx, componentIds: readonly string[], today: string, days: number): Promise<MaintenanceOverview['performance']> {
  const dates = localDatesInRange(addDays(today, -days), addDays(today, -1));
  const byDate = await healthByDay(db, componentIds, dates[0]!, today);
  return dates.map((date) => {
    const r = byDate.get(date);
    return { date, averageHealthPct: r?.avg ?? null, lowestHealthPct: r?.min ?? null };
  });
}
