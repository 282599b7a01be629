import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { readingCompactionJobHandlers } from '../../jobs/reading-compaction-jobs';
import { createLogger } from '../../lib/logger';
import { validateBatch } from '../../telemetry/validate-readings';
import { seedHousehold, type HouseholdFixture } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { latestReading as latestDeviceReading } from '../devices/devices-read.repository';
import { rangeSums, rawSums } from '../energy/energy-rollups.repository';
import { gridImportInRanges } from '../events/event-settlement.repository';
import { gridImportIntervals } from '../events/events.repository';
import { heaterAggregates, intervalLitres } from '../plumbing/plumbing.repository';
import { exportDeviceReadingsPage, exportReadingsPage } from '../privacy-exports/privacy-export-data.repository';
import { rebuildDailyRollups } from './daily-rollups.repository';
import { scheduleReadingCompaction } from './reading-compaction.service';
import { storeReadings } from './reading-store';
import { allPages } from '../../test/all-pages';

/*
 * Closed days compacted (decision 122). Readings of 12 UTC days are stored through the ingest
 * writer, every read path that reads raw readings is asked the same questions before and after
 * the compaction job, and the answers must be equal to the last bit. The values are doubles with
 * all their digits (as the simulator sends), a day has a gap, and device rows lack some fields.
 */

// 2031-05-15T12:00Z less 7 days is 2031-05-08T12:00Z: 05-03 to 05-07 are closed, 05-08 on open.
const NOW = new Date('2031-05-15T12:00:00Z');
const FIRST_DAY = Date.parse('2031-05-03T00:00:00Z');
const DAY = 86_400_000;
const FIVE = 300_000;
const GAP = Date.parse('2031-05-04T10:05:00Z');
const ZONE = 'America/Toronto';
const logger = createLogger({ level: 'silent' });

let database: Database;
let home: HouseholdFixture;
beforeAll(async () => {
  database = await createTestDatabase();
  home = await seedHousehold(database.db, { plug: 'smart_plug', tank: 'water_heater' }, { timeZone: ZONE });
  for (let d = 0; d < 13; d += 1) {
    const meter: Record<string, unknown>[] = [];
    const devices: Record<string, unknown>[] = [];
    for (let ms = FIRST_DAY + d * DAY; ms < Math.min(FIRST_DAY + (d + 1) * DAY, NOW.getTime()); ms += FIVE) {
      if (ms === GAP) continue;
      const k = ms / FIVE;
      const used = 0.05 + ((k * 7919) % 1000) / 7000 + Math.sin(k) / 3e3;
      const made = k % 288 > 100 && k % 288 < 200 ? 0.04 + Math.cos(k) / 17 : 0;
      meter.push({ ts: new Date(ms).toISOString(), productionKwh: Math.max(0, made), consumptionKwh: used, gridImportKwh: Math.max(0, used - made), gridExportKwh: Math.max(0, made - used) });
      const powerW = 40 + (k % 13) * 9.3 + 1 / 7;
      devices.push({ device: 'plug', ts: new Date(ms).toISOString(), powerW, ...(k % 5 === 0 ? {} : { energyKwh: powerW / 12000 }), ...(k % 3 === 0 ? { on: k % 2 === 0 } : {}) });
      devices.push({
        device: 'tank',
        ts: new Date(ms).toISOString(),
        powerW: 500 + Math.tan(k) / 11,
        energyKwh: 0.04 + (k % 7) / 300,
        ...(k % 4 === 0 ? { efficiency: 91.25 + (k % 11) / 3 } : {}),
        ...(k % 6 === 0 ? {} : { metrics: { litres: (k % 17) / 3, heatDeliveredKwh: 0.1 + (k % 9) / 70 } }),
      });
    }
    const validated = validateBatch({ meter, devices }, NOW);
    if (!validated.ok) throw new Error(validated.message);
    const context = { deviceIds: new Map([['plug', home.devices.plug!.id], ['tank', home.devices.tank!.id]]) };
    const [result] = await database.db.transaction((tx) => storeReadings(tx, [{ householdId: home.household.id, validated, context }], NOW));
    expect(result!.rejected).toEqual([]);
  }
}, 120_000);
afterAll(() => database.close());

const count = async (table: string) => Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);

/** The answers of every read path over raw readings, for this household. */
async function answers() {
  const db = database.db;
  const h = home.household.id;
  const plug = home.devices.plug!.id;
  const tank = home.devices.tank!.id;
  const from = new Date(FIRST_DAY);
  const spans = [
    [FIRST_DAY + 3600_000, FIRST_DAY + 5 * DAY + 7 * 3600_000],
    [FIRST_DAY + DAY + 9 * 3600_000, FIRST_DAY + DAY + 11 * 3600_000],
  ];
  const settlement = await gridImportInRanges(db, [{ householdId: h, group: 0 }], [spans.map(([fromMs, toMs]) => ({ fromMs: fromMs!, toMs: toMs! }))]);
  const daily = await db.transaction(async (tx) => {
    const rebuilt = await rebuildDailyRollups(tx, h, ZONE);
    const meterDaily = rowsOf(await tx.execute(sql`select * from meter_daily where household_id = ${h}::uuid order by local_date`));
    const deviceDaily = rowsOf(await tx.execute(sql`select * from device_daily where device_id in (${plug}::uuid, ${tank}::uuid) order by device_id, local_date`));
    return { rebuilt, meterDaily, deviceDaily };
  });
  return {
    settlement: [...settlement],
    baseline: await gridImportIntervals(db, h, from, NOW),
    raw: [...(await rawSums(db, h, new Date(FIRST_DAY + 2 * DAY - 3600_000), new Date(FIRST_DAY + 8 * DAY)))],
    range: await rangeSums(db, h, ZONE, new Date(FIRST_DAY + 1800_000), new Date(FIRST_DAY + 9 * DAY + 600_000)),
    // Pages of 500, so that a page ends inside a compacted day.
    meterExport: await allPages((after) => exportReadingsPage(db, h, after, 500)),
    plugExport: await allPages((after) => exportDeviceReadingsPage(db, plug, after, 500)),
    tankExport: await allPages((after) => exportDeviceReadingsPage(db, tank, after, 500)),
    litres: await intervalLitres(db, tank, new Date(FIRST_DAY + 3 * DAY), new Date(FIRST_DAY + 9 * DAY)),
    heater: await heaterAggregates(db, tank, from, NOW),
    latest: await latestDeviceReading(db, plug),
    daily,
  };
}

describe('compaction of closed days', () => {
  let before: Awaited<ReturnType<typeof answers>>;
  let openRowsBefore: unknown[];

  it('compacts every closed day into one row per series-day, and leaves the days of the window raw', async () => {
    before = await answers();
    openRowsBefore = rowsOf(await database.db.execute(sql`select * from meter_readings where ts >= '2031-05-08T00:00:00Z' order by ts`));
    // 13 days stored up to 12:00 on the 15th, one interval missing on the 4th: 12 × 288 + 144 − 1.
    expect(await count('meter_readings')).toBe(12 * 288 + 144 - 1);

    await scheduleReadingCompaction(database.db, NOW);
    const worker = startDurableWorker({ db: database.db, handlers: readingCompactionJobHandlers({ lanes: 1 }), logger, clock: () => NOW });
    expect(await worker.runDue()).toBe(1);
    await worker.stop();

    const days = rowsOf<{ day: string; n: number; slots: number }>(
      await database.db.execute(sql`select day::text as day, n, cardinality(slots) as slots from meter_reading_days order by day`),
    );
    expect(days).toEqual([
      { day: '2031-05-03', n: 288, slots: null },
      { day: '2031-05-04', n: 287, slots: 287 },
      { day: '2031-05-05', n: 288, slots: null },
      { day: '2031-05-06', n: 288, slots: null },
      { day: '2031-05-07', n: 288, slots: null },
    ]);
    expect(await count('device_reading_days')).toBe(10);
    // What is left raw is the window's days, row for row as before.
    expect(await count('meter_readings')).toBe(7 * 288 + 144);
    expect(await count('device_readings')).toBe(2 * (7 * 288 + 144));
    expect(rowsOf(await database.db.execute(sql`select * from meter_readings order by ts`))).toEqual(openRowsBefore);
    // The pass is over (one household): tomorrow's is queued.
    expect(await jobsByKeyPrefix(database.db, 'readings-compact:')).toEqual([
      expect.objectContaining({ key: 'readings-compact:2031-05-08:first', status: 'done' }),
      expect.objectContaining({ key: 'readings-compact:2031-05-09:first', status: 'queued', runAt: '2031-05-16T00:00:00Z' }),
    ]);
  });

  it('answers every read path exactly as before', async () => {
    const after = await answers();
    expect(after).toEqual(before);
    // The comparison is not empty: the closed days are in the answers.
    expect(before.meterExport.length).toBe(12 * 288 + 144 - 1);
    expect(before.baseline[0]!.start.toISOString()).toBe('2031-05-03T00:00:00.000Z');
  });

  it('compacts nothing twice and nothing inside the window when run again', async () => {
    const daysBefore = rowsOf(await database.db.execute(sql`select * from meter_reading_days order by day`));
    await database.db.transaction(async (tx) => {
      const { runReadingCompaction } = await import('./reading-compaction.service');
      const batch = await runReadingCompaction(tx, NOW, null);
      expect(batch).toMatchObject({ meterDays: 0, deviceDays: 0, meterRows: 0, deviceRows: 0 });
    });
    expect(rowsOf(await database.db.execute(sql`select * from meter_reading_days order by day`))).toEqual(daysBefore);
    expect(rowsOf(await database.db.execute(sql`select * from meter_readings order by ts`))).toEqual(openRowsBefore);
  });

  it('refuses a late reading of a compacted day as a closed correction, and counts a resend as a duplicate', async () => {
    const stored = before.meterExport.find((row) => Date.parse(String(row[0])) === Date.parse('2031-05-05T10:00:00Z'))!;
    const same = { ts: '2031-05-05T10:00:00Z', productionKwh: stored[1], consumptionKwh: stored[2], gridImportKwh: stored[3], gridExportKwh: stored[4] };
    const changed = { ...same, ts: '2031-05-05T10:05:00Z', consumptionKwh: 9.5 };
    const filling = { ...same, ts: new Date(GAP).toISOString() };
    const validated = validateBatch({ meter: [same, changed, filling], devices: [{ device: 'plug', ts: '2031-05-05T10:00:00Z', powerW: 1 }] }, NOW);
    if (!validated.ok) throw new Error(validated.message);
    const context = { deviceIds: new Map([['plug', home.devices.plug!.id]]) };
    const [result] = await database.db.transaction((tx) => storeReadings(tx, [{ householdId: home.household.id, validated, context }], NOW));
    expect(result).toMatchObject({ accepted: 0, corrected: 0, duplicates: 1 });
    expect(result!.rejected.map((r) => [r.series, r.reason])).toEqual([
      ['meter', 'correction_window_closed'],
      ['meter', 'correction_window_closed'],
      ['device', 'correction_window_closed'],
    ]);
    expect(await count('meter_readings')).toBe(7 * 288 + 144);
    expect(await answers()).toEqual(before);
  });
});
