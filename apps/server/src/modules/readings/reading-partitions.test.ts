import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startDurableWorker } from '../../jobs/durable-worker';
import { readingPartitionJobHandlers } from '../../jobs/reading-partition-jobs';
import { createLogger } from '../../lib/logger';
import { validateBatch } from '../../telemetry/validate-readings';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { createMonthPartitions } from './reading-partitions.repository';
import { scheduleReadingPartitions } from './reading-partitions.service';
import { storeReadings } from './reading-store';

// Years past anything the migration made (it makes the months around the day it ran), so every
// partition seen here was made by the job under test.
const NOW = new Date('2031-05-15T12:00:00Z');
const logger = createLogger({ level: 'silent' });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Partition = { parent: string; name: string; bound: string };

/** Every partition of the readings tables with its bounds, as the catalogue has them. */
async function partitions(): Promise<Partition[]> {
  return rowsOf<Partition>(
    await database.db.execute(sql`
      select p.relname as parent, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname in ('meter_readings', 'device_readings') order by 1, 2`),
  );
}

const holderOf = async (table: 'meter_readings' | 'device_readings', ts: string) =>
  rowsOf<{ holder: string }>(await database.db.execute(sql`select tableoid::regclass::text as holder from ${sql.raw(table)} where ts = ${ts}::timestamptz`)).map((r) => r.holder);

describe('readings in monthly partitions', () => {
  it('makes this month and the three after it for both tables when the job runs, and schedules next month’s run', async () => {
    await scheduleReadingPartitions(database.db, NOW);
    const worker = startDurableWorker({ db: database.db, handlers: readingPartitionJobHandlers({ retentionMonths: 25 }), logger, clock: () => NOW });
    expect(await worker.runDue()).toBe(1);
    await worker.stop();

    const made = (await partitions()).filter((p) => p.name.includes('_2031_'));
    // Bounds written by hand: UTC month starts, each partition up to the next one.
    const months = [
      ['2031_05', '2031-05-01', '2031-06-01'],
      ['2031_06', '2031-06-01', '2031-07-01'],
      ['2031_07', '2031-07-01', '2031-08-01'],
      ['2031_08', '2031-08-01', '2031-09-01'],
    ];
    const expected = ['device_readings', 'meter_readings'].flatMap((parent) => months.map(([suffix]) => `${parent}_${suffix}`));
    expect(made.map((p) => p.name)).toEqual(expected);
    for (const p of made) {
      const [, from, to] = months.find(([suffix]) => p.name.endsWith(suffix!))!;
      expect(p.bound).toMatch(new RegExp(`^FOR VALUES FROM \\('${from} 00:00:00\\+00'\\) TO \\('${to} 00:00:00\\+00'\\)$`));
    }
    expect((await partitions()).filter((p) => p.bound === 'DEFAULT').map((p) => p.name)).toEqual(['device_readings_default', 'meter_readings_default']);
    expect(await jobsByKeyPrefix(database.db, 'readings-partitions:')).toEqual([
      expect.objectContaining({ key: 'readings-partitions:2031-05', status: 'done' }),
      expect.objectContaining({ key: 'readings-partitions:2031-06', status: 'queued', runAt: '2031-06-01T00:00:00Z' }),
    ]);
  });

  it('stores a reading in its month’s partition, through the ingest writer', async () => {
    const home = await seedHousehold(database.db, { plug: 'smart_plug' });
    const validated = validateBatch(
      {
        meter: [{ ts: '2031-05-15T10:00:00Z', productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 }],
        devices: [{ device: 'plug', ts: '2031-05-15T10:00:00Z', powerW: 100, energyKwh: 0.01 }],
      },
      NOW,
    );
    if (!validated.ok) throw new Error(validated.message);
    const context = { deviceIds: new Map([['plug', home.devices.plug!.id]]) };
    await database.db.transaction((tx) => storeReadings(tx, [{ householdId: home.household.id, validated, context }], NOW));
    expect(await holderOf('meter_readings', '2031-05-15T10:00:00Z')).toEqual(['meter_readings_2031_05']);
    expect(await holderOf('device_readings', '2031-05-15T10:00:00Z')).toEqual(['device_readings_2031_05']);
  });

  it('runs again without error and without a second partition of any month', async () => {
    const before = await partitions();
    const again = await database.db.transaction((tx) => createMonthPartitions(tx, [new Date('2031-05-01T00:00:00Z'), new Date('2031-08-01T00:00:00Z')]));
    expect(again.map((r) => r.outcome)).toEqual(['exists', 'exists', 'exists', 'exists']);
    expect(await partitions()).toEqual(before);
  });

  it('takes turns when two runs start at once: each month made once, no error', async () => {
    const months = [new Date('2033-01-01T00:00:00Z'), new Date('2033-02-01T00:00:00Z')];
    const before = (await partitions()).length;
    // On PostgreSQL each transaction holds a connection of its own, so the two really overlap.
    const runs = await Promise.all([1, 2].map(() => database.db.transaction((tx) => createMonthPartitions(tx, months))));
    const outcomes = runs.flat().map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'exists')).toHaveLength(4);
    expect((await partitions()).length).toBe(before + 4);
  });

  it('keeps a reading far in the future in DEFAULT, and leaves it there when its month is asked for', async () => {
    const home = await seedHousehold(database.db);
    await database.db.execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      values (${home.household.id}::uuid, '2099-03-10T00:00:00Z', 0, 0.3, 0.3, 0)`);
    expect(await holderOf('meter_readings', '2099-03-10T00:00:00Z')).toEqual(['meter_readings_default']);

    const asked = await database.db.transaction((tx) => createMonthPartitions(tx, [new Date('2099-03-01T00:00:00Z')]));
    expect(asked).toEqual([
      { table: 'meter_readings', month: '2099-03-01T00:00:00.000Z', outcome: 'in_default' },
      { table: 'device_readings', month: '2099-03-01T00:00:00.000Z', outcome: 'created' },
    ]);
    expect(await holderOf('meter_readings', '2099-03-10T00:00:00Z')).toEqual(['meter_readings_default']);
    expect((await partitions()).map((p) => p.name)).not.toContain('meter_readings_2099_03');
  });

  it('refuses a month start that is not the first instant of a UTC month, and makes nothing', async () => {
    const before = await partitions();
    const failure = await database.db.transaction((tx) => createMonthPartitions(tx, [new Date('2034-01-01T05:00:00Z')])).catch((error: unknown) => error);
    expect(String((failure as Error).cause)).toMatch(/Not the start of a UTC month/);
    expect(await partitions()).toEqual(before);
  });
});
