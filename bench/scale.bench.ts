/**
 * Province scale (issue 34): N homes × a meter and D devices × a year of 5-minute readings on a
 * PostgreSQL primary with a streaming replica of its own (apps/server/src/test/pg-replica.ts,
 * decision 123), loaded a month at a time as a deployment lives it: the month set-based into the
 * partitioned tables the ingest writer fills, its rollups, then, while the next month loads, its
 * days compacted with the compaction job's own step (decision 122) and its emptied table given
 * back by the partitions job (decision 124). Then the load bench's screen mix at a fixed rate from a server process that reads from
 * the replica, on this database and on a small one of 10 such homes over the same year, loaded
 * the same way on the same cluster, for the same time: p50/p95/p99 of each and their ratio.
 *
 *   npm run scale -w @peakwise/bench                   # 1,000 homes, 4 devices, 365 days (525.6 M readings)
 *   npm run scale -w @peakwise/bench -- --size=smoke   # 5 homes, 1 device, 3 days
 * Knobs: BENCH_SCALE_HOMES, BENCH_SCALE_DEVICES, BENCH_SCALE_DAYS, BENCH_SCALE_SMALL_HOMES (the
 * comparison's homes, 10), BENCH_SCALE_MEMBERS (members reading, 10), BENCH_SCALE_READ_RATE
 * (req/s, 500), BENCH_SCALE_READ_SECONDS (60 on each database, in two rounds), BENCH_SCALE_SHARED_BUFFERS (the cluster's, 1GB), BENCH_SCALE_COMPACTION_LANES (compaction runs at once, 2).
 * The cluster's data directories are under the OS temporary directory (TMPDIR), on its disk.
 */
import { statfsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { startTestReplicatedCluster, type TestReplicatedCluster } from '../apps/server/src/test/pg-replica';
import { createFreshDatabase, type FreshDatabase } from './lib/database';
import { benchSize, numberKnob, stringKnob, verdict } from './lib/env';
import { int, log, ms, percentile } from './lib/format';
import { machineLine } from './lib/machine';
import { signInMember, signUpMember, type BenchMember } from './lib/members';
import { startReadLoad, type ReadLoadResult } from './lib/read-load';
import { replicaCaughtUp, replicaTransactions } from './lib/replica-state';
import { loadScaleYear, RAW_BYTES_PER_READING, rollupMismatches, seriesBytes, type MonthFigures } from './lib/scale-year';
import { SCREEN_MIX } from './lib/screen-mix';
import { startServer } from './lib/server';
import { freePort, serverProcess, type ServerProcess } from './lib/server-process';

const size = benchSize();
const smoke = size === 'smoke';
const HOMES = numberKnob('SCALE_HOMES', smoke ? 5 : 1_000);
const DEVICES = numberKnob('SCALE_DEVICES', smoke ? 1 : 4);
const DAYS = numberKnob('SCALE_DAYS', smoke ? 3 : 365);
const SMALL_HOMES = numberKnob('SCALE_SMALL_HOMES', smoke ? 2 : 10);
const MEMBERS = Math.min(numberKnob('SCALE_MEMBERS', smoke ? 2 : 10), SMALL_HOMES, HOMES);
const RATE = numberKnob('SCALE_READ_RATE', smoke ? 50 : 500);
const READ_SECONDS = numberKnob('SCALE_READ_SECONDS', smoke ? 3 : 60);
const SHARED_BUFFERS = stringKnob('SCALE_SHARED_BUFFERS') ?? (smoke ? '64MB' : '1GB');
/** Compaction runs at once over shares of the homes (decision 130): one a core here. */
const COMPACTION_LANES = numberKnob('SCALE_COMPACTION_LANES', 2);
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

type Mix = { p50: number; p95: number; p99: number; answered: number; rate: number; failed: number; shed: number; replicaTransactions: number; loads: number[] };

async function main() {
  // The primary and the replica are this run's own, removed at the end (and on Ctrl-C). Memory
  // for a bulk load; a checkpoint every few GB of WAL; connections for the server's two pools.
  // No JIT, as many OLTP deployments run: the compaction step's statements are planned above
  // PostgreSQL's JIT costs, so each batch is compiled again (81 functions for a batch's devices;
  // with JIT 11.4 and 6.0 s, without 9.0 and 5.4 s for 368,640 readings on this loaded host).
  const cluster = await startTestReplicatedCluster({
    settings: [`shared_buffers = ${SHARED_BUFFERS}`, 'max_connections = 100', 'max_wal_size = 4GB', 'checkpoint_timeout = 15min', 'maintenance_work_mem = 256MB', 'work_mem = 64MB', 'jit = off'],
  });
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const dbs: FreshDatabase[] = [];
  const servers: ServerProcess[] = [];
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

    // Both servers up, then rounds big, small, small, big: a host whose load drifts weighs on both alike.
    const bigSide = await mixSide(cluster, big, bigMembers, `${int(HOMES)} homes`);
    servers.push(bigSide.server);
    const smallSide = await mixSide(cluster, small, smallMembers, `${SMALL_HOMES} homes`);
    servers.push(smallSide.server);
    for (const side of [bigSide, smallSide, smallSide, bigSide]) await mixRound(cluster, side);
    const bigMix = mixOf(bigSide);
    const smallMix = mixOf(smallSide);
    report(months, smallMonths, wallS, bytes, bigMix, smallMix, check);
  } finally {
    for (const server of servers) await server.stop();
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

type MixSide = { fresh: FreshDatabase; label: string; server: ServerProcess; members: BenchMember[]; rounds: ReadLoadResult[]; loads: number[]; replicaTransactions: number };

/**
 * A server process (main.ts as deployed) whose DATABASE_URL is the primary and DATABASE_READ_URL
 * the replica, each member signed in to it and every screen visited once by each member first
 * (what a member's first visit prices and keeps is a write, not the steady state).
 */
async function mixSide(cluster: TestReplicatedCluster, fresh: FreshDatabase, members: BenchMember[], label: string): Promise<MixSide> {
  const server = serverProcess(
    { DATABASE_URL: cluster.primaryUrl(fresh.name), DATABASE_READ_URL: cluster.replicaUrl(fresh.name), AUTH_RATE_LIMIT_SIGN_IN: '1000000', AUTH_RATE_LIMIT_SIGN_UP: '1000000' },
    await freePort(),
  );
  await server.start();
  const signedIn: BenchMember[] = [];
  for (const member of members) signedIn.push(await signInMember(server.url, server.url, member));
  for (const member of signedIn) {
    for (const entry of SCREEN_MIX) {
      const res = await fetch(`${server.url}${entry.path}`, { headers: { cookie: member.cookie, origin: server.url } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`first visit: GET ${entry.path} answered ${res.status}`);
    }
  }
  return { fresh, label, server, members: signedIn, rounds: [], loads: [], replicaTransactions: 0 };
}

/** One round of the screen mix at RATE on one side, READ_SECONDS / 2 long. */
async function mixRound(cluster: TestReplicatedCluster, side: MixSide) {
  await replicaCaughtUp(side.fresh.pool, cluster.replicaUrl('postgres'));
  // The server's look at the replica's lag (every 250 ms) lets members who just wrote read there again.
  await new Promise((r) => setTimeout(r, 1_000));
  const before = await replicaTransactions(cluster.replicaUrl(side.fresh.name), side.fresh.name);
  side.loads.push(loadavg()[0]!);
  const load = await startReadLoad({
    url: side.server.url,
    origin: side.server.url,
    rate: RATE,
    signInRate: 0,
    seconds: READ_SECONDS / 2,
    members: side.members.map(({ cookie, email, password }) => ({ cookie, email, password })),
    mix: SCREEN_MIX,
    timeoutMs: 10_000,
    maxSockets: 256,
    maxOutstanding: Math.max(100, RATE * 2),
  });
  side.rounds.push(await load.run());
  await load.close();
  side.replicaTransactions += (await replicaTransactions(cluster.replicaUrl(side.fresh.name), side.fresh.name)) - before;
}

/** Both rounds of a side together: latency percentiles over every screen read, the rate answered, what failed. */
function mixOf(side: MixSide): Mix {
  const labels = Object.keys(side.rounds[0]!.byLabel).filter((l) => l !== 'sign-in');
  const of = (l: string) => side.rounds.map((r) => r.byLabel[l]!);
  const latencies = labels.flatMap((l) => of(l).flatMap((b) => b.latencies)).sort((a, b) => a - b);
  const failed = labels.reduce((n, l) => n + of(l).reduce((m, b) => m + b.errors + Object.entries(b.statuses).reduce((k, [st, c]) => k + (Number(st) >= 300 ? c : 0), 0), 0), 0);
  const seconds = side.rounds.reduce((n, r) => n + r.seconds, 0);
  for (const l of labels) {
    const sorted = of(l).flatMap((b) => b.latencies).sort((a, b) => a - b);
    log(`    ${l}: ${int(sorted.length)} answered, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`);
  }
  const mix: Mix = {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    answered: latencies.length,
    rate: latencies.length / seconds,
    failed,
    shed: side.rounds.reduce((n, r) => n + r.shed, 0),
    replicaTransactions: side.replicaTransactions,
    loads: side.loads,
  };
  log(
    `  read mix on ${side.label} (${side.fresh.name}): ${int(mix.answered)} answered at ${int(mix.rate)}/s of ${RATE} asked, p50 ${ms(mix.p50)}, p95 ${ms(mix.p95)}, p99 ${ms(mix.p99)}, ` +
      `${mix.failed} failed or non-2xx, ${int(mix.shed)} shed; the replica ran ${int(mix.replicaTransactions)} transactions on it; load at each round's start ${mix.loads.map((l) => l.toFixed(1)).join(', ')}`,
  );
  return mix;
}

function report(months: MonthFigures[], smallMonths: MonthFigures[], wallS: number, bytes: Awaited<ReturnType<typeof seriesBytes>>, big: Mix, small: Mix, check: Awaited<ReturnType<typeof rollupMismatches>>) {
  const sum = (key: 'loadS' | 'rollupsS' | 'compactS' | 'reclaimS' | 'readings' | 'replicaS') => months.reduce((n, m) => n + (m[key] ?? 0), 0);
  const loaded = sum('readings');
  // The raw month before compaction: the largest month's bytes a reading as loaded (its key and heap, before any vacuum).
  const rawMonth = months.reduce((a, b) => (b.readings > a.readings ? b : a));
  const total = bytes.reduce((n, b) => n + b.bytes, 0);
  const totalReadings = bytes.reduce((n, b) => n + b.readings, 0);
  const perSeries = bytes.map((b) => `${b.table} ${(b.bytes / b.readings).toFixed(2)}`).join(', ');
  const ratio = big.p99 / small.p99;
  const sustained = big.rate >= RATE * 0.95 && small.rate >= RATE * 0.95 && big.failed === 0 && small.failed === 0;
  const smallLoadS = smallMonths.reduce((n, m) => n + m.loadS, 0);
  const lines = [
    `scale[${size}]: ${int(HOMES)} homes × (meter + ${DEVICES} devices) × ${DAYS} days: ${int(loaded)} readings in ${months.length} months, ${(wallS / 60).toFixed(1)} min wall`,
    `  load ${sum('loadS').toFixed(0)} s (${int(loaded / sum('loadS'))} readings/s), rollups ${sum('rollupsS').toFixed(0)} s, compaction ${sum('compactS').toFixed(0)} s (${int(loaded / sum('compactS'))} readings/s), ` +
      `months given back ${sum('reclaimS').toFixed(1)} s, waiting for the replica ${sum('replicaS').toFixed(0)} s; the members' rollups against their readings: ${check.meter + check.device} days differ ${verdict(size, check.meter + check.device === 0)}`,
    `  bytes a reading: raw month ${rawMonth.month} ${rawMonth.rawBytesPerReading.toFixed(1)}; the compacted year ${(total / totalReadings).toFixed(2)} (${perSeries}; ${(total / 2 ** 30).toFixed(2)} GiB for ${int(totalReadings)} readings, keys and TOAST in)`,
    `  read mix at ${RATE} req/s for ${READ_SECONDS} s on each database (rounds big, small, small, big; load ${[...big.loads, ...small.loads].map((l) => l.toFixed(1)).join('/')}) from the replica: ${int(HOMES)} homes p50 ${ms(big.p50)} p95 ${ms(big.p95)} p99 ${ms(big.p99)} (${int(big.rate)}/s, ${big.failed} failed); ` +
      `${SMALL_HOMES} homes (loaded alike: ${smallLoadS.toFixed(1)} s) p50 ${ms(small.p50)} p95 ${ms(small.p95)} p99 ${ms(small.p99)} (${int(small.rate)}/s, ${small.failed} failed); ` +
      `p99 ratio ${ratio.toFixed(2)}× ${verdict(size, ratio <= TARGET_RATIO && sustained)} (target ≤${TARGET_RATIO}× at ≥95 % of the rate, every read 2xx)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
