/**
 * Mixed load for BENCH_LOAD_SECONDS (default 600) on two real server processes sharing one
 * PostgreSQL database, behind a round-robin TCP proxy, with a private Mosquitto whose shared
 * subscription splits device telemetry between the two ingest workers (decision 066). At the
 * same time: members reading screens at a fixed rate, open live streams, 1,000 household gateways
 * (MQTT QoS 1, a tenth over HTTP) and sign-ins. Halfway, one server process is killed with
 * SIGKILL; it is restarted BENCH_LOAD_RESTART_AFTER seconds later with the same MQTT session, as a
 * supervisor would, so the messages the broker holds for that session reach the database.
 *
 *   npm run load -w @peakwise/bench                   # 10 minutes
 *   BENCH_SIZE=smoke npm run load -w @peakwise/bench  # 30 seconds, small
 * Knobs: BENCH_LOAD_SECONDS, BENCH_LOAD_RATE, BENCH_LOAD_MEMBERS, BENCH_LOAD_STREAMS,
 * BENCH_LOAD_HOUSEHOLDS, BENCH_LOAD_HTTP_GATEWAYS, BENCH_LOAD_READING_INTERVAL (s),
 * BENCH_LOAD_SIGN_IN_RATE, BENCH_LOAD_DAYS, BENCH_LOAD_RESTART_AFTER (s), BENCH_PG_URL.
 * To look inside the servers (decision 072): BENCH_LOAD_SERVER_LOGS=<dir> keeps each process's
 * whole output in <dir>/server-a.log and server-b.log, BENCH_LOAD_LOG_LEVEL sets their LOG_LEVEL
 * (default error), and BENCH_LOAD_CPU_PROF=<dir> runs both under `node --cpu-prof` into <dir>/server-a and
 * server-b (a profile is written when the process stops at the end; A's first life ends in
 * SIGKILL, so only its restarted life leaves one).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { issueIngestCredential } from '../apps/server/src/modules/devices/ingest-credential.service';
import { startMosquittoInstance, type MosquittoInstance } from '../apps/server/src/test/private-mosquitto';
import { createFreshDatabase, dropOnSignal, type FreshDatabase } from './lib/database';
import { acceptEncodingOf, adminDatabaseUrl, benchSize, numberKnob, readEncoding, stringKnob, verdict } from './lib/env';
import { checkStore } from './lib/fault-checks';
import { int, log, ms, percentile } from './lib/format';
import { HttpGateway, readingAt } from './lib/http-gateway';
import { LiveClients, type LiveStats } from './lib/live-clients';
import { machineLine } from './lib/machine';
import { signUpMember, type BenchMember } from './lib/members';
import { startPacedPublishers, type PacedResult } from './lib/paced-publishers';
import { slowReadsByWindow, startReadLoad, wireWeight, type LoopDelay, type ReadLoadResult } from './lib/read-load';
import { generateReadings } from './lib/reading-seed';
import { SCREEN_MIX } from './lib/screen-mix';
import type { RoundRobinProxy } from './lib/round-robin-proxy';
import { startServerGroup } from './lib/server-group';
import { freePort, type ServerProcess } from './lib/server-process';

const size = benchSize();
const smoke = size === 'smoke';
const SECONDS = numberKnob('LOAD_SECONDS', smoke ? 30 : 600);
const RATE = numberKnob('LOAD_RATE', smoke ? 50 : 500);
const MEMBERS = numberKnob('LOAD_MEMBERS', smoke ? 10 : 100);
const STREAMS = numberKnob('LOAD_STREAMS', smoke ? 20 : 200);
const HOUSEHOLDS = numberKnob('LOAD_HOUSEHOLDS', smoke ? 100 : 1_000);
const HTTP_GATEWAYS = numberKnob('LOAD_HTTP_GATEWAYS', smoke ? 10 : 100);
/** Seconds between two readings of one gateway: 5 s each is 200 readings/s for 1,000 homes. */
const READING_INTERVAL_S = numberKnob('LOAD_READING_INTERVAL', 5);
const SIGN_IN_RATE = numberKnob('LOAD_SIGN_IN_RATE', smoke ? 1 : 2);
/** Days of 5-minute history seeded for each member's home, so screens read real rollups. */
const DAYS = numberKnob('LOAD_DAYS', smoke ? 7 : 60);
const RESTART_AFTER_S = numberKnob('LOAD_RESTART_AFTER', smoke ? 3 : 20);
const SERVER_LOGS = stringKnob('LOAD_SERVER_LOGS');
const READ_ENCODING = readEncoding();
const LOG_LEVEL = stringKnob('LOAD_LOG_LEVEL') ?? 'error';
const CPU_PROF = stringKnob('LOAD_CPU_PROF');

const TARGET_P99_MS = 100;
/** RSS bound: growth of each server process over the last 40 % of the run (4 minutes at full size), medians of 30 s at each end. */
const RSS_GROWTH_BOUND_MB = 32;
const RSS_TAIL_FRACTION = 0.4;
/** A failure is the killed process's if the request was sent before, or within this long after, the kill and ended within KILL_WINDOW_MS of it. */
const KILL_SEND_SLACK_MS = 500;
const KILL_WINDOW_MS = 5_000;
/** The first reconnect waits 1 s (LIVE_RECONNECT_DELAYS_MS); a stream of the killed process must be back within that plus this. */
const RECONNECT_SLACK_MS = 2_000;
/** Gateways' readings are all before this instant (readingAt starts in January 2025); the seeded history is the last DAYS days. */
const GATEWAY_READINGS_BEFORE = new Date(Date.UTC(2026, 0, 1));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Member = BenchMember;
type RssSample = { t: number; server: number; pid: number; mb: number };
type HealthProbe = { t: number; server: number; ms: number; ok: boolean };

/** `work` for every item, `lanes` at a time, in the items' order. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

async function signUpMembers(proxy: RoundRobinProxy, origin: string, n: number): Promise<Member[]> {
  const members: Member[] = [];
  await inLanes(Array.from({ length: n }), 4, async () => void members.push(await signUpMember(proxy.url, origin)));
  return members;
}

/** Each member reads every screen of the mix once (its screens together, as an app opening does). */
async function visitOnce(proxy: RoundRobinProxy, origin: string, members: Member[]): Promise<{ seconds: number; p50: number; max: number }> {
  const started = performance.now();
  const perMember: number[] = [];
  await inLanes(members, 4, async (member) => {
    const t = performance.now();
    await Promise.all(
      SCREEN_MIX.map(async (entry) => {
        const res = await fetch(`${proxy.url}${entry.path}`, { headers: { cookie: member.cookie, origin } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`first visit: GET ${entry.path} answered ${res.status}`);
      }),
    );
    perMember.push(performance.now() - t);
  });
  const sorted = perMember.sort((a, b) => a - b);
  return { seconds: (performance.now() - started) / 1000, p50: percentile(sorted, 50), max: sorted.at(-1) ?? Number.NaN };
}

async function addHouseholds(fresh: FreshDatabase, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const { rows } = await fresh.pool.query<{ id: string }>(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-load-' || n, 'Bench home ' || n, 'ON', 'America/Toronto' from generate_series(1, $1::int) as n
     returning id`,
    [n],
  );
  return rows.map((r) => r.id);
}

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const medianOf = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Waits until the gateways' readings stop arriving in the database (or all are there). */
async function settleIngest(fresh: FreshDatabase, expected: number) {
  let last = -1;
  const deadline = Date.now() + 180_000;
  for (let stable = 0; stable < 10 && Date.now() < deadline; ) {
    const { rows } = await fresh.pool.query<{ n: number }>('select count(*)::int as n from meter_readings where ts < $1', [GATEWAY_READINGS_BEFORE]);
    const stored = rows[0]!.n;
    if (stored >= expected) return;
    stable = stored === last ? stable + 1 : 0;
    last = stored;
    await sleep(1_000);
  }
}

async function main() {
  const fresh = await createFreshDatabase(adminDatabaseUrl(), 'load');
  dropOnSignal(fresh);
  let broker: MosquittoInstance | undefined;
  let proxy: RoundRobinProxy | undefined;
  const servers: ServerProcess[] = [];
  try {
    for (const dir of [SERVER_LOGS, CPU_PROF]) if (dir) mkdirSync(dir, { recursive: true });
    log(await machineLine(fresh.pool));
    log(
      `load (${size}): ${SECONDS} s; ${RATE} screen req/s from ${MEMBERS} members, ${STREAMS} live streams, ${HOUSEHOLDS} gateways (${HTTP_GATEWAYS} over HTTP) ` +
        `one reading each every ${READING_INTERVAL_S} s, ${SIGN_IN_RATE} sign-ins/s; reads ask Accept-Encoding ${acceptEncodingOf(READ_ENCODING)}; kill -9 of server A at ${SECONDS / 2} s, restart ${RESTART_AFTER_S} s later; database ${fresh.name}`,
    );
    broker = await startMosquittoInstance(await freePort(), { saveEveryChange: false });
    const look = (name: string) => ({
      ...(SERVER_LOGS ? { logFile: join(SERVER_LOGS, `server-${name}.log`) } : {}),
      ...(CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, `server-${name}`)}`] } : {}),
    });
    const group = await startServerGroup({
      count: 2,
      env: {
        DATABASE_URL: fresh.url,
        MQTT_URL: broker.url,
        MQTT_SHARE_GROUP: `load${randomBytes(3).toString('hex')}`,
        // The sign-ins of many members come from one address here; the limiter is raised for the run only.
        AUTH_RATE_LIMIT_SIGN_IN: '1000000',
        AUTH_RATE_LIMIT_SIGN_UP: '1000000',
        LOG_LEVEL,
      },
      // A stable MQTT client id per process: after the restart the broker hands back its session.
      each: (i) => {
        const name = i === 0 ? 'a' : 'b';
        return { env: { MQTT_CLIENT_ID: `load-ingest-${name}` }, options: look(name) };
      },
    });
    servers.push(...group.servers);
    proxy = group.proxy;
    const origin = group.url;

    let started = performance.now();
    const members = await signUpMembers(proxy, origin, MEMBERS);
    const others = await addHouseholds(fresh, HOUSEHOLDS - MEMBERS);
    await generateReadings(
      fresh,
      members.map((m) => m.householdId),
      DAYS,
    );
    await fresh.pool.query('vacuum (analyze) meter_readings, meter_hourly, meter_daily, households');
    log(`seeded ${MEMBERS} members (signed up through the proxy) with ${DAYS} days of 5-minute history and ${others.length} more households in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Household i sends readingAt(i, 0), readingAt(i, 1), …; members' homes first, so their streams carry `readings` events.
    const households = [...members.map((m) => m.householdId), ...others].map((id, index) => ({ id, index }));
    const httpHouseholds = households.slice(households.length - HTTP_GATEWAYS);
    const mqttHouseholds = households.slice(0, households.length - HTTP_GATEWAYS);
    const httpGateways: HttpGateway[] = [];
    for (const h of httpHouseholds) {
      const credential = await issueIngestCredential(fresh.database.db, h.id, null, 'load');
      httpGateways.push(new HttpGateway(() => proxy!.url, credential.token, h.index, 1, READING_INTERVAL_S * 1_000));
    }
    const perGateway = Math.ceil(SECONDS / READING_INTERVAL_S) + 2;
    const publishers = await startPacedPublishers({
      url: broker.url,
      intervalMs: READING_INTERVAL_S * 1_000,
      drainMs: 60_000,
      publishers: mqttHouseholds.map((h) => ({
        clientId: `load-gateway-${h.index}`,
        topic: `peakwise/${h.id}/meter`,
        payloads: Array.from({ length: perGateway }, (_, n) => JSON.stringify({ readings: [readingAt(h.index, n)] })),
      })),
    });
    const readLoad = await startReadLoad({
      url: proxy.url,
      origin,
      acceptEncoding: acceptEncodingOf(READ_ENCODING),
      rate: RATE,
      signInRate: SIGN_IN_RATE,
      seconds: SECONDS,
      members: members.map(({ cookie, email, password }) => ({ cookie, email, password })),
      mix: SCREEN_MIX,
      timeoutMs: 10_000,
      maxSockets: 256,
      maxOutstanding: Math.max(100, RATE * 2),
    });

    const live = new LiveClients(
      proxy.url,
      origin,
      Array.from({ length: STREAMS }, (_, i) => members[i % members.length]!.cookie),
      (port) => proxy!.upstreamOf(port),
    );
    live.start(smoke ? 1_000 : 5_000);
    await sleep(smoke ? 2_000 : 6_000);
    // Members have opened their screens before: the first read of a household's seeded days
    // prices them and keeps the prices (decision 024). Without this pass every member's first
    // visit lands in the load's first seconds, a backlog of 1–3 s that is not the steady state
    // the targets are about (RESULTS.md, "The load's read tail was its first seconds"). Its cost
    // is reported on its own.
    const firstVisits = await visitOnce(proxy, origin, members);
    log(
      `first visits (every screen of the mix once per member, 4 members at a time): ${members.length} members in ${firstVisits.seconds.toFixed(1)} s; ` +
        `a member's screens p50 ${ms(firstVisits.p50)}, max ${ms(firstVisits.max)}`,
    );
    log(`${live.snapshot().open}/${STREAMS} streams open; starting the load`);

    // RSS of both processes every 5 s (the restarted one under its new pid).
    const rss: RssSample[] = [];
    const loadStart = Date.now();
    // The proxy and the streams run on this thread: its own lateness is a tail no server caused.
    const mainLoop = monitorEventLoopDelay({ resolution: 10 });
    mainLoop.enable();
    const sampler = setInterval(() => {
      servers.forEach((server, i) => {
        const pid = server.alive ? server.pid : undefined;
        const mb = pid ? rssMb(pid) : undefined;
        if (pid && mb !== undefined) rss.push({ t: (Date.now() - loadStart) / 1000, server: i, pid, mb });
      });
    }, 5_000);
    // Each process's /api/health straight, not through the proxy, every second: a process that
    // stops answering (event loop held, CPU starved) shows here, apart from the proxy and the load.
    const health: HealthProbe[] = [];
    const prober = setInterval(() => {
      servers.forEach((server, i) => {
        if (!server.alive) return;
        const sent = Date.now();
        fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(30_000) })
          .then(async (res) => {
            await res.arrayBuffer();
            health.push({ t: (sent - loadStart) / 1000, server: i, ms: Date.now() - sent, ok: res.status === 200 });
          })
          .catch(() => health.push({ t: (sent - loadStart) / 1000, server: i, ms: Date.now() - sent, ok: false }));
      });
    }, 1_000);
    // A line a minute, so a long run shows how it is going.
    const progress = setInterval(() => {
      void fresh.pool.query<{ n: number }>('select count(*)::int as n from meter_readings where ts < $1', [GATEWAY_READINGS_BEFORE]).then(({ rows }) => {
        const last = [0, 1].map((i) => rss.filter((s) => s.server === i).at(-1)?.mb);
        log(
          `  ${Math.round((Date.now() - loadStart) / 1000)} s: ${live.snapshot().open}/${STREAMS} streams open, ${int(rows[0]!.n)} gateway readings stored, ` +
            `RSS A ${last[0] === undefined ? '-' : Math.round(last[0])} MB, B ${last[1] === undefined ? '-' : Math.round(last[1])} MB, load ${loadavg()[0]!.toFixed(1)}`,
        );
      }, () => {});
    }, 60_000);
    publishers.go();
    httpGateways.forEach((g) => setTimeout(() => g.start(), Math.random() * READING_INTERVAL_S * 1_000));
    const reads = readLoad.run();

    await sleep((SECONDS / 2) * 1_000);
    const beforeKill = live.upstreams();
    const killAt = Date.now();
    await servers[0]!.kill9();
    log(`killed server A (kill -9) at ${((killAt - loadStart) / 1000).toFixed(1)} s; ${beforeKill.filter((u) => u === 0).length} streams were on it`);
    await sleep(RESTART_AFTER_S * 1_000);
    const restartAt = Date.now();
    await servers[0]!.start();
    log(`server A back (same MQTT session) after ${((Date.now() - killAt) / 1000).toFixed(1)} s, start took ${((Date.now() - restartAt) / 1000).toFixed(1)} s`);

    const readResult = await reads;
    mainLoop.disable();
    const mainLoopDelay = { p50: mainLoop.percentile(50) / 1e6, p99: mainLoop.percentile(99) / 1e6, max: mainLoop.max / 1e6 };
    await readLoad.close();
    clearInterval(sampler);
    clearInterval(progress);
    clearInterval(prober);
    const liveStats = live.snapshot();
    const liveAtEnd = live.upstreams();
    live.stop();
    started = performance.now();
    await Promise.all(httpGateways.map((g) => g.drain(120_000)));
    const mqttResult = await publishers.stop();
    await publishers.close();
    const acknowledged = mqttResult.acknowledged.reduce((a, b) => a + b, 0) + httpGateways.reduce((n, g) => n + g.counts.acknowledged, 0);
    const generated = mqttResult.published.reduce((a, b) => a + b, 0) + httpGateways.reduce((n, g) => n + g.generated, 0);
    await settleIngest(fresh, generated);
    log(`gateways drained and ingest settled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const server of servers) await server.stop();
    const check = await checkStore(
      fresh.database.db,
      [
        ...mqttHouseholds.map((h, i) => ({ id: h.id, index: h.index, generated: mqttResult.published[i]! })),
        ...httpHouseholds.map((h, i) => ({ id: h.id, index: h.index, generated: httpGateways[i]!.generated })),
      ],
      { before: GATEWAY_READINGS_BEFORE },
    );
    const sessions = rowsOf<{ n: number }>(await fresh.database.db.execute(sql`select count(*)::int as n from sessions`))[0]?.n ?? 0;

    report({ readResult, mainLoopDelay, liveStats, liveAtEnd, beforeKill, killAt, loadStart, restartAt, rss, health, mqttResult, httpGateways, acknowledged, generated, check, sessions, servers });
  } finally {
    for (const server of servers) await server.kill9().catch(() => {});
    await proxy?.close();
    await broker?.destroy();
    await fresh.drop();
  }
}

type Report = {
  readResult: ReadLoadResult;
  mainLoopDelay: LoopDelay;
  liveStats: LiveStats;
  liveAtEnd: (number | undefined)[];
  beforeKill: (number | undefined)[];
  killAt: number;
  loadStart: number;
  restartAt: number;
  rss: RssSample[];
  health: HealthProbe[];
  mqttResult: PacedResult;
  httpGateways: HttpGateway[];
  acknowledged: number;
  generated: number;
  check: Awaited<ReturnType<typeof checkStore>>;
  sessions: number;
  servers: ServerProcess[];
};

function report(r: Report) {
  const { readResult, liveStats, killAt } = r;
  const at = (epochMs: number) => `${((epochMs - r.loadStart) / 1000).toFixed(1)} s`;

  // Requests: 5xx anywhere; failures without an answer split into the killed process's and the rest.
  const readLabels = Object.keys(readResult.byLabel).filter((l) => l !== 'sign-in');
  const statusTotal = (labels: string[], test: (status: number) => boolean) =>
    labels.reduce((n, l) => n + Object.entries(readResult.byLabel[l]!.statuses).reduce((m, [s, c]) => m + (test(Number(s)) ? c : 0), 0), 0);
  const byKill = (f: { startedAt: number; endedAt: number }) => f.startedAt <= killAt + KILL_SEND_SLACK_MS && f.endedAt >= killAt && f.endedAt <= killAt + KILL_WINDOW_MS;
  const noAnswer = readResult.failures.filter((f) => f.status === undefined);
  const killedInFlight = noAnswer.filter(byKill);
  const otherNoAnswer = noAnswer.filter((f) => !byKill(f));
  const fiveXx = statusTotal(Object.keys(readResult.byLabel), (s) => s >= 500) + Object.entries(liveStats.statuses).reduce((n, [s, c]) => n + (Number(s) >= 500 ? c : 0), 0);
  const read4xx = statusTotal(readLabels, (s) => s >= 400 && s < 500);
  const reads2xx = statusTotal(readLabels, (s) => s >= 200 && s < 300);

  const latencies = readLabels.flatMap((l) => readResult.byLabel[l]!.latencies).sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const achieved = latencies.length / readResult.seconds;
  const sustained = achieved >= RATE * 0.95;
  for (const label of readLabels) {
    const stats = readResult.byLabel[label]!;
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    log(`  ${label}: ${int(sorted.length)} answered, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, statuses ${JSON.stringify(stats.statuses)}, no answer ${stats.errors}, ${wireWeight([stats])}`);
  }
  // Where the tail sits: reads over 100 ms per 10 s of the run, and the read p99 without the
  // minute that starts at the kill (A's death, its restart and its first cold answers).
  const WINDOW_S = 10;
  log(`  reads over 100 ms by ${WINDOW_S} s window (count, slowest): ${slowReadsByWindow(readResult.slow, r.loadStart, WINDOW_S)}`);
  const delays = (d: LoopDelay) => [d.p50, d.p99, d.max].map((v) => v.toFixed(1)).join('/');
  const nearKill = readResult.slow.filter((read) => read.dueAt >= killAt && read.dueAt < killAt + 60_000);
  const dropped = new Map<number, number>();
  for (const read of nearKill) dropped.set(read.ms, (dropped.get(read.ms) ?? 0) + 1);
  const withoutKill = latencies.filter((value) => {
    const left = dropped.get(value) ?? 0;
    if (left > 0) dropped.set(value, left - 1);
    return left === 0;
  });
  log(
    `  read tail outside the minute from the kill: ${int(nearKill.length)} of the slow reads were due in it; p99 of the others ${ms(percentile(withoutKill, 99))}; ` +
      `event-loop timer sampled every 10 ms, so 10 is on time (p50/p99/max ms): read worker ${delays(readResult.loopDelay)}, proxy and streams thread ${delays(r.mainLoopDelay)}`,
  );
  const signIn = readResult.byLabel['sign-in']!;
  const signInSorted = [...signIn.latencies].sort((a, b) => a - b);
  log(`  sign-in: statuses ${JSON.stringify(signIn.statuses)}, no answer ${signIn.errors}, p50 ${ms(percentile(signInSorted, 50))}, p99 ${ms(percentile(signInSorted, 99))}`);
  const errorKinds = (list: { label: string; error?: string }[]) => JSON.stringify(list.reduce<Record<string, number>>((m, f) => ({ ...m, [f.error ?? '?']: (m[f.error ?? '?'] ?? 0) + 1 }), {}));
  if (otherNoAnswer.length > 0) log(`  unanswered outside the kill: ${errorKinds(otherNoAnswer)} at ${otherNoAnswer.slice(0, 10).map((f) => at(f.endedAt)).join(', ')}`);
  const other4xx = readResult.failures.filter((f) => f.status !== undefined && f.status < 500 && f.label !== 'sign-in');
  if (other4xx.length > 0) log(`  4xx reads: ${other4xx.slice(0, 5).map((f) => `${f.label} ${f.status} at ${at(f.endedAt)}`).join('; ')}`);

  // Streams.
  const atKill = liveStats.drops.filter((d) => d.at >= killAt && d.at <= killAt + KILL_WINDOW_MS);
  const otherDrops = liveStats.drops.filter((d) => !atKill.includes(d));
  const reconnectMs = atKill.filter((d) => d.readyAt !== undefined).map((d) => d.readyAt! - d.at).sort((a, b) => a - b);
  const onKilled = r.beforeKill.filter((u) => u === 0).length;
  const toSurvivor = atKill.filter((d) => d.reconnectedTo === 1).length;
  const lateOrNever = atKill.filter((d) => d.readyAt === undefined || d.readyAt - d.at > 1_000 + RECONNECT_SLACK_MS).length;
  const streamsHeld =
    liveStats.silentlyDead.length === 0 && otherDrops.length === 0 && lateOrNever === 0 && atKill.length === onKilled && atKill.every((d) => d.upstream === 0) && toSurvivor === atKill.length;
  log(
    `  streams: ${liveStats.streams}; before the kill ${onKilled} on A, ${r.beforeKill.filter((u) => u === 1).length} on B; at the end ${r.liveAtEnd.length} open (${r.liveAtEnd.filter((u) => u === 0).length} on A, ${r.liveAtEnd.filter((u) => u === 1).length} on B); ` +
      `events ${JSON.stringify(liveStats.events)}, heartbeats ${int(liveStats.heartbeats)}, non-200 ${JSON.stringify(liveStats.statuses)}`,
  );
  // Where a reconnect's time went: the wait before the try (1 s, plus this thread's lag), and the proxy and server answering it.
  const backAt = atKill.filter((d) => d.readyAt !== undefined && d.sentAt !== undefined && d.answeredAt !== undefined);
  if (backAt.length > 0) {
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    const waited = sorted(backAt.map((d) => d.sentAt! - d.at));
    const answered = sorted(backAt.map((d) => d.answeredAt! - d.sentAt!));
    const ready = sorted(backAt.map((d) => d.readyAt! - d.answeredAt!));
    const late = backAt.filter((d) => d.readyAt! - d.at > 1_000 + RECONNECT_SLACK_MS);
    log(
      `  reconnects at the kill: last try sent after p50 ${ms(percentile(waited, 50))} max ${ms(waited.at(-1)!)}; answered (headers) p50 ${ms(percentile(answered, 50))} max ${ms(answered.at(-1)!)} after it was sent; ` +
        `ready p50 ${ms(percentile(ready, 50))} after the headers; tries ${JSON.stringify(backAt.reduce<Record<number, number>>((m, d) => ({ ...m, [d.attempts]: (m[d.attempts] ?? 0) + 1 }), {}))}` +
        (late.length > 0 ? `; the late ones answered ${late.slice(0, 15).map((d) => Math.round(d.answeredAt! - d.sentAt!)).join(', ')} ms after sending` : ''),
    );
  }
  if (otherDrops.length > 0) log(`  other drops: ${otherDrops.slice(0, 10).map((d) => `${d.reason} at ${at(d.at)} on ${d.upstream}`).join('; ')}`);
  if (liveStats.silentlyDead.length > 0) log(`  silently dead: ${liveStats.silentlyDead.slice(0, 10).map((d) => `at ${at(d.at)} on ${d.upstream} after ${d.silentMs} ms`).join('; ')}`);

  // Memory: each process's samples over the tail of the run.
  const tailFrom = (r.rss.length > 0 ? Math.max(...r.rss.map((s) => s.t)) : 0) * (1 - RSS_TAIL_FRACTION);
  const growth = [0, 1].map((server) => {
    const pids = [...new Set(r.rss.filter((s) => s.server === server).map((s) => s.pid))];
    const lastPid = pids[pids.length - 1];
    const tail = r.rss.filter((s) => s.server === server && s.pid === lastPid && s.t >= tailFrom);
    if (tail.length < 2) return { server, growthMb: Number.NaN, startMb: Number.NaN, endMb: Number.NaN, maxMb: Number.NaN };
    const first = tail.filter((s) => s.t <= tail[0]!.t + 30).map((s) => s.mb);
    const last = tail.filter((s) => s.t >= tail[tail.length - 1]!.t - 30).map((s) => s.mb);
    return { server, startMb: medianOf(first), endMb: medianOf(last), growthMb: medianOf(last) - medianOf(first), maxMb: Math.max(...r.rss.filter((s) => s.server === server).map((s) => s.mb)) };
  });
  const timeline = [0, 1]
    .map((server) => {
      const samples = r.rss.filter((s) => s.server === server);
      const every = Math.max(1, Math.floor(samples.length / 12));
      return `${server === 0 ? 'A' : 'B'} ${samples
        .filter((_, i) => i % every === 0)
        .map((s) => `${Math.round(s.t)}s:${Math.round(s.mb)}`)
        .join(' ')}`;
    })
    .join(' | ');
  log(`  RSS MB over time: ${timeline}`);
  for (const server of [0, 1]) {
    const probes = r.health.filter((h) => h.server === server);
    const slow = probes.filter((h) => h.ms > 5_000 || !h.ok);
    const sorted = probes.map((h) => h.ms).sort((a, b) => a - b);
    log(
      `  ${server === 0 ? 'A' : 'B'} /api/health direct: ${probes.length} probes, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}; ` +
        `slower than 5 s or failed: ${slow.length}${slow.length > 0 ? ` (${slow.slice(0, 8).map((h) => `${Math.round(h.t)} s: ${h.ok ? Math.round(h.ms) + ' ms' : 'failed'}`).join(', ')})` : ''}`,
    );
  }
  if (liveStats.benchStalls.length > 0) log(`  the bench's own thread (proxy, streams) was held: ${liveStats.benchStalls.map((s) => `${Math.round(s.gapMs)} ms at ${at(s.at)}`).join(', ')}`);
  const rssHeld = growth.every((g) => Number.isFinite(g.growthMb) && g.growthMb <= RSS_GROWTH_BOUND_MB);

  // Ingest.
  const c = r.check;
  const ingestHeld = c.lost === 0 && c.wrong === 0 && c.duplicated === 0 && c.rollupMismatches === 0 && c.stored === c.expected && r.acknowledged === r.generated;
  const resent = r.httpGateways.reduce((n, g) => n + g.counts.resentReadings, 0);
  const failedIngest = r.httpGateways.reduce((n, g) => n + g.counts.failedRequests, 0);

  if (!ingestHeld || fiveXx > 0) for (const [i, server] of r.servers.entries()) log(`  server ${i === 0 ? 'A' : 'B'}'s last output:\n${server.output.slice(-1500)}`);
  const noFiveXx = fiveXx === 0;
  const readsHeld = p99 <= TARGET_P99_MS && sustained && otherNoAnswer.length === 0 && read4xx === 0;
  const allHeld = noFiveXx && readsHeld && rssHeld && streamsHeld && ingestHeld;
  const lines = [
    `load[${size}]: ${int(readResult.seconds)} s on 2 server processes behind a round-robin proxy, server A killed (-9) at ${at(killAt)} and restarted at ${at(r.restartAt)}`,
    `  5xx: ${fiveXx} ${verdict(size, noFiveXx)} (target 0); requests the killed process had in flight (no answer, sent ≤${KILL_SEND_SLACK_MS} ms after the kill, ended ≤${KILL_WINDOW_MS / 1000} s after): ${killedInFlight.length} (${killedInFlight.filter((f) => f.startedAt < killAt).length} sent before it) ${errorKinds(killedInFlight)}; unanswered at other times: ${otherNoAnswer.length}`,
    `  reads: ${int(reads2xx)} 2xx, ${read4xx} 4xx, asked ${RATE}/s, answered ${int(achieved)}/s, ${int(readResult.shed)} not sent because ${int(Math.max(100, RATE * 2))} were already waiting, ${int(readResult.unfinished)} cancelled unanswered at the end; p50 ${ms(p50)}, p99 ${ms(p99)} ${verdict(size, readsHeld)} (target p99 ≤${TARGET_P99_MS} ms at ≥95 % of the rate, every read answered 2xx outside the kill)`,
    `  sign-ins: ${JSON.stringify(signIn.statuses)}, p50 ${ms(percentile(signInSorted, 50))}, p99 ${ms(percentile(signInSorted, 99))}; ${r.sessions} sessions in the database at the end`,
    `  RSS: ${growth.map((g) => `${g.server === 0 ? 'A (restarted)' : 'B'} ${Math.round(g.startMb)} → ${Math.round(g.endMb)} MB (growth ${g.growthMb.toFixed(1)} MB, max ${Math.round(g.maxMb)} MB)`).join('; ')} over the last ${Math.round(RSS_TAIL_FRACTION * 100)} % of the run ${verdict(size, rssHeld)} (bound: growth ≤${RSS_GROWTH_BOUND_MB} MB per process)`,
    `  streams: ${liveStats.streams} open, silently dead ${liveStats.silentlyDead.length} (bench thread held >5 s ${liveStats.benchStalls.length} times); at the kill ${atKill.length} dropped (${onKilled} were on A), ${toSurvivor} reconnected to B, reconnect p50 ${ms(percentile(reconnectMs, 50))} max ${ms(reconnectMs.length ? reconnectMs[reconnectMs.length - 1]! : Number.NaN)}, late or never ${lateOrNever}; other drops ${otherDrops.length} ${verdict(size, streamsHeld)} (target: no silent stream, every stream of A back on B within 1 s + ${RECONNECT_SLACK_MS / 1000} s, no other drop)`,
    `  ingest: ${int(r.generated)} readings sent (${int(r.mqttResult.published.reduce((a, b) => a + b, 0))} MQTT QoS 1, ${int(r.httpGateways.reduce((n, g) => n + g.generated, 0))} HTTP), ${int(r.acknowledged)} acknowledged, ${int(c.stored)} stored; ` +
      `lost ${c.lost}, wrong ${c.wrong}, duplicated ${c.duplicated}, rollup mismatches ${c.rollupMismatches}; HTTP re-sent ${resent} after ${failedIngest} failed requests, MQTT re-published ${r.mqttResult.republished} ${verdict(size, ingestHeld)} (target: every acknowledged reading stored once, rollups equal raw sums)`,
    `load: ${verdict(size, allHeld)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!smoke && !allHeld) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(`load bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
