/**
 * Each screen read of the mix alone: what one request costs the server processes, each
 * PostgreSQL cluster and each database's transaction count, net of what the same seconds cost
 * with nothing asked (the replica samplers, the job pollers).
 */
import { costsBetween, lessBackground, STATS_FLUSH_MS, type CostMeter, type Costs } from './cost-meter';
import { percentile } from './format';

export type RouteCost = { label: string; path: string; reads: number; p50: number; perRead: Costs };

const perRead = (costs: Costs, reads: number): Costs => ({
  seconds: costs.seconds,
  serversMs: costs.serversMs / reads,
  primaryMs: costs.primaryMs / reads,
  replicaMs: costs.replicaMs / reads,
  benchMs: costs.benchMs / reads,
  primaryXacts: costs.primaryXacts / reads,
  replicaXacts: costs.replicaXacts / reads,
  primaryActiveMs: costs.primaryActiveMs / reads,
  replicaActiveMs: costs.replicaActiveMs / reads,
});

/**
 * `reads` requests of each path, `lanes` at a time, members in turn, then STATS_FLUSH_MS idle
 * so the databases have counted them (a window's idle tail is in its background too).
 */
export async function routeCosts(options: {
  url: string;
  members: readonly { cookie: string }[];
  mix: readonly { label: string; path: string }[];
  reads: number;
  lanes: number;
  meter: CostMeter;
  idle: Costs;
  flushMs?: number;
}): Promise<RouteCost[]> {
  const costs: RouteCost[] = [];
  for (const entry of options.mix) {
    const before = await options.meter.snapshot();
    const latencies: number[] = [];
    let next = 0;
    const lane = async () => {
      while (next < options.reads) {
        const member = options.members[next++ % options.members.length]!;
        const started = performance.now();
        const res = await fetch(`${options.url}${entry.path}`, { headers: { cookie: member.cookie, origin: options.url } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${entry.path} answered ${res.status}`);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: options.lanes }, lane));
    await new Promise((r) => setTimeout(r, options.flushMs ?? STATS_FLUSH_MS));
    const net = lessBackground(costsBetween(before, await options.meter.snapshot()), options.idle);
    costs.push({ label: entry.label, path: entry.path, reads: options.reads, p50: percentile(latencies.sort((a, b) => a - b), 50), perRead: perRead(net, options.reads) });
  }
  return costs;
}

/** The mix's cost of one read, each path weighted as the mix asks for it. */
export function weightedPerRead(costs: readonly RouteCost[], mix: readonly { path: string; weight: number }[]): Costs {
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const out: Costs = { seconds: 0, serversMs: 0, primaryMs: 0, replicaMs: 0, benchMs: 0, primaryXacts: 0, replicaXacts: 0, primaryActiveMs: 0, replicaActiveMs: 0 };
  for (const m of mix) {
    const c = costs.find((r) => r.path === m.path);
    if (!c) throw new Error(`no cost measured for ${m.path}`);
    for (const key of ['serversMs', 'primaryMs', 'replicaMs', 'benchMs', 'primaryXacts', 'replicaXacts', 'primaryActiveMs', 'replicaActiveMs'] as const) out[key] += (c.perRead[key] * m.weight) / total;
  }
  return out;
}
