import { healthStatus } from '@peakwise/domain/maintenance-health';
import { localDateOf } from '@peakwise/domain/local-time';
import type { Db, DbOrTx } from '../../db/client';
import { getHousehold } from '../households/household.repository';
import { evaluateRules } from './alert-rules.service';
import { applyRuleResults, resolveOrphanedAlerts } from './alerts.repository';
import { syncComponents } from './components.service';
import { listComponents, setDeviceStatuses, tryEvaluationLock, type Component } from './components.repository';
import { currentHealth } from './health.repository';
import { scoreHousehold } from './health.service';
import { refreshReliability } from './reliability.service';

export type EvaluationReport = { scoredDays: number; opened: number; resolved: number };

/**
 * One household's maintenance pass: components in step with devices, new days scored, MTBF/MTTR
 * refreshed once a day, every rule run, alerts opened, refreshed or resolved, and each device's
 * status set from its component's health. One transaction under a per-household advisory lock,
 * so two server processes never evaluate the same household at once (the second skips: null).
 * Re-running it changes nothing.
 */
export async function evaluateHousehold(db: Db, householdId: string, now = new Date()): Promise<EvaluationReport | null> {
  return db.transaction(async (tx) => {
    if (!(await tryEvaluationLock(tx, householdId))) return null;
    const household = await getHousehold(tx, householdId);
    if (!household) return null;
    const today = localDateOf(now, household.timeZone);

    await syncComponents(tx, household, now);
    const components = await listComponents(tx, household.id);
    const scored = await scoreHousehold(tx, household, components, today);
    await refreshReliability(tx, components, today, now, scored.length > 0);
    const results = await evaluateRules(tx, household, components, today, now);
    const { opened, resolved } = await applyRuleResults(tx, household.id, results, now);
    const orphaned = await resolveOrphanedAlerts(
      tx,
      household.id,
      components.map((c) => c.id),
      now,
    );
    await updateDeviceStatuses(tx, components, today);
    return { scoredDays: scored.length, opened, resolved: resolved + orphaned };
  });
}

async function updateDeviceStatuses(db: DbOrTx, components: readonly Component[], today: string): Promise<void> {
  const withDevice = components.filter((c) => c.deviceId !== null);
  if (withDevice.length === 0) return;
  const health = await currentHealth(
    db,
    withDevice.map((c) => c.id),
    today,
  );
  await setDeviceStatuses(
    db,
    withDevice.filter((c) => health.has(c.id)).map((c) => ({ deviceId: c.deviceId!, status: healthStatus(health.get(c.id)) })),
  );
}
