/**
 * The online repartition (decision 124) of a database holding a year of one home's readings: a
 * meter and 4 devices, every 5 minutes for 365 days (5 × 105,120 = 525,600 rows), in the
 * unpartitioned layout of before migration 0056, while a writer keeps inserting this month's
 * readings. Reports rows/s and the whole upgrade's time, and checks every row arrived.
 *
 *   npm run repartition -w @peakwise/bench                 # one home-year
 *   npm run repartition -w @peakwise/bench -- --size=smoke # 30 days
 * Knobs: BENCH_DAYS, BENCH_BATCH_ROWS, BENCH_PG_URL.
 */
import pg from 'pg';
import { repartitionOnline } from '../apps/server/src/db/online-repartition';
import { createFreshDatabase, dropOnSignal } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob } from './lib/env';
import { int, log } from './lib/format';

const size = benchSize();
const DAYS = numberKnob('DAYS', size === 'smoke' ? 30 : 365);
const BATCH_ROWS = numberKnob('BATCH_ROWS', 20_000);
const DEVICES = 4;
const NOW = new Date();

const fresh = await createFreshDatabase(adminDatabaseUrl(), 'repartition');
dropOnSignal(fresh);
// The old layout in a schema of its own, so its names do not meet the migrated (partitioned) ones.
const url = new URL(fresh.url);
url.searchParams.set('options', '-c search_path=legacy');
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
pool.on('error', () => {});
try {
  const { rows: machine } = await pool.query<{ version: string }>(`select current_setting('server_version') as version`);
  log(`repartition (${size}): 1 home, a meter and ${DEVICES} devices, ${DAYS} days of 5-minute readings, batches of ${int(BATCH_ROWS)}; postgresql ${machine[0]!.version}`);
  await fresh.pool.query('create schema legacy');
  await pool.query(`create table meter_readings (household_id uuid not null, ts timestamptz not null, production_kwh float8 not null, consumption_kwh float8 not null,
    grid_import_kwh float8 not null, grid_export_kwh float8 not null, received_at timestamptz default now() not null,
    constraint meter_readings_household_id_ts_pk primary key (household_id, ts) include (consumption_kwh, grid_import_kwh, grid_export_kwh))`);
  await pool.query(`create table device_readings (device_id uuid not null, ts timestamptz not null, power_w float8, energy_kwh float8, efficiency float8,
    relay_on boolean, metrics jsonb, received_at timestamptz default now() not null, constraint device_readings_device_id_ts_pk primary key (device_id, ts))`);
  const start = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()) - DAYS * 86_400_000).toISOString();
  const intervals = DAYS * 288;
  await pool.query(`insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
    select '00000000-0000-4000-8000-000000000001', $1::timestamptz + i * interval '5 minutes', 0, 0.1, 0.1, 0 from generate_series(0, $2 - 1) i`, [start, intervals]);
  await pool.query(`insert into device_readings (device_id, ts, power_w, energy_kwh)
    select ('00000000-0000-4000-9000-00000000000' || d)::uuid, $1::timestamptz + i * interval '5 minutes', 120, 0.01
    from generate_series(1, ${DEVICES}) d, generate_series(0, $2 - 1) i`, [start, intervals]);
  const total = intervals * (1 + DEVICES);
  log(`seeded ${int(total)} rows`);

  let writing = true;
  let written = 0;
  const writer = (async () => {
    for (let i = 0; writing; i += 1) {
      await pool.query(`insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
        values ('00000000-0000-4000-8000-000000000002', $1, 0, 0.2, 0.2, 0)`, [new Date(NOW.getTime() + i * 300_000).toISOString()]);
      written += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  const started = performance.now();
  const timings: string[] = [];
  for (const target of [
    { table: 'meter_readings', series: 'household_id' },
    { table: 'device_readings', series: 'device_id' },
  ]) {
    const t0 = performance.now();
    const progress = await repartitionOnline(pool, target, { now: NOW, batchRows: BATCH_ROWS });
    const seconds = (performance.now() - t0) / 1000;
    timings.push(`${target.table} ${int(progress.copied)} rows in ${seconds.toFixed(1)} s = ${int(progress.copied / seconds)} rows/s`);
  }
  const seconds = (performance.now() - started) / 1000;
  writing = false;
  await writer;

  const { rows: counts } = await pool.query<{ meter: string; device: string; kind: string }>(`
    select (select count(*) from meter_readings) as meter, (select count(*) from device_readings) as device,
      (select string_agg(relkind::text, '') from pg_class where relnamespace = 'legacy'::regnamespace and relname in ('meter_readings', 'device_readings')) as kind`);
  const expectedMeter = intervals + written;
  const ok = Number(counts[0]!.meter) === expectedMeter && Number(counts[0]!.device) === intervals * DEVICES && counts[0]!.kind === 'pp';
  for (const line of timings) log(line);
  log(`writer: ${int(written)} rows written during the run; found ${counts[0]!.meter} meter (expected ${expectedMeter}), ${counts[0]!.device} device rows, kinds ${counts[0]!.kind}`);
  console.log(`repartition[${size}]: ${int(total)} rows (${DAYS} days, 1 home, meter + ${DEVICES} devices) upgraded online in ${seconds.toFixed(1)} s = ${int(total / seconds)} rows/s${ok ? '' : ' ROWS MISSING'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await pool.end().catch(() => {});
  await fresh.drop();
}
