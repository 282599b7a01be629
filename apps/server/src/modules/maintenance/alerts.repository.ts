import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { maintenanceAlerts, maintenanceComponents } from '../../db/schema/maintenance.schema';
import type { MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { RuleResult } from './alert-rules.service';

export type AlertRow = typeof maintenanceAlerts.$inferSelect;

/**
 * Applies rule outcomes to the household's open alerts: a firing rule opens an alert or refreshes
 * the open one (a dismissal stays), a clearing rule resolves it, an unknown outcome leaves it as
 * it is. Returns how many alerts were opened and resolved.
 */
export async function applyRuleResults(db: DbOrTx, householdId: string, results: readonly RuleResult[], now: Date) {
  const open = await db
    .select()
    .from(maintenanceAlerts)
    .where(and(eq(maintenanceAlerts.householdId, householdId), isNull(maintenanceAlerts.resolvedAt)));
  const openByKey = new Map(open.map((a) => [`${a.componentId}|${a.cause}`, a]));
  let opened = 0;
  let resolved = 0;

  for (const { componentId, cause, outcome } of results) {
    const current = openByKey.get(`${componentId}|${cause}`);
    if (outcome.state === 'fire') {
      const { type, priority, metric, params } = outcome.finding;
      const fields = { type, priority, metricKind: metric.kind, metricValue: metric.value, params, updatedAt: now };
      if (current) {
        await db.update(maintenanceAlerts).set(fields).where(eq(maintenanceAlerts.id, current.id));
      } else {
        await db.insert(maintenanceAlerts).values({ householdId, componentId, cause, detectedAt: now, ...fields });
        opened += 1;
      }
    } else if (outcome.state === 'clear' && current) {
      await db.update(maintenanceAlerts).set({ resolvedAt: now }).where(eq(maintenanceAlerts.id, current.id));
      resolved += 1;
    }
  }
  return { opened, resolved };
}

/** Open alerts of retired components resolve: their cause left with the device. Returns how many. */
export async function resolveOrphanedAlerts(db: DbOrTx, householdId: string, liveComponentIds: readonly string[], now: Date): Promise<number> {
  const orphans = await db
    .update(maintenanceAlerts)
    .set({ resolvedAt: now })
    .where(
      and(
        eq(maintenanceAlerts.householdId, householdId),
        isNull(maintenanceAlerts.resolvedAt),
        liveComponentIds.length > 0 ? notInArray(maintenanceAlerts.componentId, [...liveComponentIds]) : sql`true`,
      ),
    )
    .returning({ id: maintenanceAlerts.id });
  return orphans.length;
}

/** Open, undismissed alerts of live components. */
export async function openAlerts(db: DbOrTx, householdId: string): Promise<MaintenanceAlert[]> {
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

/** An alert of the household whose component is live, or undefined. */
export async function findAlert(db: DbOrTx, householdId: string, alertId: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select({ alert: maintenanceAlerts })
    .from(maintenanceAlerts)
    .innerJoin(maintenanceComponents, eq(maintenanceComponents.id, maintenanceAlerts.componentId))
    .where(and(eq(maintenanceAlerts.id, alertId), eq(maintenanceAlerts.householdId, householdId), isNull(maintenanceComponents.removedAt)));
  return row?.alert;
}

export async function dismissAlertRow(db: DbOrTx, alertId: string, userId: string, now: Date): Promise<void> {
  await db.update(maintenanceAlerts).set({ dismissedAt: now, dismissedBy: userId }).where(eq(maintenanceAlerts.id, alertId));
}

/** The date (or none) the open alerts of a component show as planned. */
export async function setAlertsScheduledFor(db: DbOrTx, componentId: string, date: string | null): Promise<void> {
  await db
    .update(maintenanceAlerts)
    .set({ scheduledFor: date })
    .where(and(eq(maintenanceAlerts.componentId, componentId), isNull(maintenanceAlerts.resolvedAt)));
}
