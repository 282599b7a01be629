/**
 * Read latency of the chart endpoints for one signed-in household with a year of 5-minute data,
 * while the database grows (default 10 → 50 → 100 → 200 households, a year each: 200 ≈ 21M
 * meter readings). At each size: fixed-rate load (autocannon, default 500 req/s) on every
 * endpoint that exists, p50/p99; and the year-range daily query over meter_daily against the
 * same answer computed from raw meter_readings.
 *
 * Data is generated server-side (INSERT … SELECT … generate_series) straight into meter_readings,
 * and the rollups are recomputed set-based with the same bucketing as modules/readings/rollups.ts
 * (UTC hours; local days in the household's zone). One fresh database per run, dropped after.
 *
 *   npm run read -w @peakwise/bench                   # full (≈ 21M readings at the last size)
 *   BENCH_SIZE=smoke npm run read -w @peakwise/bench  # seconds
 * Knobs: BENCH_STAGES=10,50 (household counts), BENCH_DAYS, BENCH_RATE, BENCH_DURATION (s),
 * BENCH_PG_URL.
 *
 * BENCH_READS_ON=replica|primary (decision 123): the run starts its own primary and a streaming
 * replica of it on this host (apps/server/src/test/pg-replica.ts) instead of using BENCH_PG_URL,
 * and the screens read from the replica or, for the comparison, from that same primary.
 */
import autocannon from 'autocannon';
import { createFreshDatabase, dropOnSignal, type FreshDatabase } from './lib/database';
import { acceptEncodingOf, adminDatabaseUrl, benchSize, listKnob, numberKnob, readEncoding, stringKnob, verdict } from './lib/env';
import { int, log, median, ms, percentile } from './lib/format';
import { machineLine } from './lib/machine';
import { signUpMember } from './lib/members';
import { replicaCaughtUp, replicaTransactions } from './lib/replica-state';
import { generateReadings } from './lib/reading-seed';
import { startServer, type BenchServer } from './lib/server';
import { startTestReplicatedCluster, type TestReplicatedCluster } from '../apps/server/src/test/pg-replica';
import { createReadDb, type ReadDb } from '../apps/server/src/db/replica-reads';
import { createLogger } from '../apps/server/src/lib/logger';

const size = benchSize();
const smoke = size === 'smoke';
const STAGES = listKnob('STAGES', smoke ? [2, 4] : [10, 50, 100, 200]);
const DAYS = numberKnob('DAYS', smoke ? 14 : 365);
const RATE = numberKnob('RATE', smoke ? 50 : 500);
const DURATION_S = numberKnob('DURATION', smoke ? 2 : 10);
/** Seconds at the same rate before each measurement, so it sees the steady state (warm caches, settled JIT), not a cold start. */
const WARMUP_S = numberKnob('WARMUP', smoke ? 1 : 3);
/**
 * autocannon's overallRate gives each connection a quota per second that it sends back to back
 * from the start of the second, so the server sees bursts of CONNECTIONS concurrent requests and
 * the tail latency is roughly CONNECTIONS × the time per request. One connection per 50 req/s
 * offers the rate as long as responses average under 20 ms; a rate not sustained fails the run.
 */
const CONNECTIONS = numberKnob('READ_CONNECTIONS', Math.max(2, Math.ceil(RATE / 50)));
const TARGET_P99_MS = 50;

/** The endpoints under test; those that answer 404 (not built yet) are reported as such. */
const ENDPOINTS = ['/api/solar/summary?period=week', '/api/usage/history?range=365', '/api/dashboard', '/api/household'];

type Latency = { path: string; status: 'ok' | 'missing'; p50?: number; p99?: number; rps?: number; non2xx?: number; errors?: number };
type StageResult = {
  households: number;
  readings: number;
  tableMb: number;
  latencies: Latency[];
  rollupMs: number;
  rawMs: number;
  rollupP99: number;
  /** The database's own time for each (planning + execution, EXPLAIN ANALYZE), medians. */
  rollupDbMs: number;
  rawDbMs: number;
};

/** Households besides the member's, as rows consistent with the schema (no owner account needed). */
async function addHouseholds(fresh: FreshDatabase, from: number, to: number): Promise<string[]> {
  const { rows } = await fresh.pool.query<{ id: string }>(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-read-' || n, 'Bench home ' || n, 'ON', 'America/Toronto' from generate_series($1::int, $2::int) as n
     returning id`,
    [from, to],
  );
  return rows.map((r) => r.id);
}

/** The usage chart's year: one row per local day, from rollups — and the same from raw rows. */
const YEAR_FROM_ROLLUPS = `
  select local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count
  from meter_daily
  where household_id = $1 and local_date > (now() at time zone $2)::date - 365 and local_date <= (now() at time zone $2)::date
  order by local_date`;
const YEAR_FROM_RAW = `
  select (ts at time zone $2)::date as local_date, sum(production_kwh) as production_kwh, sum(consumption_kwh) as consumption_kwh,
         sum(grid_import_kwh) as grid_import_kwh, sum(grid_export_kwh) as grid_export_kwh, count(*)::int as interval_count
  from meter_readings
  where household_id = $1
    and ts >= ((now() at time zone $2)::date - 364)::timestamp at time zone $2
    and ts < ((now() at time zone $2)::date + 1)::timestamp at time zone $2
  group by 1 order by 1`;

async function timeQuery(fresh: FreshDatabase, text: string, params: unknown[], runs: number) {
  const client = await fresh.pool.connect();
  try {
    const times: number[] = [];
    let rows: Record<string, unknown>[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      rows = (await client.query(text, params)).rows;
      times.push(performance.now() - started);
    }
    return { times: times.sort((a, b) => a - b), rows };
  } finally {
    client.release();
  }
}

/**
 * Median planning + execution time inside PostgreSQL (EXPLAIN ANALYZE without per-node timing,
 * so the instrumentation adds next to nothing). The client's round trip and row parsing, which
 * both sides pay alike and which cap the wall-time ratio near 50×, are left out.
 */
async function databaseTime(fresh: FreshDatabase, text: string, params: unknown[], runs: number) {
  const client = await fresh.pool.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { rows } = await client.query<{ 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }>(`explain (analyze, timing off, summary, format json) ${text}`, params);
      const plan = rows[0]!['QUERY PLAN'][0]!;
      times.push(plan['Planning Time'] + plan['Execution Time']);
    }
    return median(times.sort((a, b) => a - b));
  } finally {
    client.release();
  }
}

function sameAnswer(a: Record<string, unknown>[], b: Record<string, unknown>[]) {
  if (a.length !== b.length) return false;
  return a.every((row, i) => {
    const other = b[i]!;
    return (
      String(row.local_date) === String(other.local_date) &&
      row.interval_count === other.interval_count &&
      ['production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh'].every((k) => Math.abs(Number(row[k]) - Number(other[k])) < 1e-6)
    );
  });
}

async function load(server: BenchServer, path: string, cookie: string): Promise<Latency> {
  const headers = { cookie, origin: server.origin, 'accept-encoding': ACCEPT_ENCODING };
  const probe = await fetch(`${server.url}${path}`, { headers });
  await probe.arrayBuffer();
  if (probe.status === 404) return { path, status: 'missing' };
  if (probe.status !== 200) throw new Error(`${path}: ${probe.status}`);
  const result = await autocannon({
    url: `${server.url}${path}`,
    headers,
    connections: CONNECTIONS,
    // The load generator runs in its own thread, not on the server's event loop it measures.
    workers: 1,
    overallRate: RATE,
    duration: DURATION_S,
    ...(WARMUP_S > 0 ? { warmup: { duration: WARMUP_S } } : {}),
  });
  return { path, status: 'ok', p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/** A browser's, as members' screens ask (BENCH_READ_ENCODING=identity for none). */
const ACCEPT_ENCODING = acceptEncodingOf(readEncoding());
const READS_ON = stringKnob('READS_ON');
if (READS_ON !== undefined && READS_ON !== 'replica' && READS_ON !== 'primary') throw new Error('BENCH_READS_ON must be replica or primary');

async function main() {
  const cluster: TestReplicatedCluster | undefined = READS_ON ? await startTestReplicatedCluster() : undefined;
  const fresh = await createFreshDatabase(cluster ? cluster.primaryUrl('postgres') : adminDatabaseUrl(), 'read');
  dropOnSignal(fresh);
  const replicaUrl = cluster?.replicaUrl(fresh.name);
  const reads: ReadDb | undefined = READS_ON === 'replica' ? createReadDb({ primary: fresh.database, readUrl: replicaUrl, logger: createLogger({ level: 'warn' }) }) : undefined;
  const server = await startServer(fresh.database, reads ? { reads } : {});
  const results: StageResult[] = [];
  try {
    log(await machineLine(fresh.pool));
    log(`read (${size}): stages ${STAGES.join(' → ')} households × ${DAYS} days of 5-minute data; ${RATE} req/s for ${DURATION_S} s per endpoint, Accept-Encoding ${ACCEPT_ENCODING}; database ${fresh.name}`);
    const member = await signUpMember(server.url, server.origin);
    await generateReadings(fresh, [member.householdId], DAYS);
    let households = 1;

    for (const stage of STAGES) {
      if (stage > households) {
        const started = performance.now();
        const ids = await addHouseholds(fresh, households + 1, stage);
        await generateReadings(fresh, ids, DAYS);
        const seconds = (performance.now() - started) / 1000;
        log(`generated ${stage - households} households (${int((stage - households) * DAYS * 288)} readings + rollups) in ${seconds.toFixed(1)} s`);
        households = stage;
        // Settle what the bulk load left behind before measuring: autovacuum would otherwise
        // start on millions of fresh rows (and the checkpointer flush them) mid-measurement, which
        // a database that takes a reading every 5 minutes per household never sees.
        await fresh.pool.query('vacuum (analyze) meter_readings, meter_hourly, meter_daily, households');
        // CHECKPOINT needs a superuser or pg_checkpoint; without either, the run goes on.
        await fresh.pool.query('checkpoint').catch(() => log('checkpoint not allowed for this user; measuring without it'));
      }
      const { rows } = await fresh.pool.query<{ n: string; mb: string }>(
        `select (select count(*) from meter_readings) as n, pg_total_relation_size('meter_readings') / 1048576 as mb`,
      );
      const readings = Number(rows[0]?.n);
      const tableMb = Number(rows[0]?.mb);

      const rollup = await timeQuery(fresh, YEAR_FROM_ROLLUPS, [member.householdId, member.timeZone], smoke ? 20 : 200);
      const raw = await timeQuery(fresh, YEAR_FROM_RAW, [member.householdId, member.timeZone], smoke ? 3 : 7);
      if (!sameAnswer(rollup.rows, raw.rows)) throw new Error('the rollup and raw year queries disagree');
      const rollupDbMs = await databaseTime(fresh, YEAR_FROM_ROLLUPS, [member.householdId, member.timeZone], smoke ? 20 : 200);
      const rawDbMs = await databaseTime(fresh, YEAR_FROM_RAW, [member.householdId, member.timeZone], smoke ? 3 : 7);

      if (cluster) await replicaCaughtUp(fresh.pool, cluster.replicaUrl('postgres'));
      // The sampler's next look at the replica (every 250 ms) lets the member read there again.
      if (reads) await new Promise((r) => setTimeout(r, 500));
      const before = replicaUrl ? await replicaTransactions(replicaUrl, fresh.name) : 0;
      const latencies: Latency[] = [];
      for (const path of ENDPOINTS) latencies.push(await load(server, path, member.cookie));
      if (replicaUrl) log(`reads on the ${READS_ON}: the replica ran ${int((await replicaTransactions(replicaUrl, fresh.name)) - before)} transactions on this database during the load`);
      const result: StageResult = {
        households,
        readings,
        tableMb,
        latencies,
        rollupMs: median(rollup.times),
        rawMs: median(raw.times),
        rollupP99: percentile(rollup.times, 99),
        rollupDbMs,
        rawDbMs,
      };
      results.push(result);
      log(
        `${households} households, ${int(readings)} readings (${int(tableMb)} MB): ` +
          latencies
            .map((l) => (l.status === 'missing' ? `${l.path} not built yet (404)` : `${l.path} p50 ${ms(l.p50!)} p99 ${ms(l.p99!)} (${int(l.rps!)} req/s, ${l.non2xx} non-2xx, ${l.errors} errors)`))
            .join('; ') +
          `; year query in the database: rollups ${ms(result.rollupDbMs)} vs raw ${ms(result.rawDbMs)} = ${Math.round(result.rawDbMs / result.rollupDbMs)}×` +
          `; at the client: rollups ${ms(result.rollupMs)} (p99 ${ms(result.rollupP99)}) vs raw ${ms(result.rawMs)} = ${Math.round(result.rawMs / result.rollupMs)}×`,
      );
    }

    const last = results[results.length - 1]!;
    const measured = results.flatMap((r) => r.latencies.filter((l) => l.status === 'ok'));
    const worstP99 = Math.max(...measured.map((l) => l.p99!));
    const failures = measured.reduce((n, l) => n + l.non2xx! + l.errors!, 0);
    // Latency at a lower rate than asked is not the asked measurement: a rate not sustained fails.
    const slowest = Math.min(...measured.map((l) => l.rps!));
    const sustained = slowest >= RATE * 0.95;
    // The target compares the queries; the client's round trip is the same on both sides (below).
    const ratio = last.rawDbMs / last.rollupDbMs;
    const clientRatio = last.rawMs / last.rollupMs;
    const missing = last.latencies.filter((l) => l.status === 'missing').map((l) => l.path.split('?')[0]);
    const flat = results.map((r) => `${r.households}h ${r.latencies.filter((l) => l.status === 'ok').map((l) => ms(l.p99!)).join('/')}`).join(', ');
    process.stdout.write(
      `read[${size}]: ${int(last.readings)} readings, ${RATE} req/s asked (lowest achieved ${int(slowest)}), worst p99 ${ms(worstP99)} ${verdict(size, worstP99 <= TARGET_P99_MS && failures === 0 && sustained)} (target ≤${TARGET_P99_MS} ms; p99 by size: ${flat}), ` +
        `year query in the database rollups ${ms(last.rollupDbMs)} vs raw ${ms(last.rawDbMs)} = ${Math.round(ratio)}× ${verdict(size, ratio >= 50)} (target ≥50×; ${Math.round(clientRatio)}× at the client, round trip included)` +
        (missing.length > 0 ? `; not built yet: ${missing.join(', ')}` : '') +
        '\n',
    );
  } finally {
    // autocannon stops at its deadline with requests in flight; let their handlers finish first.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.close();
    await reads?.close();
    await fresh.drop();
    await cluster?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`read bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
