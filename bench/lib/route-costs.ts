/**
 * Each screen read of the mix alone: what one request costs the server processes, each
 * PostgreSQL cluster and each database's transaction count, net of what the same seconds cost
 * with nothing asked (the replica samplers, the job pollers).
 */
import { COUNTED, costsBetween, lessBackground, noCosts, perEach, statementsBetween, STATS_FLUSH_MS, type CostMeter, type Costs, type StatementDelta } from './cost-meter';
import { percentile } from './format';

export type RouteCost = {
  label: string;
  path: string;
  reads: number;
  p50: number;
  perRead: Costs;
  /** The statements each side ran in the route's window, most called first. */
  primaryTop: StatementDelta[];
  replicaTop: StatementDelta[];
};

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
    const statementsBefore = await options.meter.statements();
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
    const statementsAfter = await options.meter.statements();
    costs.push({
      label: entry.label,
      path: entry.path,
      reads: options.reads,
      p50: percentile(latencies.sort((a, b) => a - b), 50),
      perRead: perEach(net, options.reads),
      primaryTop: statementsBetween(statementsBefore.primary, statementsAfter.primary, 4),
      replicaTop: statementsBetween(statementsBefore.replica, statementsAfter.replica, 4),
    });
  }
  return costs;
}

/** The mix's cost of one read, each path weighted as the mix asks for it. */
export function weightedPerRead(costs: readonly RouteCost[], mix: readonly { path: string; weight: number }[]): Costs {
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const out = noCosts();
  for (const m of mix) {
    const c = costs.find((r) => r.path === m.path);
    if (!c) throw new Error(`no cost measured for ${m.path}`);
    for (const key of COUNTED) out[key] += (c.perRead[key] * m.weight) / total;
  }
  return out;
}
