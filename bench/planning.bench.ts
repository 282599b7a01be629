/**
 * Planning against execution of the screens' reads of raw readings, on PostgreSQL. Every such read
 * goes through the compaction-aware functions (meter_readings_in, device_readings_in and their
 * kin): inlined, each is two branches (compacted days, raw rows) over the month partitions, so
 * the planner has work to do however few rows the read returns.
 *
 * A few homes get months of readings in month partitions, the closed months compacted by the
 * compaction job's own step (bench/lib/scale-year.ts) and the current month raw. Each read is
 * sent once through the app's own code to capture its statement, then EXPLAIN ANALYZE'd as the
 * app sends it: as a one-off statement (planned on every run), and prepared, after warm-up runs
 * (what executePrepared gives: a custom plan each time, or the cached generic plan once
 * PostgreSQL has chosen it). Medians of the runs.
 *
 *   npm run planning -w @peakwise/bench                    # 20 homes × (meter + 4 devices), 90 compacted days and this month raw
 *   BENCH_SIZE=smoke npm run planning -w @peakwise/bench  # seconds
 * Knobs: BENCH_PLAN_HOMES, BENCH_PLAN_DEVICES, BENCH_PLAN_DAYS (compacted days before this month), BENCH_PLAN_RUNS, BENCH_PG_URL,
 *   BENCH_PLAN_DB_PREFIX (scratch database name), BENCH_PLAN_ONLY (only the reads whose label contains it),
 *   BENCH_PLAN_EXPLAIN=1 (print each statement's plan), BENCH_PLAN_KEEP=1 (leave the scratch database for EXPLAIN by hand; drop it after).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EARLY_WINDOW_GAP_MINUTES } from '@peakwise/domain/event-baseline';
import { eventDayRanges } from '@peakwise/domain/event-reading-plan';
import { localDateOf } from '@peakwise/domain/local-time';
import { nextPartitionMonth } from '@peakwise/domain/reading-partition-months';
import { todaySoFar } from '@peakwise/domain/today-so-far';
import { schema, type DbOrTx } from '../apps/server/src/db/client';
import { latestReading, deviceOverviewRows } from '../apps/server/src/modules/devices/devices-read.repository';
import { readDashboard } from '../apps/server/src/modules/energy/energy-dashboard.repository';
import { gridImportInRanges } from '../apps/server/src/modules/events/event-settlement.repository';
import { memberScorecard } from '../apps/server/src/modules/events/event-scorecard.service';
import { findEvent, gridImportIntervals } from '../apps/server/src/modules/events/events.repository';
import { freezeEventBaselines } from '../apps/server/src/modules/events/frozen-baselines.service';
import { optedInCounts, optedInUseByInterval } from '../apps/server/src/modules/events/ops-live-event.repository';
import { getHousehold, type Household } from '../apps/server/src/modules/households/household.repository';
import { exportReadingsPage } from '../apps/server/src/modules/privacy-exports/privacy-export-data.repository';
import { solarSummary } from '../apps/server/src/modules/solar/solar.service';
import { createFreshDatabase, dropOnSignal, type FreshDatabase } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, stringKnob } from './lib/env';
import { int, log, median } from './lib/format';
import { machineLine } from './lib/machine';
import { recomputeDeviceRollups, recomputeRollups } from './lib/reading-seed';
import { loadScaleYear } from './lib/scale-year';

const size = benchSize();
const smoke = size === 'smoke';
const HOMES = numberKnob('PLAN_HOMES', smoke ? 3 : 20);
const DEVICES = numberKnob('PLAN_DEVICES', smoke ? 1 : 4);
const DAYS = numberKnob('PLAN_DAYS', smoke ? 20 : 90);
const RUNS = numberKnob('PLAN_RUNS', smoke ? 5 : 25);
/** Runs of a prepared statement before it is measured: PostgreSQL weighs a generic plan after five. */
const WARMUP = 8;
/** Scratch databases carry the name of whoever runs the bench, so concurrent runs tell theirs apart. */
const DB_PREFIX = stringKnob('PLAN_DB_PREFIX') ?? 'planning';
/** Only the reads whose label contains this text (all when unset): one screen's read takes minutes less. */
const ONLY = stringKnob('PLAN_ONLY');
/** Print each measured statement's plan (one-off, with its values) to see where its time goes. */
const SHOW_PLAN = stringKnob('PLAN_EXPLAIN') === '1';
/** Leave the loaded database behind (its name is printed) instead of dropping it. */
const KEEP = stringKnob('PLAN_KEEP') === '1';
const READINGS_FN = /(meter|device)_readings_(in|latest|span)\(/;

type Statement = { text: string; values: unknown[] };

/** The app's reads through a pool that records every statement it is sent. */
function capturingDb(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  const sent: Statement[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config: unknown, values?: unknown) => {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const c = config as { text: string; values?: unknown[] };
      sent.push({ text: c.text, values: (values as unknown[] | undefined) ?? c.values ?? [] });
    }
    return values === undefined ? query(config) : query(config, values);
  };
  const db = drizzle({ client: pool, schema }) as unknown as DbOrTx;
  return { db, pool, sent };
}

type Timing = { planMs: number; execMs: number };

/** A bound value as an untyped literal, which the prepared statement casts to its parameter's type. */
function literalOf(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`);
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

async function explain(client: pg.PoolClient, text: string): Promise<Timing> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number; Plan: unknown }] }>(`explain (analyze, format json) ${text}`);
  const plan = rows[0]!['QUERY PLAN'][0];
  return { planMs: plan['Planning Time'], execMs: plan['Execution Time'] };
}

/**
 * Medians of planning and execution, planned on every run and prepared. EXPLAIN takes no bound
 * parameters, so both go through PREPARE and EXPLAIN EXECUTE: forcing a custom plan stands for the
 * one-off statement (planned with its values, as an unnamed statement is); the default mode, after
 * warm-up runs, is what a named statement gets.
 */
async function measure(fresh: FreshDatabase, statement: Statement) {
  const client = await fresh.pool.connect();
  // A utility statement takes no bound parameters either: the values go in as literals.
  const args = statement.values.map((v) => literalOf(client, v)).join(', ');
  const execute = `execute pw_bench${args ? `(${args})` : ''}`;
  const runs = async (n: number) => {
    const out: Timing[] = [];
    for (let i = 0; i < n; i++) out.push(await explain(client, execute));
    return out;
  };
  try {
    await client.query('set plan_cache_mode = force_custom_plan');
    await client.query(`prepare pw_bench as ${statement.text}`);
    const once = (await runs(RUNS + 2)).slice(2);
    if (SHOW_PLAN) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`);
      log(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    await client.query('deallocate pw_bench');
    await client.query('reset plan_cache_mode');
    await client.query(`prepare pw_bench as ${statement.text}`);
    for (let i = 0; i < WARMUP; i++) await client.query(execute);
    const prepared = await runs(RUNS);
    const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(`select generic_plans, custom_plans from pg_prepared_statements where name = 'pw_bench'`);
    await client.query('deallocate pw_bench');
    // What the generic plan would cost where PostgreSQL keeps choosing custom ones.
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare pw_bench as ${statement.text}`);
    await runs(2);
    const generic = await runs(RUNS);
    await client.query('deallocate pw_bench');
    await client.query('reset plan_cache_mode');
    const m = (xs: Timing[], k: 'planMs' | 'execMs') => median(xs.map((x) => x[k]));
    return {
      planMs: m(once, 'planMs'),
      execMs: m(once, 'execMs'),
      preparedPlanMs: m(prepared, 'planMs'),
      preparedExecMs: m(prepared, 'execMs'),
      plans: `${rows[0]?.generic_plans ?? '?'} generic / ${rows[0]?.custom_plans ?? '?'} custom`,
      genericPlanMs: m(generic, 'planMs'),
      genericExecMs: m(generic, 'execMs'),
    };
  } finally {
    client.release();
  }
}

/** This month's readings, raw (its days are still open), and their rollups. */
async function loadOpenMonth(fresh: FreshDatabase, ids: string[], from: Date, to: Date) {
  for (const month of [from, nextPartitionMonth(from)]) {
    for (const table of ['meter_readings', 'device_readings']) await fresh.pool.query(`select create_reading_month_partition($1, $2::timestamptz)`, [table, month.toISOString()]);
  }
  await fresh.pool.query(
    `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
     select h, g.ts, v.p, v.c, round(greatest(v.c - v.p, 0)::numeric, 3)::float8, round(greatest(v.p - v.c, 0)::numeric, 3)::float8, g.ts
     from unnest($1::uuid[]) as h
     cross join generate_series($2::timestamptz, $3::timestamptz - interval '5 minutes', interval '5 minutes') as g(ts)
     cross join lateral (select round((0.2 * random())::numeric, 3)::float8 as p, round((0.05 + 0.15 * random())::numeric, 3)::float8 as c) v`,
    [ids, from.toISOString(), to.toISOString()],
  );
  await fresh.pool.query(
    `insert into device_readings (device_id, ts, power_w, energy_kwh, efficiency, received_at)
     select d.id, g.ts, round(v.e * 12000), v.e, case when d.kind = 'solar_panel' then 15 + random() end, g.ts
     from devices d cross join generate_series($2::timestamptz, $3::timestamptz - interval '5 minutes', interval '5 minutes') as g(ts)
     cross join lateral (select round((0.002 + 0.02 * random())::numeric, 3)::float8 as e) v
     where d.household_id = any($1::uuid[])`,
    [ids, from.toISOString(), to.toISOString()],
  );
  await recomputeRollups(fresh, ids, { from, to });
  await recomputeDeviceRollups(fresh, ids, { from, to });
}

async function main() {
  const fresh = await createFreshDatabase(adminDatabaseUrl(), DB_PREFIX);
  dropOnSignal(fresh);
  const capture = capturingDb(fresh.url);
  try {
    log(await machineLine(fresh.pool));
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const openEnd = new Date(Math.floor(now.getTime() / 300_000) * 300_000 + 3_600_000);
    log(`planning (${size}): ${HOMES} homes × (meter + ${DEVICES} devices), ${DAYS} days compacted before ${monthStart.toISOString().slice(0, 10)}, then raw to ${openEnd.toISOString()}; ${RUNS} runs a read`);
    const started = performance.now();
    await loadScaleYear(fresh, { homes: HOMES, devices: DEVICES, days: DAYS, end: monthStart, memberHouseholds: [], compactionLanes: 2, needFor: () => 0, freeBytes: () => Number.POSITIVE_INFINITY });
    const ids = (await fresh.pool.query<{ id: string }>('select id from households order by id')).rows.map((r) => r.id);
    // One home's first device is a panel, so the Solar screen's efficiencies have something to read.
    await fresh.pool.query(`update devices set kind = 'solar_panel' where id = (select id from devices where household_id = $1 order by id limit 1)`, [ids[0]]);
    await loadOpenMonth(fresh, ids, monthStart, nextPartitionMonth(monthStart) < openEnd ? nextPartitionMonth(monthStart) : openEnd);
    await fresh.pool.query('vacuum (analyze)');
    const { rows: counts } = await fresh.pool.query<{ raw: string; days: string; parts: string }>(
      `select (select count(*) from meter_readings) + (select count(*) from device_readings) as raw,
              (select coalesce(sum(n), 0) from meter_reading_days) + (select coalesce(sum(n), 0) from device_reading_days) as days,
              (select count(*) from pg_inherits where inhparent = 'meter_readings'::regclass) as parts`,
    );
    log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${int(Number(counts[0]!.raw))} raw readings, ${int(Number(counts[0]!.days))} compacted, ${counts[0]!.parts} meter partitions`);

    const home = (await getHousehold(fresh.database.db, ids[0]!)) as Household;
    const deviceId = (await fresh.pool.query<{ id: string }>('select id from devices where household_id = $1 order by id limit 1', [home.id])).rows[0]!.id;
    const { rows: program } = await fresh.pool.query<{ id: string }>(`insert into event_programs (name, provinces) values ('Planning', '{ON}') returning id`);
    const eventStart = new Date(Math.floor(now.getTime() / 300_000) * 300_000 - 20 * 60_000);
    const eventEnd = new Date(eventStart.getTime() + 3_600_000);
    const { rows: event } = await fresh.pool.query<{ id: string }>(
      `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values ($1, $2, $3, 100, 10, 'scheduled', 'bench') returning id`,
      [program[0]!.id, eventStart.toISOString(), eventEnd.toISOString()],
    );
    await fresh.pool.query(`insert into event_participations (event_id, household_id, opted_in, source) select $1, unnest($2::uuid[]), true, 'member'`, [event[0]!.id, ids]);
    // Frozen before the start, as the announcement's fan-out does, then running.
    await freezeEventBaselines(fresh.database.db, (await findEvent(fresh.database.db, event[0]!.id))!, now);
    await fresh.pool.query(`update energy_events set status = 'active' where id = $1`, [event[0]!.id]);
    await fresh.pool.query('analyze event_participations, energy_events, event_baselines');

    // What a home's scorecard sends: its first request (nothing kept yet), then the next one.
    const scorecardStatements: number[] = [];
    for (let i = 0; i < 2; i++) {
      capture.sent.length = 0;
      await memberScorecard(capture.db, home, event[0]!.id, now);
      scorecardStatements.push(capture.sent.length);
    }
    log(`scorecard statements: ${scorecardStatements[0]} on a home's first request, ${scorecardStatements[1]} on the next`);

    const db = capture.db;
    const reads: [label: string, run: () => Promise<unknown>][] = [
      ['scorecard: intervals so far (gridImportIntervals)', () => gridImportIntervals(db, home.id, eventStart, now)],
      ['scorecard, first request: event day (gridImportInRanges)', () => gridImportInRanges(db, [{ householdId: home.id, group: 0 }], [eventDayRanges(eventStart, eventEnd, EARLY_WINDOW_GAP_MINUTES)])],
      ['/api/devices (deviceOverviewRows)', () => deviceOverviewRows(db, home.id, new Date(now.getTime() - 30 * 86_400_000), now)],
      ['/api/devices/{id} history (latestReading)', () => latestReading(db, deviceId)],
      ['/api/dashboard (readDashboard)', () => readDashboard(db, home, { userId: 'bench', sessionId: 'bench' }, localDateOf(now, home.timeZone), todaySoFar(now, home.timeZone), new Date(now.getTime() - 600_000))],
      ['/api/solar/summary?period=today', () => solarSummary(db, home, 'today', now)],
      ['ops live view: use by interval', () => optedInUseByInterval(db, event[0]!.id, eventStart, now)],
      ['ops live view: counts', () => optedInCounts(db, event[0]!.id, eventStart, now)],
      ['privacy export: meter page', () => exportReadingsPage(db, home.id, null, 1_000)],
    ];
    const results: string[] = [];
    for (const [label, run] of reads) {
      if (ONLY !== undefined && !label.includes(ONLY)) continue;
      capture.sent.length = 0;
      await run();
      const statements = capture.sent.filter((s) => READINGS_FN.test(s.text) && /^\s*select/i.test(s.text));
      for (const statement of statements) {
        const r = await measure(fresh, statement);
        const line = `${label}: planning ${r.planMs.toFixed(3)} ms, execution ${r.execMs.toFixed(3)} ms; prepared: planning ${r.preparedPlanMs.toFixed(3)} ms, execution ${r.preparedExecMs.toFixed(3)} ms (${r.plans}); generic plan forced: planning ${r.genericPlanMs.toFixed(3)} ms, execution ${r.genericExecMs.toFixed(3)} ms`;
        log(line);
        results.push(line);
      }
    }
    process.stdout.write(`planning[${size}]: scorecard ${scorecardStatements[0]} statements first, ${scorecardStatements[1]} next; ${results.join('; ')}\n`);
  } finally {
    await capture.pool.end().catch(() => {});
    if (KEEP) {
      log(`kept ${fresh.name}: drop database ${fresh.name} when done`);
      await fresh.database.close().catch(() => {});
      await fresh.pool.end().catch(() => {});
    } else await fresh.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`planning bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
