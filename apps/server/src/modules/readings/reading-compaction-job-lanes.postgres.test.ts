import { compactionLanes } from '@peakwise/domain/reading-compaction-lanes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startDurableWorker, type JobHandler } from '../../jobs/durable-worker';
import { readingCompactionJobHandlers } from '../../jobs/reading-compaction-jobs';
import { createLogger } from '../../lib/logger';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { claimDueJobs, jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { READING_COMPACTION_JOB, scheduleReadingCompaction } from './reading-compaction.service';

/*
 * The compaction job in lanes (decision 130), as two server processes run it: two pools on one
 * PostgreSQL database, each with its own durable worker, both scheduling the pass at start. 70
 * homes, each a meter and a plug with two closed UTC days written straight into the tables, in
 * 3 lanes of the id space (about 23 homes each, so most lanes take two runs of 20).
 *
 * First the processes break mid-way: one claims a lane's first run and dies holding it (its lease
 * runs out a minute later); the other runs two runs, then every run it tries fails after its step
 * (rolled back, retried a minute later). Then both restart, schedule the pass again and run until
 * nothing is due. Every series-day must be stored once, every reading read back as written, and
 * each lane's chain be exactly its runs: one a full batch of 20 homes, plus the last.
 */

const NOW = new Date('2031-05-13T12:00:00Z'); // 05-04 and 05-05 closed; 05-06 is the first open day
const LATER = new Date(NOW.getTime() + 120_000); // past the dead claim's lease and the failed runs' 1-minute back-off
const D4 = Date.parse('2031-05-04T00:00:00Z');
const DAY = 86_400_000;
const FIVE = 300_000;
const HOMES = 70;
const LANES = 3;
const BATCH = 20;
const logger = createLogger({ level: 'silent' });

let database: Database;
let second: Database;
const homes: string[] = [];
const plugs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The second process: a pool of its own on the same database.
  const [{ name }] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
  const url = new URL(inject('testDatabaseUrl'));
  url.pathname = `/${name}`;
  second = createDatabase({ url: url.toString() });
  for (let i = 0; i < HOMES; i += 1) {
    const home = await seedHousehold(database.db, { plug: 'smart_plug' });
    homes.push(home.household.id);
    plugs.push(home.devices.plug!.id);
  }
  const times: string[] = [];
  for (let ms = D4; ms < D4 + 2 * DAY; ms += FIVE) times.push(new Date(ms).toISOString());
  const list = `{${times.join(',')}}`;
  // Whole Wh and W, different for every home, reading and column, so a value moved to another
  // slot, day or home shows.
  await database.db.execute(sql`
    insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
    select h, t, (k % 7) / 1000.0, (k % 11 + h_i) / 1000.0, (k % 13) / 1000.0, h_i / 1000.0, t
    from unnest(${`{${homes.join(',')}}`}::uuid[]) with ordinality as u(h, h_i)
    cross join unnest(${list}::timestamptz[]) with ordinality as v(t, k)`);
  await database.db.execute(sql`
    insert into device_readings (device_id, ts, power_w, energy_kwh, relay_on, received_at)
    select d, t, k + d_i, (k % 5) / 1000.0, k % 2 = 0, t
    from unnest(${`{${plugs.join(',')}}`}::uuid[]) with ordinality as u(d, d_i)
    cross join unnest(${list}::timestamptz[]) with ordinality as v(t, k)`);
}, 180_000);
afterAll(async () => {
  await second?.close();
  await database?.close();
});

// Every reading as the screens read it (compacted days and raw rows), received_at aside: a
// compacted day keeps only its latest.
const meterReadings = async () =>
  rowsOf(await database.db.execute(sql`select household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh from meter_readings_all order by 1, 2`));
const plugReadings = async () => rowsOf(await database.db.execute(sql`select device_id, ts, power_w, energy_kwh, relay_on from device_readings_all order by 1, 2`));
const counts = async () =>
  rowsOf<{ meter: number; device: number; meterDays: number; deviceDays: number }>(
    await database.db.execute(sql`select (select count(*) from meter_readings)::int as meter, (select count(*) from device_readings)::int as device,
      (select count(*) from meter_reading_days)::int as "meterDays", (select count(*) from device_reading_days)::int as "deviceDays"`),
  )[0]!;

// The job's keys, written out here from the lanes' bounds and the homes' ids: a lane's chain is
// its first run, then one run after each full batch of 20 homes.
const key = (day: string, after: string | null, until: string | null) => `readings-compact:${day}:${after ?? 'first'}${until === null ? '' : `:until-${until}`}`;
function expectedChains(day: string) {
  const sorted = [...homes].sort();
  return compactionLanes(LANES).map(({ after, until }) => {
    const mine = sorted.filter((h) => (after === null || h > after) && (until === null || h < until));
    const cursors = [after, ...mine.filter((_, i) => (i + 1) % BATCH === 0)];
    return { homes: mine.length, keys: cursors.map((c) => key(day, c, until)) };
  });
}

describe('the compaction job in lanes, two server processes on PostgreSQL', () => {
  it('compacts every closed day once across a crash and a restart, one chain a lane', async () => {
    const meterBefore = await meterReadings();
    const plugBefore = await plugReadings();
    expect(meterBefore).toHaveLength(HOMES * 2 * 288);
    expect(plugBefore).toHaveLength(HOMES * 2 * 288);
    const chains = expectedChains('2031-05-06');
    expect(chains.reduce((n, c) => n + c.homes, 0)).toBe(HOMES);

    // Both processes start and schedule the pass at once: one first run a lane.
    await Promise.all([scheduleReadingCompaction(database.db, NOW, LANES), scheduleReadingCompaction(second.db, NOW, LANES)]);
    const scheduled = await jobsByKeyPrefix(database.db, 'readings-compact:');
    expect(scheduled.map((j) => `${j.key} ${j.status}`).sort()).toEqual(chains.map((c) => `${c.keys[0]} queued`).sort());

    // One process claims a lane's run and dies before running it.
    const dead = await claimDueJobs(second.db, NOW, 60_000, 20, [READING_COMPACTION_JOB]);
    expect(dead).toHaveLength(1);
    // The other runs two runs, then breaks: each later run fails after its step, rolled back.
    const real = readingCompactionJobHandlers({ lanes: LANES })[READING_COMPACTION_JOB]!;
    let runs = 0;
    const breaking: JobHandler = Object.assign(
      async (ctx: Parameters<JobHandler>[0]) => {
        const outcome = await real(ctx);
        runs += 1;
        if (runs > 2) throw new Error('process killed');
        return outcome;
      },
      { onePerClaim: true as const },
    );
    const failing = startDurableWorker({ db: database.db, handlers: { [READING_COMPACTION_JOB]: breaking }, logger, clock: () => NOW, leaseMs: 60_000 });
    while ((await failing.runDue()) > 0);
    await failing.stop();
    const midway = await counts();
    expect(runs).toBeGreaterThan(2);
    // Two runs' worth stored (at most 40 homes), the rest still raw.
    expect(midway.meterDays).toBeGreaterThan(0);
    expect(midway.meterDays).toBeLessThanOrEqual(2 * BATCH * 2);
    expect(midway.meter).toBe((HOMES * 2 - midway.meterDays) * 288);

    // Both restart: schedule again (no new chain), then run side by side until nothing is due.
    await Promise.all([scheduleReadingCompaction(database.db, LATER, LANES), scheduleReadingCompaction(second.db, LATER, LANES)]);
    const workers = [database, second].map((d) =>
      startDurableWorker({ db: d.db, handlers: readingCompactionJobHandlers({ lanes: LANES }), logger, clock: () => LATER, leaseMs: 60_000 }),
    );
    for (;;) {
      const ran = await Promise.all(workers.map((w) => w.runDue()));
      if (ran[0]! + ran[1]! === 0) break;
    }
    await Promise.all(workers.map((w) => w.stop()));

    // Stored once: every home's two days of each series, no raw row left.
    expect(await counts()).toEqual({ meter: 0, device: 0, meterDays: HOMES * 2, deviceDays: HOMES * 2 });
    expect(await meterReadings()).toEqual(meterBefore);
    expect(await plugReadings()).toEqual(plugBefore);

    // Each lane's chain is its runs and no more, all done; tomorrow has one first run a lane.
    const jobs = await jobsByKeyPrefix(database.db, 'readings-compact:');
    const today = jobs.filter((j) => j.key.startsWith('readings-compact:2031-05-06:'));
    expect(today.map((j) => j.key).sort()).toEqual(chains.flatMap((c) => c.keys).sort());
    expect(today.every((j) => j.status === 'done')).toBe(true);
    // The dead claim and the failed runs were taken again: a second attempt each.
    expect(today.filter((j) => j.attempts === 2).length).toBeGreaterThanOrEqual(2);
    const tomorrow = jobs.filter((j) => !j.key.startsWith('readings-compact:2031-05-06:'));
    expect(tomorrow.map((j) => `${j.key} ${j.status} ${j.runAt}`).sort()).toEqual(expectedChains('2031-05-07').map((c) => `${c.keys[0]} queued 2031-05-14T00:00:00Z`).sort());
  }, 180_000);
});
