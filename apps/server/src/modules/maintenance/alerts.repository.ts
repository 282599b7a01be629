import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { maintenanceAlerts } from '../../db/schema/maintenance.schema';
import type { DbOrTx } from '../../db/client';
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
