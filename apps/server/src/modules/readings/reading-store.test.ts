import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { validateBatch, type ValidatedBatch } from '../../telemetry/validate-readings';
import { rowsOf } from '../../db/rows';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { storeReadings } from './reading-store';

const NOW = new Date('2026-11-23T12:00:00Z');
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const batch = (input: unknown): ValidatedBatch => {
  const validated = validateBatch(input, NOW);
  if (!validated.ok) throw new Error(validated.message);
  return validated;
};
const meter = { ts: '2026-11-23T10:00:00Z', productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 };
const count = async (table: 'meter_readings' | 'device_readings') => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

// The raw tables have no foreign keys (decision 026): storeReadings is what keeps them to real
// households and devices, so it must refuse the rest and write nothing.
describe('storeReadings without foreign keys on the raw tables', () => {
  it('refuses a household that does not exist, and writes nothing of the write it was part of', async () => {
    const real = await seedHousehold(database.db);
    const inputs = [
      { householdId: real.household.id, validated: batch({ meter: [meter] }), context: { deviceIds: new Map() } },
      { householdId: randomUUID(), validated: batch({ meter: [meter] }), context: { deviceIds: new Map() } },
    ];
    await expect(database.db.transaction((tx) => storeReadings(tx, inputs, NOW))).rejects.toThrow(/Unknown household/);
    expect(await count('meter_readings')).toBe(0);
  });

  it('writes device readings only for the devices in the writer’s context', async () => {
    const home = await seedHousehold(database.db, { plug: 'smart_plug' });
    const other = await seedHousehold(database.db, { plug: 'smart_plug' });
    // The other home's plug has the same external id, but it is not in this writer's context.
    const devices = [
      { device: 'plug', ts: meter.ts, powerW: 100, energyKwh: 0.01 },
      { device: other.devices.plug!.id, ts: meter.ts, powerW: 100, energyKwh: 0.01 },
    ];
    const [result] = await database.db.transaction((tx) =>
      storeReadings(tx, [{ householdId: home.household.id, validated: batch({ devices }), context: { deviceIds: new Map([['plug', home.devices.plug!.id]]) } }], NOW),
    );
    expect(result!.accepted).toBe(1);
    expect(result!.rejected.map((r) => r.reason)).toEqual(['unknown_device']);
    const stored = rowsOf<{ id: string }>(await database.db.execute(sql`select device_id::text as id from device_readings`));
    expect(stored).toEqual([{ id: home.devices.plug!.id }]);
    expect(stored.map((r) => r.id)).not.toContain(other.devices.plug!.id);
  });
});

// The upsert tells which changed rows were corrections from the rows stored before it: checked
// against rows counted by hand, in one write of several households, some new and some corrected.
describe('storeReadings tells corrections from new readings', () => {
  it('per household, in one write, and a resend is neither', async () => {
    const a = await seedHousehold(database.db);
    const b = await seedHousehold(database.db);
    const at = (hour: number, kwh: number) => ({ ...meter, ts: `2026-11-23T0${hour}:00:00Z`, consumptionKwh: kwh, gridImportKwh: kwh });
    const none = { deviceIds: new Map<string, string>() };
    await database.db.transaction((tx) => storeReadings(tx, [{ householdId: a.household.id, validated: batch({ meter: [at(1, 0.1), at(2, 0.1)] }), context: none }], NOW));
    const results = await database.db.transaction((tx) =>
      storeReadings(
        tx,
        [
          // a: 01:00 corrected, 02:00 sent again unchanged, 03:00 new.
          { householdId: a.household.id, validated: batch({ meter: [at(1, 0.3), at(2, 0.1), at(3, 0.1)] }), context: none },
          // b: the same instants, all new to b.
          { householdId: b.household.id, validated: batch({ meter: [at(1, 0.3), at(2, 0.1)] }), context: none },
        ],
        NOW,
      ),
    );
    expect(results.map(({ accepted, corrected, duplicates }) => ({ accepted, corrected, duplicates }))).toEqual([
      { accepted: 1, corrected: 1, duplicates: 1 },
      { accepted: 2, corrected: 0, duplicates: 0 },
    ]);
    const stored = rowsOf<{ kwh: number }>(
      await database.db.execute(sql`select consumption_kwh as kwh from meter_readings where household_id = ${a.household.id} and ts = '2026-11-23T01:00:00Z'`),
    );
    expect(stored).toEqual([{ kwh: 0.3 }]);
  });
});

// Two ingest workers may write one household's hour at the same moment (a shared subscription or
// a JetStream consumer hands them interleaved messages). Each recomputes the hour's rollup from the
// raw rows: the second must see the first's rows, so writers of one household take turns.
describe('two writers of one household at once', () => {
  it('take turns, and the hour’s and the day’s rollups are the sum of both', async () => {
    const home = await seedHousehold(database.db);
    const input = (ts: string, kwh: number) => ({
      householdId: home.household.id,
      validated: batch({ meter: [{ ts, productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 }] }),
      context: { deviceIds: new Map() },
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    // The first writer stores 10:05 and keeps its transaction open; the second stores 10:10 meanwhile.
    const first = database.db.transaction(async (tx) => {
      await storeReadings(tx, [input('2026-11-23T10:05:00Z', 0.25)], NOW);
      firstWrote();
      await held;
    });
    await wrote;
    const second = database.db.transaction((tx) => storeReadings(tx, [input('2026-11-23T10:10:00Z', 0.5)], NOW));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);

    // By hand: 0.25 + 0.5 kWh in the 10:00 UTC hour, two intervals.
    const hour = rowsOf<{ c: number; n: number }>(
      await database.db.execute(sql`select consumption_kwh as c, interval_count as n from meter_hourly where household_id = ${home.household.id}::uuid`),
    );
    expect(hour).toHaveLength(1);
    expect(Number(hour[0]!.c)).toBeCloseTo(0.75, 9);
    expect(hour[0]!.n).toBe(2);
    const day = rowsOf<{ c: number; n: number }>(await database.db.execute(sql`select consumption_kwh as c, interval_count as n from meter_daily where household_id = ${home.household.id}::uuid`));
    expect(Number(day[0]!.c)).toBeCloseTo(0.75, 9);
    expect(day[0]!.n).toBe(2);
  });
});
