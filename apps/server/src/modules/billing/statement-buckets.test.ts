import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStatement, type MeteredHour } from '@peakwise/domain/billing-statement';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { memberWithHousehold, store } from '../energy/energy.test-helper';
import { changeTariff } from '../households/household.service';
import { catchUpStatements } from './statements.service';

/*
 * Time-of-use households are priced from hours summed per bucket in SQL (decision 056) rather
 * than hour by hour. A month with weekends, Thanksgiving, the change of season prices and the
 * fall-back Sunday, with imports and exports varying hour by hour, must give the very lines the
 * engine gives the raw hours, read here straight from meter_hourly; and so must the previous
 * month when a late reading makes the next statement recompute it.
 */

const ZONE = 'America/Toronto';
let now = new Date('2025-11-02T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** A deterministic, uneven hour: imports at night and in the evening, exports around noon. */
function meterAt(ms: number) {
  const hour = new Date(ms).getUTCHours();
  const wobble = ((ms / 3_600_000) * 7919) % 13;
  const exportKwh = hour >= 15 && hour <= 20 ? 0.11 * wobble : 0;
  const importKwh = exportKwh > 0 ? 0 : 0.05 + 0.037 * wobble;
  return { ts: new Date(ms).toISOString(), productionKwh: exportKwh, consumptionKwh: importKwh, gridImportKwh: importKwh, gridExportKwh: exportKwh };
}

type Line = { kind: string; descriptionKey: string; params: unknown; quantity: number | null; unitPriceCents: number | null; amountCents: number };

async function storedLines(householdId: string, periodStart: string): Promise<Line[]> {
  return rowsOf<Line>(
    await t.database.db.execute(sql`
      select l.kind, l.description_key as "descriptionKey", l.description_params as params, l.quantity, l.unit_price_cents as "unitPriceCents", l.amount_cents as "amountCents"
      from statement_lines l join statements s on s.id = l.statement_id
      where s.household_id = ${householdId}::uuid and s.period_start = ${periodStart}::date order by l.position`),
  );
}

/** The engine on every raw hour of meter_hourly, as the per-hour path reads it. */
async function perHour(householdId: string, periodStart: string, periodEnd: string): Promise<Line[]> {
  const rows = rowsOf<{ ms: number; importKwh: number; exportKwh: number }>(
    await t.database.db.execute(sql`
      select (extract(epoch from hour_start) * 1000)::float8 as ms, grid_import_kwh as "importKwh", grid_export_kwh as "exportKwh"
      from meter_hourly where household_id = ${householdId}::uuid order by hour_start`),
  );
  const hours: MeteredHour[] = rows.map((r) => ({ start: new Date(r.ms), importKwh: r.importKwh, exportKwh: r.exportKwh }));
  const computed = computeStatement({
    province: 'ON',
    timeZone: ZONE,
    tariffHistory: [{ planId: 'on-tou', effectiveFrom: '2025-09-01' }],
    serviceStart: '2025-09-01',
    hours,
    periodStart,
    periodEnd,
  });
  return computed.lines.map((l) => ({ kind: l.kind, descriptionKey: l.descriptionKey, params: l.params, quantity: l.quantity, unitPriceCents: l.unitPriceCents, amountCents: l.amountCents }));
}

const close = (lines: readonly Line[]) => lines.map((l) => ({ ...l, amountCents: l.amountCents + 0, quantity: l.quantity === null ? null : Math.round(l.quantity * 1e6) / 1e6 }));

describe('time-of-use priced from hours summed per bucket', () => {
  it('gives the lines of the raw hours, for a month and for the previous month recomputed', async () => {
    const { household } = await memberWithHousehold(t);
    await changeTariff(t.database.db, household.id, 'on-tou', '2025-09-01');
    const meter = [];
    for (let ms = Date.parse('2025-10-01T04:00:00Z'); ms < Date.parse('2025-12-01T05:00:00Z'); ms += 3_600_000) meter.push(meterAt(ms));
    await store(t.database.db, household.id, { meter: meter.filter((m) => m.ts < '2025-11-01T04:00:00.000Z') });
    await t.database.db.transaction((tx) => catchUpStatements(tx, household.id, now));
    const octoberLines = await storedLines(household.id, '2025-10-01');
    expect(octoberLines.filter((l) => l.kind === 'energy').map((l) => l.descriptionKey).sort()).toEqual(['mid-peak', 'off-peak', 'on-peak']);
    expect(octoberLines.some((l) => l.kind === 'export-credit')).toBe(true);
    expect(close(octoberLines)).toEqual(close(await perHour(household.id, '2025-10-01', '2025-10-31')));

    // November arrives, with one October interval late (7:30 p.m. on the 31st): October is recomputed (through the buckets
    // too) and the difference is an adjustment equal to the raw hours' recomputation.
    await store(t.database.db, household.id, { meter: [...meter.filter((m) => m.ts >= '2025-11-01T04:00:00.000Z'), { ts: '2025-10-31T23:30:00.000Z', gridImportKwh: 9, consumptionKwh: 9, gridExportKwh: 0, productionKwh: 0 }] });
    now = new Date('2025-12-02T12:00:00Z');
    await t.database.db.transaction((tx) => catchUpStatements(tx, household.id, now));
    const novemberLines = await storedLines(household.id, '2025-11-01');
    const recomputed = (await perHour(household.id, '2025-10-01', '2025-10-31')).reduce((s, l) => s + l.amountCents, 0);
    const billed = octoberLines.reduce((s, l) => s + l.amountCents, 0);
    const adjustment = novemberLines.find((l) => l.kind === 'adjustment');
    expect(adjustment?.amountCents).toBe(recomputed - billed);
    expect(adjustment!.amountCents).toBeGreaterThan(0);
    expect(close(novemberLines.filter((l) => l.kind !== 'adjustment'))).toEqual(close(await perHour(household.id, '2025-11-01', '2025-11-30')));
  });
});
