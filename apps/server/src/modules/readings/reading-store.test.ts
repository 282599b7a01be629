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
