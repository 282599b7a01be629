import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, StorageType } from 'nats';
import { freePort, listening } from './local-ports';
import { NATS_SERVER } from './nats-server';
import type { TestNatsOperator } from './nats-operator';

export type TestNatsNode = {
  /** The node's `server_name`, as JetStream names a stream's leader and replicas. */
  name: string;
  natsUrl: string;
  mqttUrl: string;
  mqttPort: number;
  /** SIGKILL: a crash, nothing flushed. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and the same JetStream store. */
  restart(): Promise<void>;
};

export type TestNatsCluster = {
  nodes: TestNatsNode[];
  /** Every node's nats://… joined by commas, as NATS_URL takes a cluster. */
  natsUrls: string;
  /** The `server_name` of the node leading a stream now (JetStream's Raft leader for it). */
  streamLeader(stream: string): Promise<string>;
  /** The last lines of a node's log, for a failing test's message. */
  logTail(node: number): string;
  stop(): Promise<void>;
};

/**
 * A NATS Server cluster of the test's own: `size` processes routed to each other, each with its
 * own `server_name`, JetStream store and MQTT listener, as docs/ingestion.md describes a
 * deployment. Resolves once JetStream has a meta leader, so a stream can be made at once. With
 * `operator`, the nodes trust that operator's JWTs (a full resolver each) instead of taking anyone.
 */
export async function startTestNatsCluster(size = 3, options: { operator?: TestNatsOperator } = {}): Promise<TestNatsCluster> {
  const login = () => options.operator?.ingestLogin() ?? {};
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-nats-cluster-'));
  const ports = [];
  for (let i = 0; i < size; i++) ports.push({ nats: await freePort(), route: await freePort(), mqtt: await freePort() });
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.route}`);
  const children: (ChildProcess | undefined)[] = [];

  const nodes = ports.map((p, i): TestNatsNode => {
    const name = `peakwise-test-${i + 1}`;
    const store = join(dir, name);
    mkdirSync(store);
    const config = join(store, 'nats.conf');
    writeFileSync(
      config,
      [
        `server_name: ${name}`,
        // Kept for a failing test's post-mortem; removed with the folder by stop().
        `log_file: "${join(store, 'nats.log')}"`,
        `listen: 127.0.0.1:${p.nats}`,
        `jetstream { store_dir: "${join(store, 'js')}" }`,
        // NATS's own MQTT streams in as many copies as the cluster allows, not as many nodes as it
        // happens to see when MQTT is first used (two in decision 125's runs; decision 128).
        `mqtt { listen: 127.0.0.1:${p.mqtt}, stream_replicas: ${Math.min(size, 3)} }`,
        `cluster { name: peakwise-test, listen: 127.0.0.1:${p.route}, routes: [${routes.filter((_, j) => j !== i).join(', ')}] }`,
        ...(options.operator ? options.operator.configLines(join(store, 'jwt')) : []),
        '',
      ].join('\n'),
    );
    const start = async () => {
      const child = spawn(NATS_SERVER, ['-c', config], { stdio: 'ignore' });
      children[i] = child;
      const deadline = Date.now() + 30_000;
      while (!((await listening(p.nats)) && (await listening(p.mqtt)))) {
        if (child.exitCode !== null || Date.now() > deadline) {
          child.kill('SIGKILL');
          const log = existsSync(join(store, 'nats.log')) ? readFileSync(join(store, 'nats.log'), 'utf8').slice(-1_500) : '';
          throw new Error(`NATS Server ${name} did not start:\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return { name, natsUrl: `nats://127.0.0.1:${p.nats}`, mqttUrl: `mqtt://127.0.0.1:${p.mqtt}`, mqttPort: p.mqtt, kill: () => exit(i, 'SIGKILL'), restart: start };
  });

  const exit = (i: number, signal: NodeJS.Signals) => {
    const child = children[i];
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };

  const stop = async () => {
    await Promise.all(nodes.map((_, i) => exit(i, 'SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(nodes.map((n) => n.restart()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const natsUrls = nodes.map((n) => n.natsUrl).join(',');
  // The listeners open before the nodes have elected JetStream's meta leader; until then its API
  // times out. Even then, a leader that has not yet heard from every peer refuses a stream in as
  // many copies as nodes ("no suitable peers for placement", seen under load): one such stream is
  // made and dropped before the cluster counts as started.
  const nc = await connect({ servers: natsUrls.split(','), ...login() });
  try {
    const deadline = Date.now() + 30_000;
    const probe = { name: 'PEAKWISE_TEST_PROBE', subjects: ['peakwise-test-probe'], storage: StorageType.Memory, num_replicas: size };
    for (;;) {
      const placed = await nc
        .jetstreamManager({ timeout: 2_000 })
        .then(async (jsm) => {
          await jsm.streams.add(probe);
          await jsm.streams.delete(probe.name);
        })
        .then(() => true, () => false);
      if (placed) break;
      if (Date.now() > deadline) throw new Error(`the NATS cluster could not place a stream on its ${size} nodes within 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await nc.close();
  }

  return {
    nodes,
    natsUrls,
    async streamLeader(stream) {
      const nc = await connect({ servers: natsUrls.split(','), ...login() });
      try {
        const info = await (await nc.jetstreamManager()).streams.info(stream);
        if (!info.cluster?.leader) throw new Error(`stream ${stream} has no leader now`);
        return info.cluster.leader;
      } finally {
        await nc.close();
      }
    },
    logTail: (node) => {
      const log = join(dir, nodes[node]!.name, 'nats.log');
      return existsSync(log) ? readFileSync(log, 'utf8').slice(-3_000) : '';
    },
    stop,
  };
}
