import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { seedHousehold, type HouseholdFixture } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { runReadingCompaction } from './reading-compaction.service';

/*
 * The days compaction must leave raw, whole, beside days it compacts in the same batch: the raw
 * rows are written straight into the tables (the ingest writer only takes readings on the grid),
 * so each case is exactly what is described here.
 *   05-03: meter and plug full days on the grid -> compacted, their rows gone;
 *   05-04: one meter reading at 10:02:30 and one plug reading whose metrics are a JSON null ->
 *          both series' 05-04 left raw, every row of it;
 *   05-05: the meter has a compacted row already and raw rows too (as after a partial restore)
 *          -> the stored row kept as it was and the raw rows left; the plug's 05-05 compacted,
 *          with 12 readings from 06:00, so its slots are 72 to 83.
 */

const NOW = new Date('2031-05-13T12:00:00Z'); // the window starts 05-06 12:00: 05-03 to 05-05 are closed
const DAY = 86_400_000;
const FIVE = 300_000;
const D3 = Date.parse('2031-05-03T00:00:00Z');
const D4 = D3 + DAY;
const D5 = D4 + DAY;

let database: Database;
let home: HouseholdFixture;

const iso = (ms: number) => new Date(ms).toISOString();
const count = async (table: string, series: string, id: string, fromMs: number, toMs: number) =>
  Number(
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(series)} = ${id}::uuid and ts >= ${iso(fromMs)}::timestamptz and ts < ${iso(toMs)}::timestamptz`,
      ),
    )[0]!.n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  home = await seedHousehold(database.db, { plug: 'smart_plug' });
  const h = home.household.id;
  const plug = home.devices.plug!.id;
  const meterTimes: string[] = [];
  for (let ms = D3; ms < D5; ms += FIVE) meterTimes.push(iso(ms === D4 + 10 * 3_600_000 ? ms + 150_000 : ms));
  for (let ms = D5; ms < D5 + 12 * FIVE; ms += FIVE) meterTimes.push(iso(ms));
  await database.db.execute(sql`
    insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
    select ${h}::uuid, t, 0, 0.25, 0.25, 0, t from unnest(${`{${meterTimes.join(',')}}`}::timestamptz[]) as t`);
  await database.db.execute(sql`
    insert into meter_reading_days (household_id, day, n, slots, vi, received_at)
    values (${h}::uuid, '2031-05-05', 1, '{0}', '{1,2,3,4}', ${iso(D5)}::timestamptz)`);
  const plugTimes: string[] = [];
  for (let ms = D3; ms < D5; ms += FIVE) plugTimes.push(iso(ms));
  for (let ms = D5 + 6 * 3_600_000; ms < D5 + 7 * 3_600_000; ms += FIVE) plugTimes.push(iso(ms));
  await database.db.execute(sql`
    insert into device_readings (device_id, ts, power_w, energy_kwh, relay_on, metrics, received_at)
    select ${plug}::uuid, t, 12, 0.001, true, case when t = ${iso(D4 + 7 * 3_600_000)}::timestamptz then 'null'::jsonb end, t
    from unnest(${`{${plugTimes.join(',')}}`}::timestamptz[]) as t`);
}, 120_000);
afterAll(() => database.close());

describe('days compaction leaves raw', () => {
  it('compacts the days it can and leaves every row of the others, beside them in one batch', async () => {
    const h = home.household.id;
    const plug = home.devices.plug!.id;
    const batch = await database.db.transaction((tx) => runReadingCompaction(tx, NOW, null));
    // Meter: 05-03 only (288 rows); plug: 05-03 and 05-05 (288 + 12).
    expect(batch).toMatchObject({ meterDays: 1, deviceDays: 2, meterRows: 288, deviceRows: 300 });

    expect(await count('meter_readings', 'household_id', h, D3, D4)).toBe(0);
    expect(await count('meter_readings', 'household_id', h, D4, D5)).toBe(288);
    expect(await count('meter_readings', 'household_id', h, D5, D5 + DAY)).toBe(12);
    expect(await count('device_readings', 'device_id', plug, D3, D4)).toBe(0);
    expect(await count('device_readings', 'device_id', plug, D4, D5)).toBe(288);
    expect(await count('device_readings', 'device_id', plug, D5, D5 + DAY)).toBe(0);

    const meterDays = rowsOf<{ day: string; n: number; slots: number[] | null; vi: number[] }>(
      await database.db.execute(sql`select day::text as day, n, slots, vi from meter_reading_days where household_id = ${h}::uuid order by day`),
    );
    expect(meterDays.map((d) => [d.day, d.n, d.slots])).toEqual([
      ['2031-05-03', 288, null],
      ['2031-05-05', 1, [0]],
    ]);
    // 288 of each column, one after the other: 0, 250, 250, 0 thousandths.
    expect(meterDays[0]!.vi).toEqual([...Array(288).fill(0), ...Array(288).fill(250), ...Array(288).fill(250), ...Array(288).fill(0)]);
    expect(meterDays[1]!.vi).toEqual([1, 2, 3, 4]);

    const plugDays = rowsOf<{ day: string; n: number; slots: number[] | null; vi: number[]; relay_on: boolean[] }>(
      await database.db.execute(sql`select day::text as day, n, slots, vi, relay_on from device_reading_days where device_id = ${plug}::uuid order by day`),
    );
    expect(plugDays.map((d) => [d.day, d.n, d.slots])).toEqual([
      ['2031-05-03', 288, null],
      ['2031-05-05', 12, Array.from({ length: 12 }, (_, i) => 72 + i)],
    ]);
    expect(plugDays[1]!.vi).toEqual([...Array(12).fill(12000), ...Array(12).fill(1), ...Array(12).fill(null)]);
    expect(plugDays[1]!.relay_on).toEqual(Array(12).fill(true));
  });
});
