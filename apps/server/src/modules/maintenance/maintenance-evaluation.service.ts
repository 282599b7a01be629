import { sql } from 'drizzle-orm';
import { healthStatus } from '@peakwise/domain/maintenance-health';
import { addDays, localDateOf } from '@peakwise/domain/local-time';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/notify';
import { uuidArray } from '../../lib/pg-array';
import { getHousehold, type DbOrTx } from '../households/household.service';
import { evaluateRules } from './alert-rules.service';
import { applyRuleResults, resolveOrphanedAlerts } from './alerts.repository';
import { listComponents, syncComponents, type Component } from './components.service';
import { scoreHousehold } from './health.service';
import { refreshReliability } from './reliability.service';

/** Namespace of the per-household advisory lock (the first key of the two-key form). */
const EVALUATION_LOCK = 0x6d61_696e; // "main"
/** A device's status follows its component's latest score of the past week; older says nothing about now. */
const STATUS_LOOKBACK_DAYS = 7;

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
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${EVALUATION_LOCK}, hashtext(${householdId})) as ok`));
    if (!lock?.ok) return null;
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

/** Households that have devices: the ones worth evaluating. */
export async function householdsWithDevices(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select distinct household_id::text as id from devices where removed_at is null`));
  return rows.map((r) => r.id);
}

async function updateDeviceStatuses(db: DbOrTx, components: readonly Component[], today: string): Promise<void> {
  const withDevice = components.filter((c) => c.deviceId !== null);
  if (withDevice.length === 0) return;
  const latest = rowsOf<{ c: string; h: number | null }>(
    await db.execute(sql`
      select distinct on (component_id) component_id::text as c, health_pct as h from component_health
      where component_id = any(${uuidArray(withDevice.map((c) => c.id))}::uuid[]) and local_date >= ${addDays(today, -STATUS_LOOKBACK_DAYS)}::date and health_pct is not null
      order by component_id, local_date desc`),
  );
  const statuses = latest
    .map((r) => ({ deviceId: withDevice.find((c) => c.id === r.c)!.deviceId!, status: healthStatus(r.h) }))
    .filter((s) => s.status !== 'unknown');
  if (statuses.length === 0) return;
  await db.execute(sql`
    update devices d set status = s.status from json_to_recordset(${JSON.stringify(statuses)}::json) as s("deviceId" uuid, status text)
    where d.id = s."deviceId" and d.status <> s.status`);
}
