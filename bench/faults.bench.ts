/**
 * Fault suite (decision 054): gateways that behave like real ones send
 * readings over HTTP while the suite kills things mid-write, then every reading the server
 * acknowledged is looked for, exactly once and with its value, and the rollups are checked
 * against the raw sums.
 *
 * Kinds (BENCH_FAULT_KINDS, comma-separated; default all):
 *   server-pglite    kill -9 the server on the embedded database, restart it on the same data directory
 *   server-postgres  kill -9 the server on PostgreSQL, restart it
 *   postgres         kill -9 PostgreSQL's postmaster (a private cluster, not the shared one), restart it
 *   proxy            a TCP proxy between server and PostgreSQL stalls (1-5 s) or resets every connection
 *   mqtt-server      MQTT gateways on the embedded broker (PGlite); kill -9 the server, broker and all, restart it
 *   broker           MQTT gateways on a private Mosquitto (server on PostgreSQL); kill -9 Mosquitto, restart it
 *   nats             MQTT gateways on a private NATS Server's MQTT listener, two workers reading its
 *                    JetStream stream (decision 117, PostgreSQL); kill -9 NATS Server, restart it
 *   nats-worker      the same, but kill -9 one of the two workers (each in turn), restart it
 *   nats-cluster-node  the same on a three-node NATS cluster, the stream in three copies (decision 125);
 *                    kill -9 one node (each in turn), restart it
 *   settlement       kill -9 the server while it settles an event (PostgreSQL), restart it
 *   notifications    kill -9 the server while it emails an event's announcement to a real SMTP peer, restart it
 *
 * MQTT gateways count a reading as acknowledged when the server's receipt names it (decision 065),
 * on every broker; HTTP gateways when a 200 covers it. The server answering health says nothing
 * about ingest on NATS, so `nats` also times each kill's first receipt after the restart, and
 * `nats-worker` counts the readings the other worker receipted while one was down.
 *
 *   npm run faults -w @peakwise/bench                  # 20 faults of each kind
 *   BENCH_SIZE=smoke npm run faults -w @peakwise/bench  # 2 of each
 * Knobs: BENCH_FAULTS, BENCH_GATEWAYS, BENCH_FAULT_BATCH, BENCH_FAULT_KINDS, BENCH_FAULT_HOUSEHOLDS,
 * BENCH_FAULT_MEMBERS, BENCH_PG_BIN.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database } from '../apps/server/src/db/client';
import { issueIngestCredential } from '../apps/server/src/modules/devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../apps/server/src/modules/households/household.service';
import { createFreshDatabase, type FreshDatabase } from './lib/database';
import { benchSize, numberKnob, stringKnob, verdict } from './lib/env';
import { checkStore, type StoreCheck } from './lib/fault-checks';
import { int, log, median } from './lib/format';
import { HttpGateway } from './lib/http-gateway';
import { startMosquittoInstance, type MosquittoInstance } from '../apps/server/src/test/private-mosquitto';
import { startTestNatsServer, type TestNatsServer } from '../apps/server/src/test/nats-server';
import { startTestNatsCluster, type TestNatsCluster } from '../apps/server/src/test/nats-cluster';
import { MqttGateway } from './lib/mqtt-gateway';
import { runNotificationFaults, type NotificationFaultResult } from './lib/notification-faults';
import { startPostgresInstance, type PostgresInstance } from './lib/postgres-instance';
import { freePort, serverProcess, waitFor, type ServerProcess } from './lib/server-process';
import { runSettlementFaults, type SettlementFaultResult } from './lib/settlement-faults';
import { startTcpFaultProxy, type TcpFaultProxy } from './lib/tcp-fault-proxy';

const KINDS = ['server-pglite', 'server-postgres', 'postgres', 'proxy', 'mqtt-server', 'broker', 'nats', 'nats-worker', 'nats-cluster-node', 'settlement', 'notifications'] as const;
type Kind = (typeof KINDS)[number];

const size = benchSize();
const smoke = size === 'smoke';
const FAULTS = numberKnob('FAULTS', smoke ? 2 : 20);
const GATEWAYS = numberKnob('GATEWAYS', smoke ? 2 : 6);
const BATCH = numberKnob('FAULT_BATCH', 24);
const SETTLEMENT_HOUSEHOLDS = numberKnob('FAULT_HOUSEHOLDS', smoke ? 300 : 5_000);
const NOTIFIED_MEMBERS = numberKnob('FAULT_MEMBERS', smoke ? 200 : 3_000);
const kinds = (stringKnob('FAULT_KINDS') ?? KINDS.join(',')).split(',').map((k) => k.trim()) as Kind[];
for (const kind of kinds) if (!KINDS.includes(kind)) throw new Error(`Unknown fault kind ${kind}; one of ${KINDS.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

type Runtime = {
  env: Record<string, string>;
  /** Where MQTT gateways connect, and whether they log in with their household's token (the embedded broker checks it). */
  mqtt?: { url: string; login: boolean };
  broker?: MosquittoInstance;
  /** The NATS kinds' broker; these kinds run two server processes as ingest workers. */
  nats?: TestNatsServer;
  /** `nats-cluster-node`'s brokers: three nodes, each killed in turn. */
  natsCluster?: TestNatsCluster;
  /** The database the suite seeds and checks through (closed while the server owns a PGlite directory). */
  open(): Promise<Database>;
  release(database: Database): Promise<void>;
  cleanup(): Promise<void>;
  proxy?: TcpFaultProxy;
};

let postgres: PostgresInstance | undefined;

async function runtimeFor(kind: Kind): Promise<Runtime> {
  if (kind === 'server-pglite' || kind === 'mqtt-server') {
    const dir = mkdtempSync(join(tmpdir(), 'peakwise-faults-pglite-'));
    const dataDir = join(dir, 'pglite'); // where main.ts puts it under DATA_DIR
    const brokerPort = await freePort();
    return {
      env: { DATA_DIR: dir, MQTT_BROKER_PORT: String(brokerPort) },
      ...(kind === 'mqtt-server' ? { mqtt: { url: `mqtt://127.0.0.1:${brokerPort}`, login: true } } : {}),
      open: async () => {
        const database = createDatabase({ dataDir });
        await database.migrate();
        return database;
      },
      release: (database) => database.close(),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  postgres ??= await startPostgresInstance(await freePort());
  const fresh: FreshDatabase = await createFreshDatabase(postgres.url, kind.replaceAll('-', '_'));
  let proxy: TcpFaultProxy | undefined;
  let url = fresh.url;
  if (kind === 'proxy') {
    proxy = await startTcpFaultProxy({ host: '127.0.0.1', port: postgres.port });
    const proxied = new URL(fresh.url);
    proxied.port = String(proxy.port);
    url = proxied.toString();
  }
  const broker = kind === 'broker' ? await startMosquittoInstance(await freePort()) : undefined;
  if (kind === 'nats-cluster-node') {
    const cluster = await startTestNatsCluster(3);
    const [a, b, c] = cluster.nodes as [TestNatsCluster['nodes'][0], TestNatsCluster['nodes'][0], TestNatsCluster['nodes'][0]];
    return {
      // Workers know every node; their MQTT session (receipts) uses node C's listener, gateways node A's first.
      env: { DATABASE_URL: url, MQTT_URL: c.mqttUrl, NATS_URL: [b, c, a].map((n) => n.natsUrl).join(','), NATS_STREAM_REPLICAS: '3' },
      natsCluster: cluster,
      mqtt: { url: [a, b, c].map((n) => n.mqttUrl).join(','), login: false },
      open: async () => fresh.database,
      release: async () => {},
      cleanup: async () => {
        await cluster.stop();
        await fresh.drop();
      },
    };
  }
  if (kind === 'nats' || kind === 'nats-worker') {
    const nats = await startTestNatsServer();
    return {
      // No MQTT_CLIENT_ID: two workers with one id would throw each other off NATS's MQTT listener.
      env: { DATABASE_URL: url, MQTT_URL: nats.mqttUrl, NATS_URL: nats.natsUrl },
      nats,
      mqtt: { url: nats.mqttUrl, login: false },
      open: async () => fresh.database,
      release: async () => {},
      cleanup: async () => {
        await nats.stop();
        await fresh.drop();
      },
    };
  }
  return {
    // A stable client id: the broker keeps the ingest session's unacknowledged messages across its reconnects.
    env: { DATABASE_URL: url, ...(broker ? { MQTT_URL: broker.url, MQTT_CLIENT_ID: 'faults-ingest' } : {}) },
    ...(broker ? { broker, mqtt: { url: broker.url, login: false } } : {}),
    open: async () => fresh.database,
    release: async () => {},
    cleanup: async () => {
      await proxy?.close();
      await broker?.destroy();
      await fresh.drop();
    },
    ...(proxy ? { proxy } : {}),
  };
}

async function healthy(server: ServerProcess) {
  return (await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200;
}

/** One fault, then the time until the server answers health again (restarting it only if it died). */
async function inject(kind: Kind, servers: ServerProcess[], runtime: Runtime, index: number): Promise<{ recoveryMs: number; serverDied: boolean }> {
  const started = Date.now();
  let serverDied = false;
  // The server whose health says the fault is over: the worker killed, or the first one.
  const server = kind === 'nats-worker' ? servers[index % servers.length]! : servers[0]!;
  if (kind === 'server-pglite' || kind === 'server-postgres' || kind === 'mqtt-server') {
    await server.kill9();
    await server.start();
  } else if (kind === 'nats-worker') {
    // Each worker in turn: the one killed holds pulled, unacknowledged messages that JetStream must hand on.
    await server.kill9();
    await sleep(between(200, 1500));
    await server.start();
  } else if (kind === 'nats-cluster-node') {
    // Each node in turn: the stream's leader at some faults, a follower at others, the gateways' or the receipts' node.
    const node = runtime.natsCluster!.nodes[index % runtime.natsCluster!.nodes.length]!;
    await node.kill();
    await sleep(between(200, 1500));
    await node.restart();
  } else if (kind === 'nats') {
    await runtime.nats!.kill();
    await sleep(between(200, 1500));
    await runtime.nats!.restart();
  } else if (kind === 'broker') {
    await runtime.broker!.kill9();
    await sleep(between(200, 1500));
    await runtime.broker!.start();
  } else if (kind === 'postgres') {
    await postgres!.kill9();
    await sleep(between(200, 1500));
    await postgres!.start();
  } else if (index % 2 === 0) {
    await runtime.proxy!.stall(between(1_000, 5_000));
  } else {
    runtime.proxy!.drop();
  }
  try {
    await waitFor('the server to recover', () => healthy(server), 30_000, 100);
  } catch {
    // A server that does not come back by itself after a database fault is a finding; restart it to go on.
    serverDied = true;
    log(`  ${kind} fault ${index + 1}: the server ${server.alive ? 'is running but not healthy' : 'exited'}; its last output:\n${server.output.slice(-1500)}`);
    await server.kill9();
    await server.start();
  }
  return { recoveryMs: Date.now() - started, serverDied };
}

type KindResult = {
  kind: Kind;
  faults: number;
  check: StoreCheck;
  resent: number;
  failedRequests: number;
  republished: number;
  /** Receipt subscriptions the broker refused or failed (sent again by the gateway). */
  refusedSubscriptions: number;
  recoveryMs: number[];
  /** `nats`, `nats-cluster-node`: from the kill to the first receipt any gateway got after the restart. */
  firstReceiptMs: number[];
  /** `nats-worker`: readings receipted between one worker's kill and its restart (by the other). */
  receiptsDuringOutage: number[];
  serverDeaths: number;
};

async function runKind(kind: Kind): Promise<KindResult> {
  const runtime = await runtimeFor(kind);
  try {
    const seedDb = await runtime.open();
    const households: { id: string; index: number; token: string }[] = [];
    for (let i = 0; i < GATEWAYS; i++) {
      const household = await ensureHouseholdForUser(seedDb.db, `faults-${kind}-${i}`, { name: `Faults ${kind} ${i}` });
      const credential = await issueIngestCredential(seedDb.db, household.id, null, 'faults');
      households.push({ id: household.id, index: i, token: credential.token });
    }
    await runtime.release(seedDb);

    const server = serverProcess(runtime.env, await freePort());
    await server.start();
    // Two ingest workers on NATS, as a deployment that clusters would run them: JetStream shares the stream between them.
    const servers = runtime.nats || runtime.natsCluster ? [server, serverProcess(runtime.env, await freePort())] : [server];
    for (const other of servers.slice(1)) await other.start();
    const mqttAt = runtime.mqtt;
    const gateways: (HttpGateway | MqttGateway)[] = households.map((h) =>
      mqttAt
        ? new MqttGateway(mqttAt.url, mqttAt.login ? { username: h.id, password: h.token } : undefined, h.id, h.index, 12, 8, runtime.nats || runtime.natsCluster ? 0 : 1)
        : new HttpGateway(() => server.url, h.token, h.index, BATCH),
    );
    gateways.forEach((g) => g.start());

    const recoveryMs: number[] = [];
    const firstReceiptMs: number[] = [];
    const receiptsDuringOutage: number[] = [];
    const receipted = () => gateways.reduce((n, g) => n + (g instanceof MqttGateway ? g.acknowledged : 0), 0);
    let serverDeaths = 0;
    for (let f = 0; f < FAULTS; f++) {
      await sleep(between(300, 1_500));
      const faultAt = Date.now();
      const beforeFault = receipted();
      const outcome = await inject(kind, servers, runtime, f);
      recoveryMs.push(outcome.recoveryMs);
      if (outcome.serverDied) serverDeaths++;
      let receiptNote = '';
      if (kind === 'nats-worker') {
        // The other worker goes on while one is down: receipts keep coming during the outage.
        receiptsDuringOutage.push(receipted() - beforeFault);
        receiptNote = `, ${receiptsDuringOutage.at(-1)} readings receipted while the worker was down`;
      } else if (kind === 'nats' || kind === 'nats-cluster-node') {
        // Counted from the restart on: a receipt on its way before the kill proves nothing.
        const before = receipted();
        const came = await waitFor('a receipt after the fault', async () => receipted() > before, 60_000, 50).then(
          () => true,
          () => false,
        );
        firstReceiptMs.push(Date.now() - faultAt);
        receiptNote = (came ? `, first receipt ${firstReceiptMs.at(-1)} ms after the fault` : ', no receipt within 60 s of the restart') + ` (${receipted()} readings receipted so far)`;
      }
      log(`  ${kind} fault ${f + 1}/${FAULTS}: back in ${outcome.recoveryMs} ms${receiptNote}${outcome.serverDied ? ' (server had to be restarted)' : ''}`);
    }
    // Every reading is acknowledged once this returns: by a 200 over HTTP, by a receipt over MQTT.
    await Promise.all(gateways.map((g) => g.drain(120_000)));
    for (const each of servers) await each.stop();

    const checkDb = await runtime.open();
    const check = await checkStore(
      checkDb.db,
      households.map((h, i) => ({ id: h.id, index: h.index, generated: gateways[i]!.generated })),
    );
    await runtime.release(checkDb);
    return {
      kind,
      faults: FAULTS,
      check,
      resent: gateways.reduce((n, g) => n + (g instanceof HttpGateway ? g.counts.resentReadings : 0), 0),
      failedRequests: gateways.reduce((n, g) => n + (g instanceof HttpGateway ? g.counts.failedRequests : 0), 0),
      republished: gateways.reduce((n, g) => n + (g instanceof MqttGateway ? g.republished : 0), 0),
      refusedSubscriptions: gateways.reduce((n, g) => n + (g instanceof MqttGateway ? g.refusedSubscriptions : 0), 0),
      recoveryMs,
      firstReceiptMs,
      receiptsDuringOutage,
      serverDeaths,
    };
  } finally {
    await runtime.cleanup();
  }
}

async function main() {
  log(`machine: ${cpus().length} cpu, node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`faults: ${FAULTS} of each of ${kinds.join(', ')}; ${GATEWAYS} gateways, ${BATCH} readings per HTTP request`);
  const results: KindResult[] = [];
  let settlement: SettlementFaultResult | undefined;
  let notifications: NotificationFaultResult | undefined;
  try {
    // The ledger and mail kinds each get a database of their own on the private PostgreSQL.
    const onFreshDatabase = async <T>(name: string, run: (fresh: FreshDatabase) => Promise<T>): Promise<T> => {
      postgres ??= await startPostgresInstance(await freePort());
      const fresh = await createFreshDatabase(postgres.url, name);
      try {
        return await run(fresh);
      } finally {
        await fresh.drop();
      }
    };
    for (const kind of kinds) {
      if (kind === 'notifications') notifications = await onFreshDatabase(kind, (fresh) => runNotificationFaults(fresh, FAULTS, NOTIFIED_MEMBERS));
      else if (kind === 'settlement') settlement = await onFreshDatabase(kind, (fresh) => runSettlementFaults(fresh, FAULTS, SETTLEMENT_HOUSEHOLDS));
      else results.push(await runKind(kind));
    }
  } finally {
    await postgres?.destroy();
  }
  let allHeld = true;
  for (const r of results) {
    const c = r.check;
    const held = c.lost === 0 && c.wrong === 0 && c.duplicated === 0 && c.rollupMismatches === 0 && c.stored === c.expected;
    allHeld &&= held;
    console.log(
      `faults ${r.kind}: ${r.faults} faults; ${int(c.expected)} readings acknowledged, ${int(c.stored)} stored, ` +
        (r.kind === 'mqtt-server' || r.kind === 'broker' || r.kind === 'nats' || r.kind === 'nats-worker' || r.kind === 'nats-cluster-node' ? `${int(r.republished)} messages re-published for want of a receipt, ${int(r.refusedSubscriptions)} receipt subscriptions refused and sent again; ` : `${int(r.resent)} re-sent after ${int(r.failedRequests)} failed requests; `) +
        `lost ${c.lost}, wrong ${c.wrong}, duplicated ${c.duplicated}, rollup mismatches ${c.rollupMismatches}; ` +
        `recovery median ${int(median(r.recoveryMs))} ms, max ${int(Math.max(...r.recoveryMs))} ms; ` +
        (r.firstReceiptMs.length > 0 ? `first receipt after a fault median ${int(median(r.firstReceiptMs))} ms, max ${int(Math.max(...r.firstReceiptMs))} ms; ` : '') +
        (r.receiptsDuringOutage.length > 0 ? `readings receipted while a worker was down, fewest ${int(Math.min(...r.receiptsDuringOutage))}; ` : '') +
        `server restarts forced ${r.serverDeaths}; ` +
        `every acknowledged reading stored once, rollups equal raw sums: ${held ? 'HELD' : 'BROKEN'}`,
    );
  }
  if (settlement) {
    const s = settlement;
    const held = s.creditMismatches === 0 && s.resultMismatches === 0 && s.ledgerSum === 0 && s.negativeBalances === 0;
    allHeld &&= held;
    console.log(
      `faults settlement: ${s.faults} faults (${s.duringSettlement} during a settlement), ${s.runsCompleted} settlement runs completed for ${int(s.households)} households; ` +
        `households credited other than their points ${s.creditMismatches}, without exactly one result ${s.resultMismatches}, ledger sum ${s.ledgerSum}, negative balances ${s.negativeBalances}; ` +
        `no point credited twice or lost: ${held ? 'HELD' : 'BROKEN'}`,
    );
  }
  if (notifications) {
    const n = notifications;
    // Duplicates are expected (a kill between the peer's 250 and the commit that marks the row
    // sent); more than one per kill would mean more than the message in flight was sent again.
    const held = n.lost === 0 && n.notSent === 0 && n.unknown === 0 && n.duplicates <= n.inFlightBound;
    allHeld &&= held;
    console.log(
      `faults notifications: ${n.faults} faults (${n.duringSending} while sending); ${int(n.deliveries)} email deliveries, ${int(n.sent)} marked sent, ${n.notSent} not; ` +
        `the SMTP peer got ${int(n.receivedMessages)} messages with ${int(n.receivedIds)} Message-IDs; lost ${n.lost}, duplicates ${n.duplicates} (bound ${n.inFlightBound}: one in flight per kill), unknown ${n.unknown}; ` +
        `every delivery received, duplicates within the in-flight bound: ${held ? 'HELD' : 'BROKEN'}`,
    );
  }
  console.log(`faults: ${verdict(size, allHeld)}`);
  if (!allHeld) process.exitCode = 1;
}

await main();
