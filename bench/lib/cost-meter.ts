/**
 * Where a read's time goes: CPU of the server processes, of each PostgreSQL cluster (its
 * backends, live and ended) and of the bench itself, with the transactions and statement time
 * each database counted, between two snapshots.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * PostgreSQL 15 writes a backend's counters to pg_stat_database when it goes idle, at most once a
 * second; counters left over then are written 10 s later (PGSTAT_IDLE_INTERVAL). Waiting this long
 * after a load has every transaction of it counted.
 */
export const STATS_FLUSH_MS = 11_000;

export type ProcStat = { ppid: number; utime: number; stime: number; cutime: number; cstime: number };

/**
 * The fields of a /proc/<pid>/stat line that CPU accounting needs, in clock ticks. The command
 * name (field 2) is in parentheses and may itself hold spaces and parentheses, so fields are
 * counted from the last ')'.
 */
export function parseProcStat(line: string): ProcStat {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): field n is fields[n - 3].
  const at = (n: number) => {
    const value = Number(fields[n - 3]);
    if (!Number.isFinite(value)) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
    return value;
  };
  return { ppid: at(4), utime: at(14), stime: at(15), cutime: at(16), cstime: at(17) };
}

let ticksPerSecond: number | undefined;
const ticks = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

function statOf(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** CPU a process has used so far, ms (user + system), or undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  const stat = statOf(pid);
  return stat ? ((stat.utime + stat.stime) * 1000) / ticks() : undefined;
}

/**
 * CPU a PostgreSQL cluster has used so far, ms: the postmaster's own, the backends it has already
 * reaped (its children's time) and every child still running (backends, WAL sender or receiver,
 * checkpointer, …). A pool's connection closed between two snapshots still counts in the second.
 */
export function clusterCpuMs(postmasterPid: number): number {
  const own = statOf(postmasterPid);
  if (!own) throw new Error(`no process ${postmasterPid}`);
  let total = own.utime + own.stime + own.cutime + own.cstime;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat?.ppid === postmasterPid) total += stat.utime + stat.stime;
  }
  return (total * 1000) / ticks();
}

export type DbCounters = { xacts: number; activeMs: number };

export type CostSnapshot = {
  /** performance.now() when taken. */
  at: number;
  serversMs: number;
  primaryMs: number;
  replicaMs: number;
  benchMs: number;
  primary: DbCounters;
  replica: DbCounters;
};

/** What happened between two snapshots (or a rate's worth of it): CPU ms, transactions, statement ms. */
export type Costs = {
  seconds: number;
  serversMs: number;
  primaryMs: number;
  replicaMs: number;
  benchMs: number;
  primaryXacts: number;
  replicaXacts: number;
  primaryActiveMs: number;
  replicaActiveMs: number;
};

export function costsBetween(before: CostSnapshot, after: CostSnapshot): Costs {
  return {
    seconds: (after.at - before.at) / 1000,
    serversMs: after.serversMs - before.serversMs,
    primaryMs: after.primaryMs - before.primaryMs,
    replicaMs: after.replicaMs - before.replicaMs,
    benchMs: after.benchMs - before.benchMs,
    primaryXacts: after.primary.xacts - before.primary.xacts,
    replicaXacts: after.replica.xacts - before.replica.xacts,
    primaryActiveMs: after.primary.activeMs - before.primary.activeMs,
    replicaActiveMs: after.replica.activeMs - before.replica.activeMs,
  };
}

const COUNTED = ['serversMs', 'primaryMs', 'replicaMs', 'benchMs', 'primaryXacts', 'replicaXacts', 'primaryActiveMs', 'replicaActiveMs'] as const;

/** `costs` less what `idle` (a window with nothing asked) would have done over the same seconds: the samplers', jobs' and pools' own work. */
export function lessBackground(costs: Costs, idle: Costs): Costs {
  const net = { ...costs };
  for (const key of COUNTED) net[key] = costs[key] - (idle[key] * costs.seconds) / idle.seconds;
  return net;
}

/** Costs summed over several windows. */
export function sumCosts(list: readonly Costs[]): Costs {
  const total: Costs = { seconds: 0, serversMs: 0, primaryMs: 0, replicaMs: 0, benchMs: 0, primaryXacts: 0, replicaXacts: 0, primaryActiveMs: 0, replicaActiveMs: 0 };
  for (const costs of list) {
    total.seconds += costs.seconds;
    for (const key of COUNTED) total[key] += costs[key];
  }
  return total;
}

export type CostMeter = { snapshot(): Promise<CostSnapshot>; close(): Promise<void> };

async function connected(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function postmasterOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const stat = statOf(rows[0]!.pid);
  if (!stat) throw new Error('cannot read the backend of this connection under /proc: the cluster must run on this host');
  return stat.ppid;
}

/**
 * Snapshots for one database on a primary and its replica, with `serverPids()` the server
 * processes reading it. One connection to each side is kept open, so a snapshot costs each side
 * one transaction.
 */
export async function costMeter(options: { primaryUrl: string; replicaUrl: string; database: string; serverPids: () => (number | undefined)[] }): Promise<CostMeter> {
  const primary = await connected(options.primaryUrl);
  const replica = await connected(options.replicaUrl);
  const primaryPostmaster = await postmasterOf(primary);
  const replicaPostmaster = await postmasterOf(replica);
  const counters = async (client: pg.Client): Promise<DbCounters> => {
    const { rows } = await client.query<{ xacts: string; active: number }>(
      'select xact_commit + xact_rollback as xacts, active_time as active from pg_stat_database where datname = $1',
      [options.database],
    );
    return { xacts: Number(rows[0]?.xacts ?? 0), activeMs: Number(rows[0]?.active ?? 0) };
  };
  return {
    async snapshot() {
      const at = performance.now();
      const usage = process.cpuUsage();
      const serversMs = options.serverPids().reduce<number>((n, pid) => n + (pid === undefined ? 0 : (processCpuMs(pid) ?? 0)), 0);
      const [p, r] = await Promise.all([counters(primary), counters(replica)]);
      return {
        at,
        serversMs,
        primaryMs: clusterCpuMs(primaryPostmaster),
        replicaMs: clusterCpuMs(replicaPostmaster),
        benchMs: (usage.user + usage.system) / 1000,
        primary: p,
        replica: r,
      };
    },
    async close() {
      await primary.end().catch(() => {});
      await replica.end().catch(() => {});
    },
  };
}
