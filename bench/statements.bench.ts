// Monthly statements for many households on PostgreSQL (decision 044): the real job, run by the
// durable worker with the server's handlers (its lanes side by side, decision 063), over hourly
// and daily rollups seeded for two months, timed for the first month (no previous statement) and
// the second (previous statement recomputed for adjustments).
import { createFreshDatabase, dropOnSignal } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, verdict } from './lib/env';
import { int, log } from './lib/format';
import { machineLine } from './lib/machine';
import { billingJobHandlers, STATEMENT_LANES } from '../apps/server/src/jobs/billing-jobs';
import { startDurableWorker } from '../apps/server/src/jobs/durable-worker';
import { createLogger } from '../apps/server/src/lib/logger';
import { scheduleStatementRun } from '../apps/server/src/modules/billing/statements.service';

const size = benchSize();
const HOUSEHOLDS = numberKnob('HOUSEHOLDS', size === 'smoke' ? 50 : 2_000);
const TARGET_HOUSEHOLDS = 100_000;
const TARGET_SECONDS = 60;
/** The server's lanes unless BENCH_LANES says otherwise (1: a batch per run in the job's transaction). */
const LANES = numberKnob('LANES', STATEMENT_LANES);

const fresh = await createFreshDatabase(adminDatabaseUrl(), 'statements');
dropOnSignal(fresh);
try {
  log(`${await machineLine(fresh.pool)}, ${LANES} lane${LANES === 1 ? '' : 's'}`);
  const t0 = performance.now();
  // Households across the four provinces (each on its default plan, Toronto / Vancouver /
  // Edmonton zones), in service since before the months billed.
  await fresh.pool.query(
    `insert into households (owner_user_id, name, province, time_zone, created_at)
     select 'bench-' || i, 'Bench ' || i, (array['ON','BC','AB','QC'])[1 + i % 4],
       (array['America/Toronto','America/Vancouver','America/Edmonton','America/Toronto'])[1 + i % 4], '2025-01-01'
     from generate_series(1, $1::int) i`,
    [HOUSEHOLDS],
  );
  await fresh.pool.query(
    `insert into household_tariffs (household_id, plan_id, effective_from, created_at)
     select id, case province when 'ON' then 'on-tou' when 'BC' then 'bc-residential-conservation' when 'AB' then 'ab-rolr' else 'qc-rate-d' end, '2025-01-01', '2025-01-01' from households`,
  );
  // Seeded as a bulk load: the rollups' keys are dropped and added back after, so the timed runs
  // see the same tables and indexes as production, without paying a per-row index insert and
  // foreign-key check for every one of 1,500 rows a household (at 100,000 households that is
  // the difference between about an hour and a few minutes of seeding).
  const keys = [
    ['meter_hourly', 'meter_hourly_household_id_hour_start_pk', 'primary key (household_id, hour_start)'],
    ['meter_hourly', 'meter_hourly_household_id_households_id_fk', 'foreign key (household_id) references households(id) on delete cascade'],
    ['meter_daily', 'meter_daily_household_id_local_date_pk', 'primary key (household_id, local_date)'],
    ['meter_daily', 'meter_daily_household_id_households_id_fk', 'foreign key (household_id) references households(id) on delete cascade'],
  ] as const;
  for (const [table, name] of [...keys].reverse()) await fresh.pool.query(`alter table ${table} drop constraint ${name}`);
  // Every UTC hour of October and November 2025 (with a margin for the zones), varying by hour.
  await fresh.pool.query(
    `insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select h.id, t, 0, 0.3 + (extract(hour from t)::int % 7) * 0.1, 0.3 + (extract(hour from t)::int % 7) * 0.1,
       case when extract(hour from t)::int between 16 and 20 then 0.2 else 0 end, 12
     from households h, generate_series('2025-09-30T00:00Z'::timestamptz, '2025-12-01T12:00Z'::timestamptz, interval '1 hour') t`,
  );
  // The daily rollups ingest keeps beside the hourly ones (decision 010), cut in each household's zone.
  await fresh.pool.query(
    `insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select m.household_id, (m.hour_start at time zone h.time_zone)::date, sum(m.production_kwh), sum(m.consumption_kwh), sum(m.grid_import_kwh), sum(m.grid_export_kwh), sum(m.interval_count)
     from meter_hourly m join households h on h.id = m.household_id group by 1, 2`,
  );
  for (const [table, name, definition] of keys) await fresh.pool.query(`alter table ${table} add constraint ${name} ${definition}`);
  await fresh.pool.query('analyze');
  const { rows } = await fresh.pool.query<{ n: string }>('select count(*) as n from meter_hourly');
  log(`seeded ${int(HOUSEHOLDS)} households, ${int(Number(rows[0]?.n ?? 0))} hourly rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const db = fresh.database.db;
  const logger = createLogger({ level: 'silent' });
  const run = async (month: string, now: Date) => {
    await scheduleStatementRun(db, month); // keyed: the first month's run already scheduled the second
    const worker = startDurableWorker({ db, handlers: billingJobHandlers({ statementLanes: LANES }), logger, clock: () => now });
    const started = performance.now();
    // What the run holds (decision 076 reads a run's energy ahead): the process's peak RSS and
    // heap, sampled every 250 ms, from where they stood before it.
    const before = process.memoryUsage();
    let peak = { rss: before.rss, heapUsed: before.heapUsed };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
    }, 250);
    // The worker runs the month's job again at once for as long as it has households waiting.
    await worker.runDue().finally(() => clearInterval(sampler));
    const seconds = (performance.now() - started) / 1000;
    const mb = (bytes: number) => `${int(bytes / 2 ** 20)} MB`;
    await worker.stop();
    const { rows: job } = await fresh.pool.query<{ status: string; last_error: string | null }>(`select status, last_error from durable_jobs where key = $1`, [`billing:statements:${month}`]);
    if (job[0]?.status !== 'done') throw new Error(`${month}: the job is ${job[0]?.status} (${job[0]?.last_error ?? 'no error'})`);
    const { rows: counted } = await fresh.pool.query<{ n: string }>(`select count(*) as n from statements where period_start = $1::date`, [`${month}-01`]);
    const issued = Number(counted[0]?.n ?? 0);
    if (issued !== HOUSEHOLDS) throw new Error(`${month}: issued ${issued} of ${HOUSEHOLDS}`);
    log(
      `${month}: ${int(issued)} statements in ${seconds.toFixed(2)} s (${int(issued / seconds)}/s); ` +
        `peak RSS ${mb(peak.rss)} (${mb(before.rss)} before), peak heap ${mb(peak.heapUsed)} (${mb(before.heapUsed)} before)`,
    );
    return seconds;
  };
  // After every zone's midnight on the 1st.
  const first = await run('2025-10', new Date('2025-11-01T12:00:00Z'));
  const second = await run('2025-11', new Date('2025-12-01T12:00:00Z'));
  const { rows: check } = await fresh.pool.query<{ s: string; l: string; bad: string }>(
    `select count(*) as s, (select count(*) from statement_lines) as l,
       count(*) filter (where charges_cents <> (select coalesce(sum(amount_cents), 0) from statement_lines where statement_id = statements.id)) as bad from statements`,
  );
  log(`stored: ${check[0]?.s} statements, ${check[0]?.l} lines, ${check[0]?.bad} not adding up`);

  const perHousehold = second / HOUSEHOLDS;
  const projected = perHousehold * TARGET_HOUSEHOLDS;
  const pass = projected <= TARGET_SECONDS;
  console.log(
    `statements: ${int(HOUSEHOLDS)} households, first month ${first.toFixed(2)} s, steady month ${second.toFixed(2)} s ` +
      `(${(perHousehold * 1000).toFixed(2)} ms/household) → ${int(TARGET_HOUSEHOLDS)} households ≈ ${projected.toFixed(0)} s ` +
      `(target ≤ ${TARGET_SECONDS} s: ${HOUSEHOLDS >= TARGET_HOUSEHOLDS ? verdict(size, pass) : `${verdict(size, pass)}, projected`})`,
  );
} finally {
  await fresh.drop();
}
