import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANADIAN_TIME_ZONES } from '@peakwise/contracts/account.contract';
import { localDateOf } from '@peakwise/domain/local-time';
import type { Database } from '../../db/client';
import { validateBatch } from '../../telemetry/validate-readings';
import { rowsOf } from '../../db/rows';
import { seedHousehold, type HouseholdFixture } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { removeDevice } from '../devices/devices.repository';
import { changeHouseholdTimeZone } from '../households/household-time-zone.service';
import { storeBatch } from './reading-store';

// The day after the five: every re-sent value is inside the 7-day correction window (decision 031).
const NOW = new Date('2026-11-05T00:00:00Z');
const STEP = 300_000;
// Five days from 30 October, UTC: every Canadian zone falls back on 1 November inside them.
const BASE = Date.parse('2026-10-30T00:00:00Z');
const SLOTS = 5 * 288;

type Reading = { slot: number; c: number; p: number };
type Bucket = { c: number; p: number; n: number };

describe('daily rollups after any sequence of zone changes and ingest', () => {
  let database: Database;
  let home: HouseholdFixture;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

  async function store(meter: Reading[], devices: (Reading & { device: string })[]) {
    if (meter.length + devices.length === 0) return;
    const validated = validateBatch(
      {
        meter: meter.map((r) => ({ ts: new Date(BASE + r.slot * STEP).toISOString(), productionKwh: r.p, consumptionKwh: r.c, gridImportKwh: r.c, gridExportKwh: r.p })),
        devices: devices.map((r) => ({ device: r.device, ts: new Date(BASE + r.slot * STEP).toISOString(), energyKwh: r.c, powerW: r.p * 1000, metrics: { litres: r.c * 40 } })),
      },
      NOW,
    );
    if (!validated.ok) throw new Error(validated.message);
    const result = await storeBatch(database.db, home.household.id, validated, { now: NOW });
    if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected));
  }

  /** Rollups read back against the raw rows summed in JS by local day in `zone`. */
  async function expectDaysCutIn(zone: string) {
    // Each run has a home of its own (emptying every table between runs costs PostgreSQL over a
    // second a run), so every read is of this run's home.
    const household = `'${home.household.id}'::uuid`;
    const meterRaw = await q<{ ms: number; c: number; p: number }>(
      `select (extract(epoch from ts) * 1000)::float8 as ms, consumption_kwh as c, production_kwh as p from meter_readings where household_id = ${household}`,
    );
    const meterDaily = await q<{ k: string; c: number; p: number; n: number }>(
      `select local_date::text as k, consumption_kwh as c, production_kwh as p, interval_count as n from meter_daily where household_id = ${household}`,
    );
    expectBuckets(meterDaily, sumBy(meterRaw, (r) => localDateOf(new Date(r.ms), zone)));

    // Every device, the removed one included; litres stand in for the water columns.
    const deviceRaw = await q<{ id: string; ms: number; c: number; p: number }>(
      `select device_id::text as id, (extract(epoch from ts) * 1000)::float8 as ms, energy_kwh as c, (metrics->>'litres')::float8 as p from device_readings
       where device_id in (select id from devices where household_id = ${household})`,
    );
    const deviceDaily = await q<{ k: string; c: number; p: number; n: number }>(
      `select device_id::text || '|' || local_date::text as k, energy_kwh as c, litres as p, interval_count as n from device_daily
       where device_id in (select id from devices where household_id = ${household})`,
    );
    expectBuckets(deviceDaily, sumBy(deviceRaw, (r) => `${r.id}|${localDateOf(new Date(r.ms), zone)}`));
  }

  it('always equal the raw rows summed by local day in the household’s current zone', async () => {
    const reading = fc.record({
      slot: fc.integer({ min: 0, max: SLOTS - 1 }),
      c: fc.integer({ min: 0, max: 1500 }).map((n) => n / 1000), // a plug tops out at 1.67 kWh in 5 min
      p: fc.integer({ min: 0, max: 2000 }).map((n) => n / 1000),
    });
    const readings = (max: number) => fc.uniqueArray(reading, { maxLength: max, selector: (r) => r.slot });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...CANADIAN_TIME_ZONES) }),
      fc.record({ kind: fc.constant('ingest' as const), meter: readings(20), plug: readings(20) }),
    );

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CANADIAN_TIME_ZONES), readings(60), readings(40), readings(40), fc.array(step, { minLength: 1, maxLength: 6 }), async (start, meter, plug, old, steps) => {
        home = await seedHousehold(database.db, { plug: 'smart_plug', old: 'smart_plug' }, { timeZone: start });
        await store(meter, [...plug.map((r) => ({ ...r, device: 'plug' })), ...old.map((r) => ({ ...r, device: 'old' }))]);
        await removeDevice(database.db, home.household.id, home.devices.old!.id);

        let zone: string = start;
        await expectDaysCutIn(zone);
        for (const s of steps) {
          if (s.kind === 'zone') {
            const change = await changeHouseholdTimeZone(database.db, home.household.id, s.zone);
            expect(change.changed).toBe(s.zone !== zone);
            zone = s.zone;
          } else {
            // Corrections of stored slots included: uniqueness is per batch only.
            await store(s.meter, s.plug.map((r) => ({ ...r, device: 'plug' })));
          }
          await expectDaysCutIn(zone);
        }
      }),
      { numRuns: 20 },
    );
    // Twenty runs of up to seven steps each: about 8 s on PostgreSQL and 12-24 s on PGlite, on a
    // loaded host, so the suite's 30 s default would fail it for the host's load, not the rollups.
  }, 90_000);
});

function sumBy<R extends { c: number | null; p: number | null }>(rows: R[], key: (r: R) => string) {
  const out = new Map<string, Bucket>();
  for (const r of rows) {
    const k = key(r);
    const b = out.get(k) ?? { c: 0, p: 0, n: 0 };
    b.c += r.c ?? 0;
    b.p += r.p ?? 0;
    b.n += 1;
    out.set(k, b);
  }
  return out;
}

function expectBuckets(actual: { k: string; c: number; p: number; n: number }[], expected: Map<string, Bucket>) {
  expect(actual.map((a) => a.k).sort()).toEqual([...expected.keys()].sort());
  for (const a of actual) {
    const e = expected.get(a.k)!;
    expect(a.n).toBe(e.n);
    expect(a.c).toBeCloseTo(e.c, 9);
    expect(a.p).toBeCloseTo(e.p, 9);
  }
}
