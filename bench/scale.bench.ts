/**
 * Province scale (issue 34): N homes × a meter and D devices × a year of 5-minute readings on
 * PostgreSQL, loaded set-based into the same partitioned tables the ingest writer fills, with the
 * rollups the screens read, then compacts every closed day with the compaction job's own step
 * (decision 122). Reports load time, compaction time, and bytes per reading before and after.
 *
 *   npm run scale -w @peakwise/bench                   # 1,000 homes, 4 devices, 365 days
 *   npm run scale -w @peakwise/bench -- --size=smoke   # 5 homes, 1 device, 3 days
 * Knobs: BENCH_SCALE_HOMES, BENCH_SCALE_DEVICES, BENCH_SCALE_DAYS, BENCH_PG_URL, BENCH_SCALE_KEEP=1
 * (keep the database and print its name, for the read mix and compaction runs).
 *
 * The values are whole watt-hours, as a meter's counters give them (a Shelly reports Wh; a Green
 * Button file Wh), on a daily shape with noise, so that what compaction gains on them is what it
 * would gain on real readings, not on constants.
 */
import { existsSync, statfsSync } from 'node:fs';
import { COMPACTION_BATCH_HOUSEHOLDS, runReadingCompaction } from '../apps/server/src/modules/readings/reading-compaction.service';
import { runReadingPartitions } from '../apps/server/src/modules/readings/reading-partitions.service';
import { createFreshDatabase, dropOnSignal } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, stringKnob } from './lib/env';
import { int, log } from './lib/format';
import { machineLine } from './lib/machine';
import { recomputeRollups } from './lib/reading-seed';

const size = benchSize();
const smoke = size === 'smoke';
const HOMES = numberKnob('SCALE_HOMES', smoke ? 5 : 1_000);
const DEVICES = numberKnob('SCALE_DEVICES', smoke ? 1 : 4);
const DAYS = numberKnob('SCALE_DAYS', smoke ? 3 : 365);
const KEEP = stringKnob('SCALE_KEEP') === '1';
const CHUNK = 25; // homes per generating statement, a month at a time
const PER_DAY = 288;

const readings = HOMES * (1 + DEVICES) * DAYS * PER_DAY;
// As stored today (about 84 bytes a meter reading and more for a device's), with room for indexes
// and the write-ahead log: refuse to start a run the disk cannot hold.
const needBytes = readings * 150;
// The local server's data directory when there is one (a remote server's disk is not seen from here).
const disk = statfsSync(existsSync('/var/lib/postgresql') ? '/var/lib/postgresql' : '/');
const freeBytes = disk.bavail * disk.bsize;
log(`scale: ${int(HOMES)} homes × (meter + ${DEVICES} devices) × ${DAYS} days = ${int(readings)} readings; about ${(needBytes / 2 ** 30).toFixed(1)} GiB needed, ${(freeBytes / 2 ** 30).toFixed(1)} GiB free`);
if (needBytes > freeBytes) throw new Error('not enough free disk for this run: lower BENCH_SCALE_HOMES, BENCH_SCALE_DEVICES or BENCH_SCALE_DAYS');

const fresh = await createFreshDatabase(adminDatabaseUrl(), 'scale');
dropOnSignal(fresh);
log(await machineLine(fresh.pool));
try {
  const end = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000); // today 00:00 UTC
  const start = new Date(end.getTime() - DAYS * 86_400_000);

  await fresh.pool.query(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-scale-' || i, 'Scale home ' || i, 'ON', 'America/Toronto' from generate_series(1, $1::int) as i`,
    [HOMES],
  );
  await fresh.pool.query(
    `insert into devices (household_id, external_id, name, kind)
     select h.id, 'plug-' || d, 'Plug ' || d, 'smart_plug' from households h cross join generate_series(1, $1::int) as d`,
    [DEVICES],
  );
  const homeIds = (await fresh.pool.query<{ id: string }>(`select id from households order by id`)).rows.map((r) => r.id);

  // Every month the run touches gets its partition first, through the same function the
  // partitions job uses, so nothing lands in DEFAULT.
  const months: Date[] = [];
  for (let m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)); m < end; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) months.push(m);
  for (const month of months) {
    for (const table of ['meter_readings', 'device_readings']) await fresh.pool.query(`select create_reading_month_partition($1, $2::timestamptz)`, [table, month.toISOString()]);
  }

  const loadStarted = performance.now();
  let loaded = 0;
  for (const month of months) {
    const from = new Date(Math.max(month.getTime(), start.getTime()));
    const to = new Date(Math.min(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1), end.getTime()));
    for (let i = 0; i < homeIds.length; i += CHUNK) {
      const ids = homeIds.slice(i, i + CHUNK);
      // Use peaks in the evening and dips at night; production follows the sun; each home its own scale.
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
      loaded += (meter.rowCount ?? 0) + (devices.rowCount ?? 0);
    }
    log(`  … ${month.toISOString().slice(0, 7)}: ${int(loaded)} readings in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
  }
  const loadS = (performance.now() - loadStarted) / 1000;
  log(`loaded ${int(loaded)} readings in ${loadS.toFixed(1)} s (${int(loaded / loadS)} readings/s)`);

  const rollupStarted = performance.now();
  for (let i = 0; i < homeIds.length; i += CHUNK) await recomputeAllRollups(homeIds.slice(i, i + CHUNK));
  log(`rollups in ${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`);

  await fresh.pool.query('vacuum (analyze) meter_readings, device_readings');
  await reportBytes('as stored');

  // Every day of the run is closed: the job's step, run as its worker would, over every home.
  const compactStarted = performance.now();
  const now = new Date(end.getTime() + 30 * 86_400_000);
  let after: string | null = null;
  let compacted = 0;
  for (;;) {
    const batch = await fresh.database.db.transaction((tx) => runReadingCompaction(tx, now, after));
    compacted += batch.meterRows + batch.deviceRows;
    if (batch.households.length < COMPACTION_BATCH_HOUSEHOLDS) break;
    after = batch.households.at(-1)!;
  }
  const compactS = (performance.now() - compactStarted) / 1000;
  log(`compacted ${int(compacted)} readings in ${compactS.toFixed(1)} s (${int(compacted / compactS)} readings/s)`);
  await fresh.pool.query('vacuum (analyze) meter_readings, device_readings, meter_reading_days, device_reading_days');
  await reportBytes('compacted, before the emptied months are given back');
  // The partitions job's runs, as its worker makes them, until none has work left: each truncates
  // one month that compaction emptied (decision 124's lifecycle).
  const reclaimStarted = performance.now();
  let reclaimed = 0;
  for (;;) {
    const run = await fresh.database.db.transaction((tx) => runReadingPartitions(tx, now, { retentionMonths: 25 }));
    reclaimed += run.reclaimed.length;
    if (!run.more) break;
  }
  log(`gave back ${reclaimed} emptied month tables in ${((performance.now() - reclaimStarted) / 1000).toFixed(1)} s`);
  await reportBytes('compacted');
  if (KEEP) log(`kept database ${fresh.name} (${fresh.url})`);
} finally {
  if (!KEEP) await fresh.drop();
  else {
    await fresh.database.close();
    await fresh.pool.end();
  }
}

/** Bytes per reading of each series on disk: the raw partitions and the compacted days, with indexes and TOAST. */
async function reportBytes(label: string) {
  for (const [raw, days] of [['meter_readings', 'meter_reading_days'], ['device_readings', 'device_reading_days']] as const) {
    const { rows } = await fresh.pool.query<{ raw_bytes: string; raw_n: string; day_bytes: string; day_n: string }>(
      `select (select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) from pg_inherits i where i.inhparent = $1::regclass)::bigint as raw_bytes,
              (select count(*) from ${raw})::bigint as raw_n,
              pg_total_relation_size($2::regclass)::bigint as day_bytes,
              (select coalesce(sum(n), 0) from ${days})::bigint as day_n`,
      [raw, days],
    );
    const r = rows[0]!;
    const bytes = Number(r.raw_bytes) + Number(r.day_bytes);
    const n = Number(r.raw_n) + Number(r.day_n);
    const dayPart = Number(r.day_n) > 0 ? `; the compacted days alone ${(Number(r.day_bytes) / Number(r.day_n)).toFixed(2)} bytes a reading` : '';
    log(`${label}: ${raw}: ${int(n)} readings (${int(Number(r.day_n))} in compacted days), ${(bytes / 2 ** 20).toFixed(1)} MiB with indexes and TOAST, ${(bytes / n).toFixed(2)} bytes a reading${dayPart}`);
  }
}

/** The screens' rollups, set-based: the meter's as the other benches make them, the devices' alike (UTC hours, the home's local days). */
async function recomputeAllRollups(ids: string[]) {
  await recomputeRollups(fresh, ids);
  await fresh.pool.query(
    `insert into device_hourly (device_id, hour_start, energy_kwh, avg_power_w, interval_count, energy_interval_count)
     select r.device_id, date_trunc('hour', r.ts, 'UTC'), sum(r.energy_kwh), avg(r.power_w), count(*)::int, count(r.energy_kwh)::int
     from device_readings r join devices d on d.id = r.device_id
     where d.household_id = any($1::uuid[]) group by 1, 2`,
    [ids],
  );
  await fresh.pool.query(
    `insert into device_daily (device_id, local_date, energy_kwh, avg_power_w, interval_count, energy_interval_count)
     select r.device_id, (r.ts at time zone h.time_zone)::date, sum(r.energy_kwh), avg(r.power_w), count(*)::int, count(r.energy_kwh)::int
     from device_readings r join devices d on d.id = r.device_id join households h on h.id = d.household_id
     where d.household_id = any($1::uuid[]) group by 1, 2`,
    [ids],
  );
}
