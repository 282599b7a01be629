import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { runReadingCompaction } from './reading-compaction.service';

/*
 * Compaction runs side by side on real parallel sessions (decision 130): no lock of the whole
 * step, only the households' row locks. Six homes, each a meter and a plug with three closed UTC
 * days of readings written straight into the tables; then eight runs at once, on their own
 * connections, over lanes that overlap on purpose (the whole range twice, two halves, two ranges
 * across the middle, and two lanes of one home). Every series-day must be stored once, by one
 * run, and every reading must read back as it was written, none lost and none twice.
 */

const NOW = new Date('2031-05-13T12:00:00Z'); // 05-03 to 05-05 closed
const D3 = Date.parse('2031-05-03T00:00:00Z');
const DAY = 86_400_000;
const FIVE = 300_000;
const HOMES = 6;

let database: Database;
const homes: string[] = [];
const plugs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < HOMES; i += 1) {
    const home = await seedHousehold(database.db, { plug: 'smart_plug' });
    homes.push(home.household.id);
    plugs.push(home.devices.plug!.id);
  }
  homes.sort();
  const times: string[] = [];
  for (let ms = D3; ms < D3 + 3 * DAY; ms += FIVE) times.push(new Date(ms).toISOString());
  const list = `{${times.join(',')}}`;
  // Whole Wh and W, different for every home, reading and column, so a value moved to another
  // slot, day or home shows.
  await database.db.execute(sql`
    insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
    select h, t, (k % 7) / 1000.0, (k % 11 + h_i) / 1000.0, (k % 13) / 1000.0, 0, t
    from unnest(${`{${homes.join(',')}}`}::uuid[]) with ordinality as u(h, h_i)
    cross join unnest(${list}::timestamptz[]) with ordinality as v(t, k)`);
  await database.db.execute(sql`
    insert into device_readings (device_id, ts, power_w, energy_kwh, relay_on, received_at)
    select d, t, k + d_i, (k % 5) / 1000.0, k % 2 = 0, t
    from unnest(${`{${plugs.join(',')}}`}::uuid[]) with ordinality as u(d, d_i)
    cross join unnest(${list}::timestamptz[]) with ordinality as v(t, k)`);
}, 120_000);
afterAll(() => database.close());

type Reading = Record<string, unknown>;
const meterRows = async (h: string) =>
  rowsOf<Reading>(
    await database.db.execute(sql`select ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh from meter_readings_in(${h}::uuid, '-infinity', 'infinity') order by ts`),
  );
const plugRows = async (d: string) =>
  rowsOf<Reading>(await database.db.execute(sql`select ts, power_w, energy_kwh, relay_on from device_readings_in(${d}::uuid, '-infinity', 'infinity') order by ts`));

describe('compaction lanes side by side on PostgreSQL', () => {
  it('stores every series-day once and loses no reading when overlapping runs go at once', async () => {
    const meterBefore = await Promise.all(homes.map(meterRows));
    const plugBefore = await Promise.all(plugs.map(plugRows));
    expect(meterBefore.map((rows) => rows.length)).toEqual(Array(HOMES).fill(3 * 288));

    // [after, until]: a run compacts the homes with after < id < until, 20 at most (all of these).
    const mid = homes[3]!;
    const lanes: [string | null, string | null][] = [
      [null, null],
      [null, null],
      [null, mid],
      [homes[2]!, null],
      [homes[0]!, homes[5]!],
      [homes[1]!, null],
      [null, homes[1]!],
      [null, homes[1]!],
    ];
    const batches = await Promise.all(lanes.map(([after, until]) => database.db.transaction((tx) => runReadingCompaction(tx, NOW, after, until))));

    // Each run's households are the ones its lane bounds, in id order.
    expect(batches.map((b) => b.households)).toEqual(
      lanes.map(([after, until]) => homes.filter((h) => (after === null || h > after) && (until === null || h < until))),
    );
    // Stored once: 6 homes × 3 days of each series in all, however the runs shared them.
    const sum = (key: 'meterDays' | 'deviceDays' | 'meterRows' | 'deviceRows') => batches.reduce((n, b) => n + b[key], 0);
    expect([sum('meterDays'), sum('deviceDays'), sum('meterRows'), sum('deviceRows')]).toEqual([HOMES * 3, HOMES * 3, HOMES * 3 * 288, HOMES * 3 * 288]);
    const [left] = rowsOf<{ meter: number; device: number; meterDays: number; deviceDays: number }>(
      await database.db.execute(sql`select (select count(*) from meter_readings)::int as meter, (select count(*) from device_readings)::int as device,
        (select count(*) from meter_reading_days)::int as "meterDays", (select count(*) from device_reading_days)::int as "deviceDays"`),
    );
    expect(left).toEqual({ meter: 0, device: 0, meterDays: HOMES * 3, deviceDays: HOMES * 3 });
    // Read back through the functions every screen reads: the very rows written, in order.
    expect(await Promise.all(homes.map(meterRows))).toEqual(meterBefore);
    expect(await Promise.all(plugs.map(plugRows))).toEqual(plugBefore);
  });
});
