import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { validateBatch } from '../../telemetry/validate-readings';
import { seedHousehold, type HouseholdFixture } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { latestReading as latestDeviceReading } from '../devices/devices-read.repository';
import { rawSums } from '../energy/energy-rollups.repository';
import { gridImportIntervals } from '../events/events.repository';
import { intervalLitres } from '../plumbing/plumbing.repository';
import { exportDeviceReadingsPage, exportReadingsPage } from '../privacy-exports/privacy-export-data.repository';
import { runReadingCompaction } from './reading-compaction.service';
import { storeReadings } from './reading-store';
import { allPages } from '../../test/all-pages';

/*
 * Compacted days as integer thousandths where that is exact (decision 127). Three closed UTC days
 * go through the ingest writer and the compaction job's step:
 *   05-03: whole Wh and whole or tenth W everywhere -> every series on the integer form;
 *   05-04: doubles with all their digits (as the simulator sends) -> every series on doubles;
 *   05-05: as 05-03, but one meter value is 0.1 + 0.2 and one tank power has a fourth decimal ->
 *          those two series keep doubles for the whole day, the plug (still exact) takes integers.
 * The read paths must give back the very doubles that were sent, compared with Object.is.
 */

const NOW = new Date('2031-05-13T12:00:00Z'); // the window starts 05-06 12:00: 05-03 to 05-05 are closed
const FIRST_DAY = Date.parse('2031-05-03T00:00:00Z');
const DAY = 86_400_000;
const FIVE = 300_000;
const ODD_METER = Date.parse('2031-05-05T12:00:00Z');
const ODD_TANK = Date.parse('2031-05-05T13:00:00Z');

type Meter = { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number };
type DeviceSent = { device: string; ts: string; powerW: number; energyKwh?: number; efficiency?: number; on?: boolean; metrics?: Record<string, number> };

let database: Database;
let home: HouseholdFixture;
const sentMeter: Meter[] = [];
const sentDevices: DeviceSent[] = [];

/** One reading of each series at `ms`; `precise` gives doubles with all their digits. */
function readingsAt(ms: number, precise: boolean): { meter: Meter; devices: DeviceSent[] } {
  const k = ms / FIVE;
  const slot = k % 288;
  const ts = new Date(ms).toISOString();
  // Whole Wh as a meter counts them, then in kWh: the double nearest to n / 1000.
  let madeWh = slot > 100 && slot < 200 ? (k * 13) % 300 : 0;
  let usedWh = 50 + ((k * 37) % 500);
  if (precise) {
    madeWh += slot > 100 && slot < 200 ? Math.cos(k) / 7 : 0;
    usedWh += Math.sin(k) / 3;
  }
  const meter: Meter = {
    ts,
    productionKwh: madeWh / 1000,
    consumptionKwh: usedWh / 1000,
    gridImportKwh: Math.max(0, usedWh - madeWh) / 1000,
    gridExportKwh: Math.max(0, madeWh - usedWh) / 1000,
  };
  if (ms === ODD_METER) Object.assign(meter, { productionKwh: 0, consumptionKwh: 0.1 + 0.2, gridImportKwh: 0.1 + 0.2, gridExportKwh: 0 });
  const plugW = precise ? 40 + (k % 13) * 9.3 + 1 / 7 : 10 + (k % 50) * 3;
  const tankW = precise ? 500 + Math.tan(k) / 11 : (4500 + (k % 9)) / 10; // tenths of a W
  const devices: DeviceSent[] = [
    // Energy left out of one reading in five and the relay of two in three: NULLs inside the integers.
    { device: 'plug', ts, powerW: plugW, ...(k % 5 === 0 ? {} : { energyKwh: Math.round(plugW / 12) / 1000 }), ...(k % 3 === 0 ? { on: k % 2 === 0 } : {}) },
    {
      device: 'tank',
      ts,
      powerW: ms === ODD_TANK ? 450.1234 : tankW,
      energyKwh: precise ? tankW / 12000 : Math.round(tankW / 12) / 1000,
      ...(k % 4 === 0 ? { efficiency: precise ? 91.25 + (k % 11) / 3 : 91.25 } : {}),
      ...(k % 6 === 0 ? {} : { metrics: { litres: (k % 17) / 4 } }),
    },
  ];
  return { meter, devices };
}

beforeAll(async () => {
  database = await createTestDatabase();
  home = await seedHousehold(database.db, { plug: 'smart_plug', tank: 'water_heater' }, { timeZone: 'UTC' });
  for (let d = 0; d < 3; d += 1) {
    const meter: Meter[] = [];
    const devices: DeviceSent[] = [];
    for (let ms = FIRST_DAY + d * DAY; ms < FIRST_DAY + (d + 1) * DAY; ms += FIVE) {
      const at = readingsAt(ms, d === 1);
      meter.push(at.meter);
      devices.push(...at.devices);
    }
    sentMeter.push(...meter);
    sentDevices.push(...devices);
    const validated = validateBatch({ meter, devices }, NOW);
    if (!validated.ok) throw new Error(validated.message);
    const context = { deviceIds: new Map([['plug', home.devices.plug!.id], ['tank', home.devices.tank!.id]]) };
    const [result] = await database.db.transaction((tx) => storeReadings(tx, [{ householdId: home.household.id, validated, context }], NOW));
    expect(result!.rejected).toEqual([]);
  }
}, 120_000);
afterAll(() => database.close());

async function answers() {
  const db = database.db;
  const h = home.household.id;
  const plug = home.devices.plug!.id;
  const tank = home.devices.tank!.id;
  return {
    meterExport: await allPages((after) => exportReadingsPage(db, h, after, 500)),
    plugExport: await allPages((after) => exportDeviceReadingsPage(db, plug, after, 500)),
    tankExport: await allPages((after) => exportDeviceReadingsPage(db, tank, after, 500)),
    baseline: await gridImportIntervals(db, h, new Date(FIRST_DAY), NOW),
    raw: [...(await rawSums(db, h, new Date(FIRST_DAY + 3600_000), new Date(FIRST_DAY + 3 * DAY - 7200_000)))],
    litres: await intervalLitres(db, tank, new Date(FIRST_DAY), new Date(FIRST_DAY + 3 * DAY)),
    latest: await latestDeviceReading(db, plug),
  };
}

/** Each stored day's form: 'int' when its values are in `vi`, 'float' when in `v`. */
async function forms(table: 'meter_reading_days' | 'device_reading_days', key: 'household_id' | 'device_id', id: string) {
  return rowsOf<{ day: string; form: string }>(
    await database.db.execute(sql`
      select day::text as day, case when v is null and vi is not null then 'int' when vi is null and v is not null then 'float' else 'both or neither' end as form
      from ${sql.raw(table)} where ${sql.raw(key)} = ${id}::uuid order by day`),
  ).map((row) => `${row.day} ${row.form}`);
}

/** Object.is on every number, so -0 against 0 or one ulp off fails. */
function expectSameBits(actual: unknown[], expected: unknown[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, i) => expect(Object.is(value, expected[i]), `${i}: ${String(value)} vs ${String(expected[i])}`).toBe(true));
}

describe('compacted days as integer thousandths where exact', () => {
  let before: Awaited<ReturnType<typeof answers>>;

  it('stores an exact day as integers and a day with one inexact value as doubles, per series', async () => {
    before = await answers();
    const batch = await database.db.transaction((tx) => runReadingCompaction(tx, NOW, null));
    expect(batch).toMatchObject({ meterDays: 3, deviceDays: 6, meterRows: 3 * 288, deviceRows: 6 * 288 });
    expect(await forms('meter_reading_days', 'household_id', home.household.id)).toEqual(['2031-05-03 int', '2031-05-04 float', '2031-05-05 float']);
    expect(await forms('device_reading_days', 'device_id', home.devices.plug!.id)).toEqual(['2031-05-03 int', '2031-05-04 float', '2031-05-05 int']);
    expect(await forms('device_reading_days', 'device_id', home.devices.tank!.id)).toEqual(['2031-05-03 int', '2031-05-04 float', '2031-05-05 float']);
    // The integers are the thousandths, NULLs where a reading had no value.
    const [plugDay] = rowsOf<{ head: number[]; energy: (number | null)[] }>(
      await database.db.execute(sql`select vi[1:3] as head, vi[289:291] as energy from device_reading_days where device_id = ${home.devices.plug!.id}::uuid and day = '2031-05-03'`),
    );
    const k0 = FIRST_DAY / FIVE;
    expect(plugDay!.head).toEqual([0, 1, 2].map((i) => (10 + ((k0 + i) % 50) * 3) * 1000));
    expect(plugDay!.energy).toEqual([0, 1, 2].map((i) => ((k0 + i) % 5 === 0 ? null : Math.round((10 + ((k0 + i) % 50) * 3) / 12))));
  });

  it('gives back the very doubles that were sent, from either form', async () => {
    const after = await answers();
    expect(after).toEqual(before);
    // Against what was sent, not only against the raw rows' answers.
    expect(after.meterExport.length).toBe(3 * 288);
    after.meterExport.forEach((row, i) => {
      const sent = sentMeter[i]!;
      expect(Date.parse(String(row[0]))).toBe(Date.parse(sent.ts));
      expectSameBits(row.slice(1, 5), [sent.productionKwh, sent.consumptionKwh, sent.gridImportKwh, sent.gridExportKwh]);
    });
    const odd = after.meterExport.find((row) => Date.parse(String(row[0])) === ODD_METER)!;
    expect(Object.is(odd[2], 0.1 + 0.2)).toBe(true);
    for (const [name, rows] of [['plug', after.plugExport], ['tank', after.tankExport]] as const) {
      const sent = sentDevices.filter((d) => d.device === name);
      expect(rows.length).toBe(3 * 288);
      rows.forEach((row, i) => expectSameBits(row.slice(2, 5), [sent[i]!.powerW, sent[i]!.energyKwh ?? null, sent[i]!.efficiency ?? null]));
    }
  });
});

describe('reading_thousandths', () => {
  async function thousandths(values: number[]): Promise<(number | null)[]> {
    const rows = rowsOf<{ t: number | null }>(
      await database.db.execute(sql`select reading_thousandths(x) as t from unnest(${`{${values.map((v) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity' : Object.is(v, -0) ? '-0' : String(v))).join(',')}}`}::float8[]) with ordinality as u(x, i) order by i`),
    );
    return rows.map((row) => (row.t === null ? null : Number(row.t)));
  }

  it('takes a value only when its thousandths give back the same double', async () => {
    const cases: [number, number | null][] = [
      [0.1, 100],
      [0.3, 300],
      [0.1 + 0.2, null], // 0.30000000000000004
      [1e-3, 1],
      [123.456, 123456],
      [-123.456, -123456],
      [0, 0],
      [-0, null], // equal to 0, not the same bits
      [2147483.647, 2147483647],
      [-2147483.648, -2147483648],
      [2147483.648, null], // past int4
      [1e15, null],
      [0.0005, null],
      [0.0015, null],
      [5e-324, null],
      [24.000000000000004, null],
      [450.1234, null],
      [NaN, null],
      [Infinity, null],
      [-Infinity, null],
    ];
    expect(await thousandths(cases.map(([v]) => v))).toEqual(cases.map(([, t]) => t));
    const [nul] = rowsOf<{ t: number | null }>(await database.db.execute(sql`select reading_thousandths(null) as t`));
    expect(nul!.t).toBeNull();
  });

  it('agrees with a check done in JavaScript on thousands of values', async () => {
    // Exact thousandths, sums and products that miss them by an ulp, and doubles with all their digits.
    const values: number[] = [];
    for (let i = 0; i < 3000; i += 1) {
      values.push(((i * 7919) % 2_000_003) / 1000 - 1000);
      values.push((i % 97) / 1000 + (i % 89) / 1000);
      values.push(((i % 23) / 1000) * 12000);
      values.push(Math.sin(i) * 10 ** (i % 7));
    }
    // The oracle: an integer k with k / 1000 === v (IEEE division, as the decoding does) next to v * 1000.
    const expected = values.map((v) => {
      if (Object.is(v, -0)) return null;
      for (const k of [Math.floor(v * 1000), Math.ceil(v * 1000)]) if (k / 1000 === v && k >= -(2 ** 31) && k <= 2 ** 31 - 1) return k;
      return null;
    });
    const actual = await thousandths(values);
    expect(actual).toEqual(expected);
    expect(actual.filter((t) => t !== null).length).toBeGreaterThan(4000);
    expect(actual.filter((t) => t === null).length).toBeGreaterThan(1000);
  });
});
