/**
 * Province scale (issue 34): N homes × a meter and D devices × a year of 5-minute readings on a
 * PostgreSQL primary with a streaming replica of its own (apps/server/src/test/pg-replica.ts,
 * decision 123), loaded a month at a time as a deployment lives it: the month set-based into the
 * partitioned tables the ingest writer fills, its rollups, then, while the next month loads, its
 * days compacted with the compaction job's own step (decision 122) and its emptied table given
 * back by the partitions job (decision 124). Then the load bench's screen mix at a fixed rate through
 * server processes behind the load bench's round-robin proxy (decision 131), reading from the
 * replica, on this database and on a small one of 10 such homes over the same year, loaded the
 * same way on the same cluster, for the same time: p50/p95/p99 of each and their ratio, with
 * what a read cost the server processes, the primary and the replica (CPU, transactions) during
 * the mix and, for each screen read alone, on the big database.
 *
 *   npm run scale -w @peakwise/bench                   # 1,000 homes, 4 devices, 365 days (525.6 M readings)
 *   npm run scale -w @peakwise/bench -- --size=smoke   # 5 homes, 1 device, 3 days
 * Knobs: BENCH_SCALE_HOMES, BENCH_SCALE_DEVICES, BENCH_SCALE_DAYS, BENCH_SCALE_SMALL_HOMES (the
 * comparison's homes, 10), BENCH_SCALE_MEMBERS (members reading, 10), BENCH_SCALE_READ_RATE
 * (req/s, 500; a list such as 500,200 runs the mix at each in turn, the first the target's), BENCH_SCALE_READ_SECONDS (60 on each database, in two rounds), BENCH_SCALE_SHARED_BUFFERS (the cluster's, 1GB),
 * BENCH_SCALE_COMPACTION_LANES (the compaction job's lanes, each run by a durable worker of its own, 2), BENCH_SCALE_SERVERS (server processes on each database, 2),
 * BENCH_SCALE_ROUTE_READS (reads of each screen alone for its cost, 200; 0 skips), BENCH_SCALE_WARM_SECONDS (an unmeasured warm-up at the rate before each measured round, 10; 0 skips).
 * The cluster's data directories are under the OS temporary directory (TMPDIR), on its disk.
 */
import { statfsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { startTestReplicatedCluster, type TestReplicatedCluster } from '../apps/server/src/test/pg-replica';
import { createFreshDatabase, type FreshDatabase } from './lib/database';
import { acceptEncodingOf, benchSize, listKnob, numberKnob, readEncoding, stringKnob, verdict } from './lib/env';
import { int, log, ms, percentile } from './lib/format';
import { machineLine } from './lib/machine';
import { signInMember, signUpMember, type BenchMember } from './lib/members';
import { slowReadsByWindow, startReadLoad, wireWeight, type ReadLoadResult } from './lib/read-load';
import { replicaCaughtUp } from './lib/replica-state';
import { costMeter, costsBetween, lessBackground, perEach, statementsBetween, STATS_FLUSH_MS, sumCosts, type CostMeter, type Costs, type StatementCounts, type StatementDelta } from './lib/cost-meter';
import { routeCosts, weightedPerRead, type RouteCost } from './lib/route-costs';
import { loadScaleYear, RAW_BYTES_PER_READING, rollupMismatches, seriesBytes, type MonthFigures } from './lib/scale-year';
import { SCREEN_MIX } from './lib/screen-mix';
import { startServer } from './lib/server';
import { startServerGroup, type ServerGroup } from './lib/server-group';

const size = benchSize();
const smoke = size === 'smoke';
const HOMES = numberKnob('SCALE_HOMES', smoke ? 5 : 1_000);
const DEVICES = numberKnob('SCALE_DEVICES', smoke ? 1 : 4);
const DAYS = numberKnob('SCALE_DAYS', smoke ? 3 : 365);
const SMALL_HOMES = numberKnob('SCALE_SMALL_HOMES', smoke ? 2 : 10);
const MEMBERS = Math.min(numberKnob('SCALE_MEMBERS', smoke ? 2 : 10), SMALL_HOMES, HOMES);
const RATES = listKnob('SCALE_READ_RATE', smoke ? [50] : [500]);
const READ_SECONDS = numberKnob('SCALE_READ_SECONDS', smoke ? 3 : 60);
/** An unmeasured warm-up at the round's rate before each measured round (see mixRound). */
const WARM_SECONDS = numberKnob('SCALE_WARM_SECONDS', smoke ? 1 : 10);
const READ_ENCODING = readEncoding();
const SHARED_BUFFERS = stringKnob('SCALE_SHARED_BUFFERS') ?? (smoke ? '64MB' : '1GB');
/** The compaction job's lanes, a worker each as a server process each (decision 130): one a core here. */
const COMPACTION_LANES = numberKnob('SCALE_COMPACTION_LANES', 2);
const SERVERS = numberKnob('SCALE_SERVERS', 2);
const ROUTE_READS = numberKnob('SCALE_ROUTE_READS', smoke ? 3 : 200);
/** An idle window: what the server processes and clusters do with nothing asked, subtracted from every figure. */
const IDLE_MS = smoke ? 2_000 : 15_000;
/** The databases' counters are complete this long after a load (smoke does not wait: its figures are not read). */
const FLUSH_MS = smoke ? 500 : STATS_FLUSH_MS;
/** The target: the big database's p99 within this many times the small one's. */
const TARGET_RATIO = 1.5;
/**
 * WAL a raw reading writes until the checkpoint after its month (its heap tuple and key entries,
 * then compaction's delete): kept on the primary until the replica has it, so counted on top of
 * the raw month on both sides.
 */
const WAL_BYTES_PER_READING = 300;
const PER_DAY = 288;

const readings = HOMES * (1 + DEVICES) * DAYS * PER_DAY;
const monthMax = HOMES * (1 + DEVICES) * Math.min(31, DAYS) * PER_DAY;
const needFor = (raw: number) => raw * (2 * RAW_BYTES_PER_READING + WAL_BYTES_PER_READING);
const freeBytes = () => {
  const disk = statfsSync(tmpdir());
  return disk.bavail * disk.bsize;
};
const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
// Two months raw with their WAL at the peak (one loading, one compacting), and the compacted year
// (about 12 bytes a reading, both sides).
const peakBytes = needFor(2 * monthMax) + readings * 2 * 12;
log(`scale (${size}): ${int(HOMES)} homes × (meter + ${DEVICES} devices) × ${DAYS} days = ${int(readings)} readings; peak about ${gib(peakBytes)} on ${tmpdir()}, ${gib(freeBytes())} free`);
if (peakBytes > freeBytes()) throw new Error('not enough free disk for this run: lower BENCH_SCALE_HOMES, BENCH_SCALE_DEVICES or BENCH_SCALE_DAYS');

type RateMix = { rate: number; big: Mix; small: Mix };
type Mix = { p50: number; p95: number; p99: number; /** The warm-ups' p99, null without one. */ warmP99: number | null; answered: number; rate: number; failed: number; shed: number; costs: Costs; perRead: Costs; loads: number[] };

async function main() {
  // The primary and the replica are this run's own, removed at the end (and on Ctrl-C). Memory
  // for a bulk load; a checkpoint every few GB of WAL; connections for the server's two pools.
  // No JIT, as many OLTP deployments run: the compaction step's statements are planned above
  // PostgreSQL's JIT costs, so each batch is compiled again (81 functions for a batch's devices;
  // with JIT 11.4 and 6.0 s, without 9.0 and 5.4 s for 368,640 readings on this loaded host).
  const cluster = await startTestReplicatedCluster({
    // pg_stat_statements: each statement counted as it ends, for what a screen read runs where.
    settings: [`shared_buffers = ${SHARED_BUFFERS}`, "shared_preload_libraries = 'pg_stat_statements'", 'max_connections = 100', 'max_wal_size = 4GB', 'checkpoint_timeout = 15min', 'maintenance_work_mem = 256MB', 'work_mem = 64MB', 'jit = off'],
  });
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const dbs: FreshDatabase[] = [];
  const groups: ServerGroup[] = [];
  const meters: CostMeter[] = [];
  try {
    const small = await createFreshDatabase(cluster.primaryUrl('postgres'), 'scale_small');
    dbs.push(small);
    const big = await createFreshDatabase(cluster.primaryUrl('postgres'), 'scale');
    dbs.push(big);
    log(await machineLine(big.pool));
    const end = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000); // today 00:00 UTC

    const smallMembers = await signUpMembers(small);
    const bigMembers = await signUpMembers(big);
    log(`small database: ${SMALL_HOMES} homes, the same days`);
    const smallMonths = await loadScaleYear(small, plan(small, cluster, SMALL_HOMES, smallMembers, end));
    log(`big database: ${int(HOMES)} homes`);
    const started = performance.now();
    const months = await loadScaleYear(big, plan(big, cluster, HOMES, bigMembers, end));
    const wallS = (performance.now() - started) / 1000;
    for (const fresh of dbs) await fresh.pool.query('vacuum (analyze) meter_reading_days, device_reading_days, meter_hourly, meter_daily, device_hourly, device_daily, households, devices');
    const bytes = await seriesBytes(big);
    // The members' homes, whose screens the mix reads: their rollups against their readings, compacted or not.
    const check = await rollupMismatches(big, bigMembers.map((m) => m.householdId));
    log(`rollups of the ${MEMBERS} members' homes against their readings: ${check.meter} meter days and ${check.device} device days differ, of ${int(check.days)} meter days`);

    // Both sides' servers up, each side's idle cost, then rounds big, small, small, big: a host
    // whose load drifts weighs on both alike.
    const bigSide = await mixSide(cluster, big, bigMembers, `${int(HOMES)} homes`, groups, meters);
    const smallSide = await mixSide(cluster, small, smallMembers, `${SMALL_HOMES} homes`, groups, meters);
    for (const side of [bigSide, smallSide]) await settled(side);
    for (const side of [bigSide, smallSide]) await idleCost(side);
    const mixes: RateMix[] = [];
    for (const rate of RATES) {
      for (const side of [bigSide, smallSide]) Object.assign(side, { rounds: [], warmups: [], loads: [], costs: [], statementsBefore: undefined });
      for (const side of [bigSide, smallSide, smallSide, bigSide]) await mixRound(cluster, side, rate);
      mixes.push({ rate, big: mixOf(bigSide, rate), small: mixOf(smallSide, rate) });
    }
    const routes = ROUTE_READS > 0 ? await routeCosts({ url: bigSide.group.url, members: bigSide.members, mix: SCREEN_MIX, reads: ROUTE_READS, lanes: 4, meter: bigSide.meter, idle: bigSide.idle!, flushMs: FLUSH_MS }) : [];
    report(months, smallMonths, wallS, bytes, mixes, check, routes);
  } finally {
    for (const meter of meters) await meter.close();
    for (const group of groups) await group.stop().catch(() => group.kill9());
    for (const fresh of dbs) {
      await fresh.database.close().catch(() => {});
      await fresh.pool.end().catch(() => {});
    }
    await cluster.stop();
  }
}

function plan(fresh: FreshDatabase, cluster: TestReplicatedCluster, homes: number, members: BenchMember[], end: Date) {
  return {
    homes,
    devices: DEVICES,
    days: DAYS,
    end,
    memberHouseholds: members.map((m) => m.householdId),
    needFor,
    freeBytes,
    compactionLanes: COMPACTION_LANES,
    // The slot keeps the WAL the replica has not had: waiting for it bounds the WAL to a month's,
    // and the checkpoint after lets the primary recycle it.
    afterMonth: async () => {
      const replicaS = await replicaCaughtUp(fresh.pool, cluster.replicaUrl('postgres'));
      await fresh.pool.query('checkpoint');
      const { rows } = await fresh.pool.query<{ bytes: string }>('select coalesce(sum(size), 0)::bigint as bytes from pg_ls_waldir()');
      return { replicaS, walBytes: Number(rows[0]!.bytes) };
    },
  };
}

/** Members who can sign in, with households of their own among the homes (an in-process server, gone before the load). */
async function signUpMembers(fresh: FreshDatabase): Promise<BenchMember[]> {
  const server = await startServer(fresh.database);
  try {
    const members: BenchMember[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signUpMember(server.url, server.origin));
    return members;
  } finally {
    await server.close();
  }
}

type MixSide = {
  fresh: FreshDatabase;
  label: string;
  group: ServerGroup;
  meter: CostMeter;
  members: BenchMember[];
  rounds: ReadLoadResult[];
  /** Each measured round's warm-up, before it. */
  warmups: ReadLoadResult[];
  loads: number[];
  costs: Costs[];
  /** The side's cost with nothing asked, over IDLE_MS. */
  idle?: Costs;
  /** Statements on each cluster at the first round's start and the last round's end. */
  statementsBefore?: { primary: StatementCounts; replica: StatementCounts };
  statementsAfter?: { primary: StatementCounts; replica: StatementCounts };
};

/**
 * SERVERS server processes (main.ts as deployed) behind the round-robin proxy, each with
 * DATABASE_URL the primary and DATABASE_READ_URL the replica, each member signed in through it
 * and every screen visited once by each member first (what a member's first visit prices and
 * keeps is a write, not the steady state).
 */
async function mixSide(cluster: TestReplicatedCluster, fresh: FreshDatabase, members: BenchMember[], label: string, groups: ServerGroup[], meters: CostMeter[]): Promise<MixSide> {
  const group = await startServerGroup({
    count: SERVERS,
    env: { DATABASE_URL: cluster.primaryUrl(fresh.name), DATABASE_READ_URL: cluster.replicaUrl(fresh.name), AUTH_RATE_LIMIT_SIGN_IN: '1000000', AUTH_RATE_LIMIT_SIGN_UP: '1000000' },
  });
  groups.push(group);
  const meter = await costMeter({ primaryUrl: cluster.primaryUrl(fresh.name), replicaUrl: cluster.replicaUrl(fresh.name), database: fresh.name, serverPids: () => group.servers.map((s) => s.pid) });
  meters.push(meter);
  const signedIn: BenchMember[] = [];
  for (const member of members) signedIn.push(await signInMember(group.url, group.url, member));
  for (const member of signedIn) {
    for (const entry of SCREEN_MIX) {
      const res = await fetch(`${group.url}${entry.path}`, { headers: { cookie: member.cookie, origin: group.url } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`first visit: GET ${entry.path} answered ${res.status}`);
    }
  }
  log(`${label}: ${SERVERS} server processes behind the proxy at ${group.url}, ${signedIn.length} members signed in and every screen visited once`);
  return { fresh, label, group, meter, members: signedIn, rounds: [], warmups: [], loads: [], costs: [] };
}

const perSecond = (costs: Costs, key: keyof Costs) => costs[key] / costs.seconds;

/** Server processes using less than this share of a core have finished their start-up work. */
const QUIET_SHARE = 0.1;
const QUIET_WINDOW_MS = 3_000;
const QUIET_TIMEOUT_MS = 15 * 60_000;

/**
 * Until the side's server processes are quiet. Each process's maintenance sweep starts 5 s after
 * it does and evaluates every household with devices; on a database loaded by SQL its first pass
 * scores every loaded day of every device, a catch-up a deployment makes once, not the steady
 * state the mix is about.
 */
async function settled(side: MixSide) {
  const started = performance.now();
  for (;;) {
    const before = await side.meter.snapshot();
    await new Promise((r) => setTimeout(r, QUIET_WINDOW_MS));
    const window = costsBetween(before, await side.meter.snapshot());
    const share = window.serversMs / window.seconds / 1000;
    const waited = (performance.now() - started) / 1000;
    if (share < QUIET_SHARE) {
      log(`  ${side.label}: server processes quiet (${(share * 100).toFixed(1)} % of a core) after ${waited.toFixed(0)} s`);
      return;
    }
    if (waited * 1000 > QUIET_TIMEOUT_MS) throw new Error(`${side.label}: the server processes were still busy (${(share * 100).toFixed(0)} % of a core) after ${waited.toFixed(0)} s`);
    if (Math.round(waited) % 30 < QUIET_WINDOW_MS / 1000) log(`  ${side.label}: server processes at ${(share * 100).toFixed(0)} % of a core after ${waited.toFixed(0)} s (start-up work: the maintenance sweep)`);
  }
}

/** What the side costs with nothing asked of it: its processes' samplers and pollers, the clusters' own work. */
async function idleCost(side: MixSide) {
  await new Promise((r) => setTimeout(r, FLUSH_MS));
  const before = await side.meter.snapshot();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  side.idle = costsBetween(before, await side.meter.snapshot());
  const idle = side.idle;
  log(
    `  idle ${side.label}: server processes ${(perSecond(idle, 'serversMs') / 10).toFixed(1)} % of a core, primary ${(perSecond(idle, 'primaryMs') / 10).toFixed(1)} %, replica ${(perSecond(idle, 'replicaMs') / 10).toFixed(1)} %; ` +
      `on this database ${perSecond(idle, 'primaryStatements').toFixed(1)} statements/s on the primary, ${perSecond(idle, 'replicaStatements').toFixed(1)}/s on the replica; ` +
      `transactions counted ${perSecond(idle, 'primaryXacts').toFixed(1)}/s and ${perSecond(idle, 'replicaXacts').toFixed(1)}/s`,
  );
}

/**
 * One round of the screen mix at `rate` on one side, READ_SECONDS / 2 long, then the counters'
 * flush. A warm-up at the same rate comes first, unmeasured: a side that sat idle through the other
 * side's rounds starts cold (its pools' connections closed after 10 s idle, new backends and
 * their first plans, code the engine has not optimised yet), which cost both sides alike up to
 * 1.5× the steady CPU a read for their first seconds and, on a host near its capacity at 500 req/s,
 * a backlog of several seconds (bench/RESULTS.md, 2026-12-01: the first 2 s of every such round had reads of 4–6 s,
 * on 5 homes as on 1,000). The comparison is of the steady state; the warm-up's own tail is
 * reported beside it.
 */
async function mixRound(cluster: TestReplicatedCluster, side: MixSide, rate: number) {
  await replicaCaughtUp(side.fresh.pool, cluster.replicaUrl('postgres'));
  // The server's look at the replica's lag (every 250 ms) lets members who just wrote read there again.
  await new Promise((r) => setTimeout(r, 1_000));
  side.loads.push(loadavg()[0]!);
  if (WARM_SECONDS > 0) {
    const warm = await runMix(side, rate, WARM_SECONDS);
    side.warmups.push(warm);
    log(`  ${side.label} at ${rate} req/s, warm-up ${new Date(warm.startedAt).toISOString()} for ${warm.seconds.toFixed(0)} s (not measured): p99 ${ms(mixLatencies(warm).p99)}; ${await tailInTime(side, warm)}`);
  }
  side.statementsBefore ??= await side.meter.statements();
  const before = await side.meter.snapshot();
  const result = await runMix(side, rate, READ_SECONDS / 2);
  side.rounds.push(result);
  log(`  ${side.label} at ${rate} req/s, ${new Date(result.startedAt).toISOString()} for ${result.seconds.toFixed(0)} s: ${await tailInTime(side, result)}`);
  await new Promise((r) => setTimeout(r, FLUSH_MS));
  side.costs.push(costsBetween(before, await side.meter.snapshot()));
  side.statementsAfter = await side.meter.statements();
}

/** The screen mix at `rate` for `seconds` on one side's server processes, every member reading. */
async function runMix(side: MixSide, rate: number, seconds: number): Promise<ReadLoadResult> {
  const load = await startReadLoad({
    url: side.group.url,
    origin: side.group.url,
    acceptEncoding: acceptEncodingOf(READ_ENCODING),
    rate,
    signInRate: 0,
    seconds,
    members: side.members.map(({ cookie, email, password }) => ({ cookie, email, password })),
    mix: SCREEN_MIX,
    timeoutMs: 10_000,
    maxSockets: 256,
    maxOutstanding: Math.max(100, rate * 2),
  });
  try {
    return await load.run();
  } finally {
    await load.close();
  }
}

/** p50/p95/p99 over every screen read of these rounds (sign-ins left out). */
function mixLatencies(...rounds: ReadLoadResult[]) {
  const latencies = rounds.flatMap((r) => Object.entries(r.byLabel).flatMap(([l, b]) => (l === 'sign-in' ? [] : b.latencies))).sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), latencies };
}

/** Where the round's tail is in time (reads over 100 ms by 2 s window), and the maintenance sweeps that began during the round. */
const TAIL_WINDOW_S = 2;
async function tailInTime(side: MixSide, round: ReadLoadResult): Promise<string> {
  // The sweep's key is taken as it starts (jobs/maintenance.job.ts): its finished_at is when it began.
  const { rows } = await side.fresh.pool.query<{ at: Date }>(
    `select finished_at as at from durable_jobs where name = 'maintenance.sweep' and finished_at >= $1 and finished_at < $2 order by finished_at`,
    [new Date(round.startedAt - 60_000), new Date(round.startedAt + round.seconds * 1000)],
  );
  const sweeps = rows.map((r) => `${((r.at.getTime() - round.startedAt) / 1000).toFixed(0)} s`);
  return `reads over 100 ms by ${TAIL_WINDOW_S} s window (count, slowest): ${slowReadsByWindow(round.slow, round.startedAt, TAIL_WINDOW_S)}; maintenance sweeps begun (from the round's start): ${sweeps.join(', ') || 'none'}`;
}

const cores = (ms: number, seconds: number) => `${(ms / seconds / 1000).toFixed(2)}`;

/** Both rounds of a side together: latency percentiles over every screen read, the rate answered, what failed, what a read cost. */
function mixOf(side: MixSide, rate: number): Mix {
  const labels = Object.keys(side.rounds[0]!.byLabel).filter((l) => l !== 'sign-in');
  const of = (l: string) => side.rounds.map((r) => r.byLabel[l]!);
  const { latencies, p50, p95, p99 } = mixLatencies(...side.rounds);
  const failed = labels.reduce((n, l) => n + of(l).reduce((m, b) => m + b.errors + Object.entries(b.statuses).reduce((k, [st, c]) => k + (Number(st) >= 300 ? c : 0), 0), 0), 0);
  const seconds = side.rounds.reduce((n, r) => n + r.seconds, 0);
  for (const l of labels) {
    const sorted = of(l).flatMap((b) => b.latencies).sort((a, b) => a - b);
    log(`    ${l}: ${int(sorted.length)} answered, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, ${wireWeight(of(l))}`);
  }
  // Every request the worker sent ran on a server, answered in time or not: the costs are per request sent.
  const sent = side.rounds.reduce((n, r) => n + r.sent, 0);
  const raw = sumCosts(side.costs);
  const costs = lessBackground(raw, side.idle!);
  const perRead = perEach(costs, sent);
  const mix: Mix = {
    p50,
    p95,
    p99,
    warmP99: side.warmups.length > 0 ? mixLatencies(...side.warmups).p99 : null,
    answered: latencies.length,
    rate: latencies.length / seconds,
    failed,
    shed: side.rounds.reduce((n, r) => n + r.shed, 0),
    costs,
    perRead,
    loads: side.loads,
  };
  const loopDelays = side.rounds.map((r) => `${r.loopDelay.p99.toFixed(0)}/${r.loopDelay.max.toFixed(0)}`).join(', ');
  log(
    `  read mix on ${side.label} (${side.fresh.name}): ${int(mix.answered)} answered at ${int(mix.rate)}/s of ${rate} asked (${int(sent)} sent), p50 ${ms(mix.p50)}, p95 ${ms(mix.p95)}, p99 ${ms(mix.p99)}, ` +
      `${mix.failed} failed or non-2xx, ${int(mix.shed)} shed; load at each round's start ${mix.loads.map((l) => l.toFixed(1)).join(', ')}; the read worker's timer lateness p99/max ${loopDelays} ms`,
  );
  log(
    `    during the rounds with the flush after them (${raw.seconds.toFixed(0)} s), cores busy: server processes ${cores(raw.serversMs, raw.seconds)}, primary ${cores(raw.primaryMs, raw.seconds)}, replica ${cores(raw.replicaMs, raw.seconds)}, the bench (load worker, proxy) ${cores(raw.benchMs, raw.seconds)}; ` +
      `statements: replica ${int(raw.replicaStatements)}, primary ${int(raw.primaryStatements)} (${int(costs.replicaStatements)} and ${int(costs.primaryStatements)} less the idle rate); ` +
      `transactions counted: replica ${int(raw.replicaXacts)}, primary ${int(raw.primaryXacts)} (${int(costs.replicaXacts)} and ${int(costs.primaryXacts)} less the idle rate)`,
  );
  log(`    a request sent, less the idle rate: ${costLine(perRead)}`);
  for (const where of ['primary', 'replica'] as const) {
    const top = statementsBetween(side.statementsBefore![where], side.statementsAfter![where], 8);
    log(`    most run on the ${where} over the rounds (idle time between them in): ${statementList(top, sent)}`);
  }
  return mix;
}

/** Statements with their calls per `per` (reads) and mean ms, their text cut short. */
function statementList(top: readonly StatementDelta[], per: number): string {
  return top.map((s) => `[${(s.calls / per).toFixed(2)}×, ${(s.ms / s.calls).toFixed(2)} ms] ${s.query.replace(/\s+/g, ' ').slice(0, 90)}`).join(' | ');
}

/** One read's costs in a line. */
function costLine(c: Costs): string {
  return (
    `CPU ms: server ${c.serversMs.toFixed(2)}, primary ${c.primaryMs.toFixed(2)}, replica ${c.replicaMs.toFixed(2)}, bench ${c.benchMs.toFixed(2)} (total ${(c.serversMs + c.primaryMs + c.replicaMs + c.benchMs).toFixed(2)}); ` +
    `statements: replica ${c.replicaStatements.toFixed(2)} (${c.replicaStatementMs.toFixed(2)} ms), primary ${c.primaryStatements.toFixed(2)} (${c.primaryStatementMs.toFixed(2)} ms); ` +
    `transactions counted: replica ${c.replicaXacts.toFixed(2)}, primary ${c.primaryXacts.toFixed(2)}; active ms: replica ${c.replicaActiveMs.toFixed(2)}, primary ${c.primaryActiveMs.toFixed(2)}`
  );
}

function report(
  months: MonthFigures[],
  smallMonths: MonthFigures[],
  wallS: number,
  bytes: Awaited<ReturnType<typeof seriesBytes>>,
  mixes: readonly RateMix[],
  check: Awaited<ReturnType<typeof rollupMismatches>>,
  routes: RouteCost[],
) {
  const sum = (key: 'loadS' | 'rollupsS' | 'compactS' | 'reclaimS' | 'readings' | 'replicaS') => months.reduce((n, m) => n + (m[key] ?? 0), 0);
  const loaded = sum('readings');
  // The raw month before compaction: the largest month's bytes a reading as loaded (its key and heap, before any vacuum).
  const rawMonth = months.reduce((a, b) => (b.readings > a.readings ? b : a));
  const total = bytes.reduce((n, b) => n + b.bytes, 0);
  const totalReadings = bytes.reduce((n, b) => n + b.readings, 0);
  const perSeries = bytes.map((b) => `${b.table} ${(b.bytes / b.readings).toFixed(2)}`).join(', ');
  const smallLoadS = smallMonths.reduce((n, m) => n + m.loadS, 0);
  const lines = [
    `scale[${size}]: ${int(HOMES)} homes × (meter + ${DEVICES} devices) × ${DAYS} days: ${int(loaded)} readings in ${months.length} months, ${(wallS / 60).toFixed(1)} min wall`,
    `  load ${sum('loadS').toFixed(0)} s (${int(loaded / sum('loadS'))} readings/s), rollups ${sum('rollupsS').toFixed(0)} s, compaction ${sum('compactS').toFixed(0)} s (${int(loaded / sum('compactS'))} readings/s), ` +
      `months given back ${sum('reclaimS').toFixed(1)} s, waiting for the replica ${sum('replicaS').toFixed(0)} s; the members' rollups against their readings: ${check.meter + check.device} days differ ${verdict(size, check.meter + check.device === 0)}`,
    `  bytes a reading: raw month ${rawMonth.month} ${rawMonth.rawBytesPerReading.toFixed(1)}; the compacted year ${(total / totalReadings).toFixed(2)} (${perSeries}; ${(total / 2 ** 30).toFixed(2)} GiB for ${int(totalReadings)} readings, keys and TOAST in)`,
  ];
  for (const { rate, big, small } of mixes) {
    const ratio = big.p99 / small.p99;
    const sustained = big.rate >= rate * 0.95 && small.rate >= rate * 0.95 && big.failed === 0 && small.failed === 0;
    lines.push(
      `  read mix at ${rate} req/s for ${READ_SECONDS} s on each database through ${SERVERS} server processes each (rounds big, small, small, big; load ${[...big.loads, ...small.loads].map((l) => l.toFixed(1)).join('/')}) from the replica: ${int(HOMES)} homes p50 ${ms(big.p50)} p95 ${ms(big.p95)} p99 ${ms(big.p99)} (${int(big.rate)}/s, ${big.failed} failed); ` +
        `${SMALL_HOMES} homes (loaded alike: ${smallLoadS.toFixed(1)} s) p50 ${ms(small.p50)} p95 ${ms(small.p95)} p99 ${ms(small.p99)} (${int(small.rate)}/s, ${small.failed} failed); ` +
        `p99 ratio ${ratio.toFixed(2)}× ${verdict(size, ratio <= TARGET_RATIO && sustained)} (target ≤${TARGET_RATIO}× at ≥95 % of the rate, every read 2xx)` +
        (big.warmP99 !== null && small.warmP99 !== null ? `; the ${WARM_SECONDS} s warm-ups before each round, not measured: p99 ${ms(big.warmP99)} and ${ms(small.warmP99)}` : ''),
      `  a mix request sent, less the idle rate: ${int(HOMES)} homes ${costLine(big.perRead)}`,
      `  ${SMALL_HOMES} homes ${costLine(small.perRead)}`,
    );
  }
  if (routes.length > 0) {
    lines.push(`  each screen read alone on ${int(HOMES)} homes (${routes[0]!.reads} reads, 4 at a time, less the idle rate), per read:`);
    for (const r of routes) {
      lines.push(`    ${r.path}: p50 ${ms(r.p50)}; ${costLine(r.perRead)}`);
      lines.push(`      replica: ${statementList(r.replicaTop, r.reads)}`);
      lines.push(`      primary: ${statementList(r.primaryTop, r.reads)}`);
    }
    lines.push(`    the mix's weights over these: ${costLine(weightedPerRead(routes, SCREEN_MIX))}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
