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

/**
 * A database's counters: pg_stat_database's transactions and statement time, and
 * pg_stat_statements' statements and their execution time. The latter count at each statement's
 * end; the former only when the backend next writes its counters, and PostgreSQL 15 writes none
 * for a backend whose transactions touched no table (a lag probe's `select
 * pg_last_wal_replay_lsn()`) until one of its transactions does.
 */
export type DbCounters = { xacts: number; activeMs: number; statements: number; statementMs: number };

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
  primaryStatements: number;
  replicaStatements: number;
  primaryStatementMs: number;
  replicaStatementMs: number;
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
    primaryStatements: after.primary.statements - before.primary.statements,
    replicaStatements: after.replica.statements - before.replica.statements,
    primaryStatementMs: after.primary.statementMs - before.primary.statementMs,
    replicaStatementMs: after.replica.statementMs - before.replica.statementMs,
  };
}

export const COUNTED = [
  'serversMs',
  'primaryMs',
  'replicaMs',
  'benchMs',
  'primaryXacts',
  'replicaXacts',
  'primaryActiveMs',
  'replicaActiveMs',
  'primaryStatements',
  'replicaStatements',
  'primaryStatementMs',
  'replicaStatementMs',
] as const;

/** Every figure zero, over no time. */
export function noCosts(): Costs {
  return {
    seconds: 0,
    serversMs: 0,
    primaryMs: 0,
    replicaMs: 0,
    benchMs: 0,
    primaryXacts: 0,
    replicaXacts: 0,
    primaryActiveMs: 0,
    replicaActiveMs: 0,
    primaryStatements: 0,
    replicaStatements: 0,
    primaryStatementMs: 0,
    replicaStatementMs: 0,
  };
}

/** Each figure divided by `n` (the reads), the seconds kept. */
export function perEach(costs: Costs, n: number): Costs {
  const out = { ...costs };
  for (const key of COUNTED) out[key] = costs[key] / n;
  return out;
}

/** `costs` less what `idle` (a window with nothing asked) would have done over the same seconds: the samplers', jobs' and pools' own work. */
export function lessBackground(costs: Costs, idle: Costs): Costs {
  const net = { ...costs };
  for (const key of COUNTED) net[key] = costs[key] - (idle[key] * costs.seconds) / idle.seconds;
  return net;
}

/** Costs summed over several windows. */
export function sumCosts(list: readonly Costs[]): Costs {
  const total = noCosts();
  for (const costs of list) {
    total.seconds += costs.seconds;
    for (const key of COUNTED) total[key] += costs[key];
  }
  return total;
}

/** One statement text's calls and execution ms so far, by pg_stat_statements' query id. */
export type StatementCounts = Map<string, { query: string; calls: number; ms: number }>;

export type StatementDelta = { query: string; calls: number; ms: number };

/** The statements run between two counts, most called first, `top` of them. */
export function statementsBetween(before: StatementCounts, after: StatementCounts, top: number): StatementDelta[] {
  const out: StatementDelta[] = [];
  for (const [id, a] of after) {
    const b = before.get(id);
    const calls = a.calls - (b?.calls ?? 0);
    if (calls > 0) out.push({ query: a.query, calls, ms: a.ms - (b?.ms ?? 0) });
  }
  return out.sort((x, y) => y.calls - x.calls).slice(0, top);
}

export type CostMeter = {
  snapshot(): Promise<CostSnapshot>;
  /** Each side's statements on this database so far (pg_stat_statements). */
  statements(): Promise<{ primary: StatementCounts; replica: StatementCounts }>;
  close(): Promise<void>;
};

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
  // pg_stat_statements must be loaded (shared_preload_libraries) and created in the database on
  // the primary; the replica has the extension through replication and its own counts in memory.
  await primary.query('create extension if not exists pg_stat_statements');
  // The replica has the view once it has replayed the statement above.
  for (const deadline = Date.now() + 30_000; ; ) {
    const { rows } = await replica.query<{ view: string | null }>(`select to_regclass('pg_stat_statements')::text as view`);
    if (rows[0]?.view) break;
    if (Date.now() > deadline) throw new Error('the replica has not replayed pg_stat_statements after 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const counters = async (client: pg.Client): Promise<DbCounters> => {
    const { rows } = await client.query<{ xacts: string; active: number; statements: string; statement_ms: number }>(
      `select d.xact_commit + d.xact_rollback as xacts, d.active_time as active,
              (select coalesce(sum(s.calls), 0) from pg_stat_statements s where s.dbid = d.datid) as statements,
              (select coalesce(sum(s.total_exec_time), 0) from pg_stat_statements s where s.dbid = d.datid) as statement_ms
         from pg_stat_database d where d.datname = $1`,
      [options.database],
    );
    const row = rows[0];
    return { xacts: Number(row?.xacts ?? 0), activeMs: Number(row?.active ?? 0), statements: Number(row?.statements ?? 0), statementMs: Number(row?.statement_ms ?? 0) };
  };
  const statementCounts = async (client: pg.Client): Promise<StatementCounts> => {
    const { rows } = await client.query<{ id: string; query: string; calls: string; ms: number }>(
      `select s.queryid::text as id, s.query, s.calls, s.total_exec_time as ms
         from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1`,
      [options.database],
    );
    return new Map(rows.map((r) => [r.id, { query: r.query, calls: Number(r.calls), ms: Number(r.ms) }]));
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
    async statements() {
      const [p, r] = await Promise.all([statementCounts(primary), statementCounts(replica)]);
      return { primary: p, replica: r };
    },
    async close() {
      await primary.end().catch(() => {});
      await replica.end().catch(() => {});
    },
  };
}
