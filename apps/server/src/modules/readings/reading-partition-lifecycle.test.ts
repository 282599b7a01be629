import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { readingPartitionJobHandlers } from '../../jobs/reading-partition-jobs';
import { createLogger } from '../../lib/logger';
import { readSolarSummary } from '../energy/energy-solar.repository';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { createMonthPartitions } from './reading-partitions.repository';
import { READING_PARTITIONS_JOB, runReadingPartitions, scheduleReadingPartitions } from './reading-partitions.service';

// With 25 months kept, the raw horizon on 15 May 2031 is 1 April 2029 (May 2031 less 25 months,
// counted by hand). Every month used here is far from the months the migration made.
const NOW = new Date('2031-05-15T12:00:00Z');
const logger = createLogger({ level: 'silent' });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(statement));

/** Runs the partitions job to its end, a step a transaction, as the server's worker does. */
let runs = 0;
async function runJob(options: { seriesPerBatch?: number; defaultRowsPerBatch?: number; compactedDaysPerBatch?: number } = {}) {
  // This month's run is done after the first test: each later one is a run of its own key.
  runs += 1;
  if (runs === 1) await scheduleReadingPartitions(database.db, NOW);
  else await scheduleJob(database.db, { name: READING_PARTITIONS_JOB, key: `readings-partitions:test-${runs}`, runAt: NOW });
  const worker = startDurableWorker({ db: database.db, handlers: readingPartitionJobHandlers({ retentionMonths: 25, ...options }), logger, clock: () => NOW });
  const ran = await worker.runDue();
  await worker.stop();
  return ran;
}

const tablesNamed = async (pattern: string) =>
  (await query<{ name: string }>(sql`select relname as name from pg_class where relkind in ('r', 'p') and relname like ${pattern} order by 1`)).map((r) => r.name);

async function insertMeter(householdId: string, ts: string, consumption: number) {
  await database.db.execute(sql`
    insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
    values (${householdId}::uuid, ${ts}::timestamptz, 0, ${consumption}, ${consumption}, 0)
    on conflict (household_id, ts) do update set consumption_kwh = excluded.consumption_kwh, grid_import_kwh = excluded.grid_import_kwh`);
}

/** What a month holds, from the raw rows, and which tables hold them. */
async function monthOf(from: string, to: string) {
  const [totals] = await query<{ n: number; kwh: number }>(
    sql`select count(*)::int as n, coalesce(sum(consumption_kwh), 0)::float8 as kwh from meter_readings where ts >= ${from}::timestamptz and ts < ${to}::timestamptz`,
  );
  const holders = await query<{ holder: string }>(
    sql`select distinct tableoid::regclass::text as holder from meter_readings where ts >= ${from}::timestamptz and ts < ${to}::timestamptz order by 1`,
  );
  return { ...totals!, holders: holders.map((r) => r.holder) };
}

describe('raw readings past the horizon', () => {
  it('detaches and drops every month before the horizon, keeps the rollups, and deletes DEFAULT rows past it in batches', async () => {
    const home = await seedHousehold(database.db);
    const id = home.household.id;
    await database.db.transaction((tx) => createMonthPartitions(tx, [new Date('2029-03-01T00:00:00Z'), new Date('2029-04-01T00:00:00Z')]));
    await insertMeter(id, '2029-03-31T23:55:00Z', 0.4);
    await insertMeter(id, '2029-04-01T00:00:00Z', 0.5);
    await database.db.execute(sql`
      insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
      values (${id}::uuid, '2029-03-31T23:00:00Z', 0, 0.4, 0.4, 0, 1)`);
    // Five readings of 2020 with no month of their own: they wait in DEFAULT.
    for (let i = 0; i < 5; i += 1) await insertMeter(id, `2020-01-01T00:${String(i * 5).padStart(2, '0')}:00Z`, 1);
    expect((await monthOf('2020-01-01', '2020-02-01')).holders).toEqual(['meter_readings_default']);

    // Two DEFAULT rows a step: 5 rows take three steps, each its own transaction and run.
    expect(await runJob({ defaultRowsPerBatch: 2 })).toBe(3);

    expect(await tablesNamed('meter_readings_2029_0%')).toEqual(['meter_readings_2029_04']);
    expect(await tablesNamed('device_readings_2029_0%')).toEqual(['device_readings_2029_04']);
    expect(await monthOf('2029-03-01', '2029-04-01')).toEqual({ n: 0, kwh: 0, holders: [] });
    expect(await monthOf('2029-04-01', '2029-05-01')).toEqual({ n: 1, kwh: 0.5, holders: ['meter_readings_2029_04'] });
    expect(await monthOf('2020-01-01', '2020-02-01')).toEqual({ n: 0, kwh: 0, holders: [] });
    expect(await query(sql`select consumption_kwh::float8 as kwh from meter_hourly where household_id = ${id}::uuid`)).toEqual([{ kwh: 0.4 }]);
    // The Solar screen counts coverage from the first reading: past the horizon the hourly
    // rollups say when that was (23:00, the hour of the dropped 23:55 reading), not the first
    // raw row left (1 April 00:00).
    const span = { from: new Date('2031-05-15T04:00:00Z'), to: new Date('2031-05-16T04:00:00Z') };
    const solar = await readSolarSummary(database.db, { id, timeZone: 'America/Toronto' }, 'week', { current: span, previous: span, dates: ['2031-05-15'], seriesEnd: null });
    expect(solar.meter.firstReadingAt?.toISOString()).toBe('2029-03-31T23:00:00.000Z');
    // The months the migration made (2026, around the day it ran) are past the horizon too.
    expect(await tablesNamed('meter_readings_2026_%')).toEqual([]);
  });
});

describe('compacted days past the horizon', () => {
  it('deletes them from both day tables in batches and keeps the horizon’s first day', async () => {
    const home = await seedHousehold(database.db, { 'plug-1': 'smart_plug' });
    const id = home.household.id;
    const deviceId = home.devices['plug-1']!.id;
    // One reading a day is enough for the tables' checks: n = 1, 4 meter values, 3 device values.
    for (const day of ['2029-03-29', '2029-03-30', '2029-03-31', '2029-04-01']) {
      await database.db.execute(sql`insert into meter_reading_days (household_id, day, n, v, received_at) values (${id}::uuid, ${day}::date, 1, '{0, 0.3, 0.3, 0}', now())`);
    }
    for (const day of ['2029-03-31', '2029-04-01']) {
      await database.db.execute(sql`
        insert into device_reading_days (device_id, day, household_id, n, v, relay_on, metrics, received_at)
        values (${deviceId}::uuid, ${day}::date, ${id}::uuid, 1, '{60, 0.005, null}', '{true}', '[null]', now())`);
    }

    // The horizon is 1 April 2029 (25 months before May 2031): four old days, two a step, then a
    // step that finds none.
    expect(await runJob({ compactedDaysPerBatch: 2 })).toBe(3);

    const days = async (table: string) => (await query<{ day: string }>(sql`select day::text as day from ${sql.raw(table)} where household_id = ${id}::uuid order by 1`)).map((r) => r.day);
    expect(await days('meter_reading_days')).toEqual(['2029-04-01']);
    expect(await days('device_reading_days')).toEqual(['2029-04-01']);
  });
});

describe('closed months that compaction emptied', () => {
  it('are truncated to give their disk back; a closed month with a row left, and an open one, keep theirs', async () => {
    const home = await seedHousehold(database.db);
    const id = home.household.id;
    const [emptied, kept, open] = ['2030-08-01', '2030-09-01', '2031-05-01'].map((d) => new Date(`${d}T00:00:00Z`));
    await database.db.transaction((tx) => createMonthPartitions(tx, [emptied!, kept!, open!]));
    // A day of readings in each, then every row of August and May deleted, as compaction does
    // with a month's closed days: the rows are gone, the pages stay.
    for (const month of ['2030-08', '2030-09', '2031-05']) {
      for (let i = 0; i < 288; i += 1) await insertMeter(id, new Date(Date.parse(`${month}-03T00:00:00Z`) + i * 300_000).toISOString(), 0.2);
    }
    await database.db.execute(sql`delete from meter_readings where household_id = ${id}::uuid and (ts < '2030-09-01' or ts >= '2031-05-01')`);
    // VACUUM gives the emptied table's own pages back, not its key's.
    await database.db.execute(sql`vacuum meter_readings_2030_08`);
    const pages = async (name: string) => (await query<{ pages: number }>(sql`select (pg_total_relation_size(${name}::regclass) / 8192)::int as pages`))[0]!.pages;
    expect(await pages('meter_readings_2030_08')).toBeGreaterThan(1);

    await runJob();

    // An empty month is its key's metapage alone.
    expect(await pages('meter_readings_2030_08')).toBe(1);
    expect(await pages('meter_readings_2030_09')).toBeGreaterThan(1);
    // May 2031 is the month of NOW, still inside the correction window: left alone, even empty.
    expect(await pages('meter_readings_2031_05')).toBeGreaterThan(1);
    expect((await monthOf('2030-09-01', '2030-10-01')).n).toBe(288);
  });
});

describe('a month out of DEFAULT', () => {
  it('moves the month’s rows into a partition of their own, a few households a step, none lost or doubled, while a writer keeps writing', async () => {
    const homes = await Promise.all([1, 2, 3, 4, 5, 6].map(() => seedHousehold(database.db)));
    // By hand: each home 40 readings from 10 January 2030 00:00, 5 minutes apart, of 0.25 kWh.
    const expected = new Map<string, number>();
    for (const home of homes) {
      for (let i = 0; i < 40; i += 1) {
        const ts = new Date(Date.UTC(2030, 0, 10, 0, i * 5)).toISOString();
        await insertMeter(home.household.id, ts, 0.25);
        expected.set(`${home.household.id} ${ts}`, 0.25);
      }
    }
    expect(await monthOf('2030-01-01', '2030-02-01')).toEqual({ n: 240, kwh: 60, holders: ['meter_readings_default'] });
    // A reading of the month after, also in DEFAULT: moved on its own in the same run.
    await insertMeter(homes[0]!.household.id, '2030-02-03T00:00:00Z', 2);

    // The writer: new readings (the day after) and corrections of readings already copied, on
    // connections of its own on PostgreSQL, for as long as the job runs.
    let done = false;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; !done || i < 12; i += 1) {
        const home = homes[i % homes.length]!.household.id;
        const fresh = new Date(Date.UTC(2030, 0, 11, 0, (i % 200) * 5)).toISOString();
        const corrected = new Date(Date.UTC(2030, 0, 10, 0, (i % 40) * 5)).toISOString();
        await insertMeter(home, fresh, 0.5);
        await insertMeter(home, corrected, 1);
        expected.set(`${home} ${fresh}`, 0.5);
        expected.set(`${home} ${corrected}`, 1);
        written += 2;
      }
    })();
    const ran = await runJob({ seriesPerBatch: 2 });
    done = true;
    await writer;
    expect(written).toBeGreaterThanOrEqual(24);
    // Create, three batches of two households, attach; then create and attach for February (one
    // household, one batch), and the last run finds nothing: 1 + 3 + 1 + 1 + 1 + 1 + 1 = 9.
    expect(ran).toBe(9);

    const rows = await query<{ key: string; kwh: number; holder: string }>(sql`
      select household_id::text || ' ' || to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as key,
        consumption_kwh::float8 as kwh, tableoid::regclass::text as holder
      from meter_readings where ts >= '2030-01-01T00:00:00Z' and ts < '2030-02-01T00:00:00Z'`);
    // A write that landed after the move is in the attached partition too: everything ends there.
    expect(new Set(rows.map((r) => r.holder))).toEqual(new Set(['meter_readings_2030_01']));
    expect(rows).toHaveLength(expected.size);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.kwh]))).toEqual(Object.fromEntries(expected));
    const [sums] = await query<{ kwh: number }>(sql`select sum(consumption_kwh)::float8 as kwh from meter_readings where ts >= '2030-01-01' and ts < '2030-02-01'`);
    expect(sums!.kwh).toBeCloseTo([...expected.values()].reduce((a, b) => a + b, 0), 9);

    expect(await monthOf('2030-02-01', '2030-03-01')).toEqual({ n: 1, kwh: 2, holders: ['meter_readings_2030_02'] });
    expect(await query(sql`select count(*)::int as n from meter_readings_default where ts >= '2030-01-01' and ts < '2030-03-01'`)).toEqual([{ n: 0 }]);
    const bounds = await query<{ bound: string }>(sql`
      select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.relname = 'meter_readings_2030_01'`);
    expect(bounds[0]!.bound).toMatch(/^FOR VALUES FROM \('2030-01-01 00:00:00\+00'\) TO \('2030-02-01 00:00:00\+00'\)$/);
    // The correction trigger came with the parent: a correction now is audited.
    const before = await query<{ n: number }>(sql`select count(*)::int as n from reading_corrections`);
    await database.db.execute(sql`update meter_readings set consumption_kwh = 9 where household_id = ${homes[1]!.household.id}::uuid and ts = '2030-01-10T00:00:00Z'`);
    expect(await query(sql`select count(*)::int as n from reading_corrections`)).toEqual([{ n: before[0]!.n + 1 }]);
  });

  it('resumes after a step that failed: the batches already committed stay, the next one carries on', async () => {
    const homes = await Promise.all([1, 2, 3].map(() => seedHousehold(database.db)));
    for (const home of homes) for (let i = 0; i < 10; i += 1) await insertMeter(home.household.id, new Date(Date.UTC(2030, 5, 1, 0, i * 5)).toISOString(), 0.1);
    const options = { retentionMonths: 25, seriesPerBatch: 1 };
    expect((await database.db.transaction((tx) => runReadingPartitions(tx, NOW, options))).moved).toMatchObject({ step: 'created' });
    expect((await database.db.transaction((tx) => runReadingPartitions(tx, NOW, options))).moved).toMatchObject({ step: 'copied', series: 1, rows: 10 });
    // A step that dies before its commit (a crash) leaves nothing of itself.
    const crash = new Error('crash');
    await expect(
      database.db.transaction(async (tx) => {
        await runReadingPartitions(tx, NOW, options);
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await query(sql`select count(*)::int as n from meter_readings_2030_06`)).toEqual([{ n: 10 }]);
    expect((await database.db.transaction((tx) => runReadingPartitions(tx, NOW, options))).moved).toMatchObject({ step: 'copied', series: 1, rows: 10 });
    expect((await database.db.transaction((tx) => runReadingPartitions(tx, NOW, options))).moved).toMatchObject({ step: 'copied', series: 1, rows: 10 });
    // A reading deleted from DEFAULT after its batch was copied does not come back with the month.
    await database.db.execute(sql`delete from meter_readings where household_id = ${homes[0]!.household.id}::uuid and ts = '2030-06-01T00:00:00Z'`);
    expect((await database.db.transaction((tx) => runReadingPartitions(tx, NOW, options))).moved).toMatchObject({ step: 'attached', caughtUp: 0, deleted: 29 });
    expect(await monthOf('2030-06-01', '2030-07-01')).toMatchObject({ n: 29, holders: ['meter_readings_2030_06'] });
  });
});
