import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './local-ports';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server programs (package postgresql-15), the version of the test cluster. */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export type TestReplicatedCluster = {
  /** postgres://… of a database on the primary. */
  primaryUrl(database: string): string;
  /** postgres://… of the same database on the replica (streamed, read-only). */
  replicaUrl(database: string): string;
  /** Stops the replica at once (`-m immediate`), as a crash would: reads must find the primary. */
  killReplica(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A primary and a real streaming replica of it (decision 123), both the test's own: initdb makes
 * the primary on a free port, pg_basebackup copies it with a standby configuration (-R) and a
 * replication slot, and the copy runs as a second cluster on another free port, streaming WAL.
 * `applyDelayMs` holds each commit back that long before replay (recovery_min_apply_delay): a
 * replica that lags for real. `settings` are more postgresql.conf lines for the primary, which the
 * replica's copy of it inherits (a bench's memory, checkpoints and connections).
 *
 * Not a copy of the shared test cluster on 5432: that one also holds whatever the benches left
 * there (7.1 GB when measured), which pg_basebackup had not finished copying after 2.5 minutes,
 * and it needs a replication line in its pg_hba.conf that Debian's default does not grant.
 */
export async function startTestReplicatedCluster(options: { applyDelayMs?: number; settings?: string[] } = {}): Promise<TestReplicatedCluster> {
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, each program runs as postgres.
  const asPostgres = (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]) : run(join(PG_BIN, program), args));
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-replica-'));
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const primaryData = join(dir, 'primary');
  const replicaData = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const running = new Set<string>();
  const start = async (data: string) => {
    await asPostgres('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', '-t', '60', 'start']);
    running.add(data);
  };
  const halt = async (data: string) => {
    if (!running.delete(data)) return;
    await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  const stop = async () => {
    await halt(replicaData);
    await halt(primaryData);
    rmSync(dir, { recursive: true, force: true });
  };
  // The file is the postgres user's (initdb and pg_basebackup made it); later lines win over earlier ones.
  const settings = (data: string, lines: string[]) => appendFileSync(join(data, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  try {
    // initdb's own pg_hba.conf trusts local connections, replication included.
    await asPostgres('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const common = [`listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'max_connections = 40', 'shared_buffers = 16MB', 'fsync = off', 'full_page_writes = off'];
    settings(primaryData, [...common, `port = ${primaryPort}`, 'wal_level = replica', 'max_wal_senders = 4', ...(options.settings ?? [])]);
    await start(primaryData);
    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaData, '-R', '-X', 'stream', '-C', '-S', 'replica', '--checkpoint=fast', '--no-sync']);
    settings(replicaData, [`port = ${replicaPort}`, 'hot_standby = on', `recovery_min_apply_delay = '${options.applyDelayMs ?? 0}ms'`]);
    await start(replicaData);
    await waitForStreaming(url(replicaPort, 'postgres'));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    killReplica: () => halt(replicaData),
    stop,
  };
}

async function waitForStreaming(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ status: string | null }>('select (select status from pg_stat_wal_receiver) as status');
      if (rows[0]?.status === 'streaming') return;
    } catch {
      // Still starting up.
    } finally {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) throw new Error('The replica did not start streaming within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
