/**
 * A year of a province's readings loaded as a running deployment lives it (issue 34): a month at
 * a time, set-based into the partitioned tables the ingest writer fills, that month's rollups,
 * then, once its days are closed, compacted by the compaction job and its emptied
 * table given back by the partitions job's own runs, while the next month loads. Peak disk is two
 * months raw plus the compacted months before them.
 *
 * The values are whole watt-hours, as a meter's counters give them (a Shelly reports Wh; a Green
 * Button file Wh), on a daily shape with noise, so that what compaction gains on them is what it
 * would gain on real readings, not on constants.
 */
import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import { nextPartitionMonth } from '@peakwise/domain/reading-partition-months';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/rows';
import { startDurableWorker } from '../../apps/server/src/jobs/durable-worker';
import { readingCompactionJobHandlers } from '../../apps/server/src/jobs/reading-compaction-jobs';
import { createLogger } from '../../apps/server/src/lib/logger';
import { cancelJobs } from '../../apps/server/src/modules/durable-jobs/durable-jobs.repository';
import { scheduleReadingCompaction } from '../../apps/server/src/modules/readings/reading-compaction.service';
import { runReadingPartitions } from '../../apps/server/src/modules/readings/reading-partitions.service';
import type { FreshDatabase } from './database';
import { int, log } from './format';
import { recomputeDeviceRollups, recomputeRollups } from './reading-seed';

const quiet = createLogger({ level: 'silent' });
const CHUNK = 25; // homes per generating statement
const ROLLUP_CHUNK = 250; // homes per rollup statement
/** Statements at once while a month loads (a gateway fleet writes from many connections), beside the compaction's one. */
const LANES = 3;
const PER_DAY = 288;
const DAY_MS = 86_400_000;
/** Raw bytes a reading as stored (heap and key, about 150: RESULTS.md, "The scale bench, first part"). */
export const RAW_BYTES_PER_READING = 150;

export type ScaleYearPlan = {
  /** Homes in all, the members' among them. */
  homes: number;
  devices: number;
  days: number;
  /** The year ends here (a UTC midnight): its last reading is 5 minutes before. */
  end: Date;
  /** Households that already exist (signed-up members'); the rest are made as rows. */
  memberHouseholds: string[];
  /** Bytes the next month needs free, given its raw readings; checked before each month. */
  needFor(readings: number): number;
  freeBytes(): number;
  /** The compaction job's lanes, each run by a durable worker of its own, as that many server processes would (decision 130). */
  compactionLanes: number;
  /** After each month, before the next: the replica catching up and the WAL checkpointed (its seconds). */
  afterMonth?(): Promise<{ replicaS: number; walBytes: number }>;
};

export type MonthFigures = {
  month: string;
  readings: number;
  loadS: number;
  rollupsS: number;
  compactS: number;
  compacted: number;
  reclaimS: number;
  reclaimed: number;
  rawBytesPerReading: number;
  replicaS?: number;
  walBytes?: number;
};

export type SeriesBytes = { table: string; readings: number; compactedReadings: number; bytes: number; dayBytes: number };

/** The clock of the deployment when a month's last day has closed: the job's `now` for that month. */
const closedAt = (month: Date) => new Date(nextPartitionMonth(month).getTime() + CORRECTION_WINDOW_DAYS * DAY_MS);

export async function loadScaleYear(fresh: FreshDatabase, plan: ScaleYearPlan): Promise<MonthFigures[]> {
  const start = new Date(plan.end.getTime() - plan.days * DAY_MS);
  const others = plan.homes - plan.memberHouseholds.length;
  if (others < 0) throw new Error('more members than homes');
  await fresh.pool.query(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-scale-' || i, 'Scale home ' || i, 'ON', 'America/Toronto' from generate_series(1, $1::int) as i`,
    [others],
  );
  await fresh.pool.query(
    `insert into devices (household_id, external_id, name, kind)
     select h.id, 'plug-' || d, 'Plug ' || d, 'smart_plug' from households h cross join generate_series(1, $1::int) as d`,
    [plan.devices],
  );
  await fresh.pool.query('analyze households, devices');
  const homeIds = (await fresh.pool.query<{ id: string }>(`select id from households order by id`)).rows.map((r) => r.id);

  // Every month gets its partition first, through the function the partitions job uses, so nothing lands in DEFAULT.
  const months: Date[] = [];
  for (let m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)); m < plan.end; m = nextPartitionMonth(m)) months.push(m);
  for (const month of months) {
    for (const table of ['meter_readings', 'device_readings']) await fresh.pool.query(`select create_reading_month_partition($1, $2::timestamptz)`, [table, month.toISOString()]);
  }

  // Month m is loaded and rolled up while month m - 1, closed, is compacted and given back, as a
  // deployment's compaction runs beside its ingest; the replica catches up before the next pair.
  const figures: MonthFigures[] = [];
  let open: { month: Date; loaded: Loaded } | undefined;
  for (const month of [...months, undefined]) {
    let expected = 0;
    if (month) {
      const from = new Date(Math.max(month.getTime(), start.getTime()));
      const to = new Date(Math.min(nextPartitionMonth(month).getTime(), plan.end.getTime()));
      expected = homeIds.length * (1 + plan.devices) * Math.round((to.getTime() - from.getTime()) / DAY_MS) * PER_DAY;
      const need = plan.needFor(expected);
      const free = plan.freeBytes();
      if (need > free) throw new Error(`not enough free disk for ${label(month)}: ${(need / 2 ** 30).toFixed(1)} GiB needed, ${(free / 2 ** 30).toFixed(1)} GiB free`);
    }
    const [loaded, closed] = await Promise.all([
      month ? loadAndRollUp(fresh, homeIds, month, start, plan.end) : undefined,
      open ? closeMonth(fresh, open.month, plan.compactionLanes) : undefined,
    ]);
    const replica = await plan.afterMonth?.();
    if (open && closed) {
      const f: MonthFigures = { month: label(open.month), ...open.loaded, ...closed, ...(replica ? { replicaS: replica.replicaS, walBytes: replica.walBytes } : {}) };
      figures.push(f);
      log(
        `  ${f.month}: ${int(f.readings)} readings loaded in ${f.loadS.toFixed(1)} s (${int(f.readings / f.loadS)}/s, ${f.rawBytesPerReading.toFixed(1)} bytes a reading raw), rollups ${f.rollupsS.toFixed(1)} s; ` +
          `then ${month ? "beside the next month's load" : 'alone'}: compacted ${int(f.compacted)} in ${f.compactS.toFixed(1)} s, ${f.reclaimed} month tables given back in ${f.reclaimS.toFixed(1)} s` +
          (replica ? `; replica caught up ${replica.replicaS.toFixed(1)} s after, WAL ${(replica.walBytes / 2 ** 30).toFixed(2)} GiB after the checkpoint` : '') +
          `; ${(plan.freeBytes() / 2 ** 30).toFixed(1)} GiB free`,
      );
    }
    open = month && loaded ? { month, loaded } : undefined;
  }
  return figures;
}

type Loaded = { readings: number; loadS: number; rollupsS: number; rawBytesPerReading: number };

const label = (month: Date) => month.toISOString().slice(0, 7);

/** A month's readings of every home, set-based, then its rollups; the month's raw bytes a reading. */
async function loadAndRollUp(fresh: FreshDatabase, homeIds: string[], month: Date, start: Date, end: Date): Promise<Loaded> {
  const from = new Date(Math.max(month.getTime(), start.getTime()));
  const to = new Date(Math.min(nextPartitionMonth(month).getTime(), end.getTime()));
  const chunks: string[][] = [];
  for (let i = 0; i < homeIds.length; i += CHUNK) chunks.push(homeIds.slice(i, i + CHUNK));
  let started = performance.now();
  let readings = 0;
  await inLanes(chunks, LANES, async (ids) => {
    const rows = await loadMonth(fresh, ids, from, to);
    readings += rows;
  });
  // What autovacuum's analyze has learnt of a month by its end in a deployment: without it the
  // planner keeps what it sampled of the first homes loaded (a few devices), and the rollups and
  // the compaction read the whole month once per batch of homes instead of their own rows.
  const suffix = label(month).replace('-', '_');
  await fresh.pool.query(`analyze meter_readings_${suffix}, device_readings_${suffix}`);
  const loadS = seconds(started);
  started = performance.now();
  // Rollups by bigger groups of homes: a device's readings of a month are spread over the whole
  // partition (they arrive in time order), so each statement reads the month through, not by key.
  const rollupChunks: string[][] = [];
  for (let i = 0; i < homeIds.length; i += ROLLUP_CHUNK) rollupChunks.push(homeIds.slice(i, i + ROLLUP_CHUNK));
  await inLanes(rollupChunks, LANES, async (ids) => {
    await recomputeRollups(fresh, ids, { from, to });
    await recomputeDeviceRollups(fresh, ids, { from, to });
  });
  const rollupsS = seconds(started);
  const { rows } = await fresh.pool.query<{ bytes: string }>(
    `select (coalesce(pg_total_relation_size(to_regclass($1)), 0) + coalesce(pg_total_relation_size(to_regclass($2)), 0))::bigint as bytes`,
    [`meter_readings_${suffix}`, `device_readings_${suffix}`],
  );
  return { readings, loadS, rollupsS, rawBytesPerReading: Number(rows[0]!.bytes) / readings };
}

/**
 * A closed month: the compaction job itself once the month's last day has closed, in `lanes`
 * lanes of the household ids run by as many durable workers at once, as that many server
 * processes would (decision 130), then the partitions job's runs until none has work left, which
 * truncate the emptied month (decision 124).
 */
async function closeMonth(fresh: FreshDatabase, month: Date, lanes: number) {
  const now = closedAt(month);
  const db = fresh.database.db;
  let started = performance.now();
  const stored = async () =>
    Number(
      rowsOf<{ n: string }>(await db.execute(sql`select (select coalesce(sum(n), 0) from meter_reading_days) + (select coalesce(sum(n), 0) from device_reading_days) as n`))[0]!.n,
    );
  const before = await stored();
  // The previous month's pass queued its "tomorrow", a day this clock has long passed: the pass
  // is this month's lanes alone, as a server that ran every day would have it.
  await cancelJobs(db, 'readings-compact:', now);
  await scheduleReadingCompaction(db, now, lanes);
  const workers = Array.from({ length: lanes }, () => startDurableWorker({ db, handlers: readingCompactionJobHandlers({ lanes }), logger: quiet, clock: () => now }));
  for (;;) {
    const ran = await Promise.all(workers.map((w) => w.runDue()));
    if (ran.every((n) => n === 0)) break;
  }
  await Promise.all(workers.map((w) => w.stop()));
  const compacted = (await stored()) - before;
  const compactS = seconds(started);
  started = performance.now();
  let reclaimed = 0;
  for (;;) {
    const run = await fresh.database.db.transaction((tx) => runReadingPartitions(tx, now, { retentionMonths: 25 }));
    reclaimed += run.reclaimed.length;
    if (!run.more) break;
  }
  return { compactS, compacted, reclaimS: seconds(started), reclaimed };
}

const seconds = (started: number) => (performance.now() - started) / 1000;

/** `work` for every item, `lanes` at a time. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** One month of readings for some homes: the meter's and every device's; the rows written. */
async function loadMonth(fresh: FreshDatabase, ids: string[], from: Date, to: Date): Promise<number> {
  // Use peaks in the evening and dips at night; production follows the sun; each home its own scale.
  // Whole Wh and W, as a meter's and a plug's counters report them: a difference of two doubles
  // (or e × 12000) would carry float noise no real reading has (decision 127).
  const meter = await fresh.pool.query(
    `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
     select h, g.ts, v.p, v.c, round(greatest(v.c - v.p, 0)::numeric, 3)::float8, round(greatest(v.p - v.c, 0)::numeric, 3)::float8, g.ts
     from unnest($1::uuid[]) as h
     cross join generate_series($2::timestamptz, $3::timestamptz - interval '5 minutes', interval '5 minutes') as g(ts)
     cross join lateral (select extract(hour from g.ts at time zone 'America/Toronto')::int as hour) t
     cross join lateral (
       select round((greatest(0, sin(pi() * (t.hour - 6) / 14)) * 0.4 * random())::numeric, 3)::float8 as p,
              round(((0.05 + 0.1 * (t.hour between 17 and 21)::int + 0.08 * random()) * (0.7 + 0.6 * ('x' || substr(h::text, 1, 4))::bit(16)::int / 65535.0))::numeric, 3)::float8 as c
     ) v`,
    [ids, from.toISOString(), to.toISOString()],
  );
  const devices = await fresh.pool.query(
    `insert into device_readings (device_id, ts, power_w, energy_kwh, received_at)
     select d.id, g.ts, round(v.e * 12000), v.e, g.ts
     from devices d
     cross join generate_series($2::timestamptz, $3::timestamptz - interval '5 minutes', interval '5 minutes') as g(ts)
     cross join lateral (select round((0.002 + 0.02 * random() * (random() < 0.3)::int)::numeric, 3)::float8 as e) v
     where d.household_id = any($1::uuid[])`,
    [ids, from.toISOString(), to.toISOString()],
  );
  return (meter.rowCount ?? 0) + (devices.rowCount ?? 0);
}

/** Bytes a reading of each series on disk: the raw partitions and the compacted days, with keys and TOAST. */
export async function seriesBytes(fresh: FreshDatabase): Promise<SeriesBytes[]> {
  const out: SeriesBytes[] = [];
  for (const [raw, days] of [['meter_readings', 'meter_reading_days'], ['device_readings', 'device_reading_days']] as const) {
    const { rows } = await fresh.pool.query<{ raw_bytes: string; raw_n: string; day_bytes: string; day_n: string }>(
      `select (select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) from pg_inherits i where i.inhparent = $1::regclass)::bigint as raw_bytes,
              (select count(*) from ${raw})::bigint as raw_n,
              pg_total_relation_size($2::regclass)::bigint as day_bytes,
              (select coalesce(sum(n), 0) from ${days})::bigint as day_n`,
      [raw, days],
    );
    const r = rows[0]!;
    out.push({ table: raw, readings: Number(r.raw_n) + Number(r.day_n), compactedReadings: Number(r.day_n), bytes: Number(r.raw_bytes) + Number(r.day_bytes), dayBytes: Number(r.day_bytes) });
  }
  return out;
}

/**
 * Rollup days that differ from the readings of the given homes, read back as the screens read
 * them (raw and compacted together: meter_readings_in, device_readings_in): a local day split
 * across two months must add up to the whole day.
 */
export async function rollupMismatches(fresh: FreshDatabase, householdIds: string[]): Promise<{ meter: number; device: number; days: number }> {
  const meter = await fresh.pool.query<{ bad: string; days: string }>(
    `with raw as (
       select h.id as household_id, (m.ts at time zone h.time_zone)::date as local_date, sum(m.consumption_kwh) as c, sum(m.production_kwh) as p, count(*)::int as n
       from households h cross join lateral meter_readings_in(h.id, '-infinity', 'infinity') m
       where h.id = any($1::uuid[]) group by 1, 2),
     rolled as (select * from meter_daily where household_id = any($1::uuid[]))
     select count(*) filter (where r.n is distinct from d.interval_count or abs(r.c - d.consumption_kwh) > 1e-6 or abs(r.p - d.production_kwh) > 1e-6 or r.c is null or d.consumption_kwh is null)::bigint as bad,
            count(*)::bigint as days
     from raw r full join rolled d on d.household_id = r.household_id and d.local_date = r.local_date`,
    [householdIds],
  );
  const device = await fresh.pool.query<{ bad: string }>(
    `with raw as (
       select dv.id as device_id, (r.ts at time zone h.time_zone)::date as local_date, sum(r.energy_kwh) as e, count(*)::int as n
       from devices dv join households h on h.id = dv.household_id cross join lateral device_readings_in(dv.id, '-infinity', 'infinity') r
       where dv.household_id = any($1::uuid[]) group by 1, 2),
     rolled as (select d.* from device_daily d join devices dv on dv.id = d.device_id where dv.household_id = any($1::uuid[]))
     select count(*) filter (where r.n is distinct from d.interval_count or abs(r.e - d.energy_kwh) > 1e-6 or r.e is null or d.energy_kwh is null)::bigint as bad
     from raw r full join rolled d on d.device_id = r.device_id and d.local_date = r.local_date`,
    [householdIds],
  );
  return { meter: Number(meter.rows[0]!.bad), device: Number(device.rows[0]!.bad), days: Number(meter.rows[0]!.days) };
}
