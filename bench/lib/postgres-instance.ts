import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringKnob } from './env';
import { waitFor } from './server-process';

export type PostgresInstance = {
  url: string;
  port: number;
  /** SIGKILL to the postmaster: the next start runs crash recovery from the WAL. */
  kill9(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

function binDir(): string {
  const chosen = stringKnob('PG_BIN');
  if (chosen) return chosen;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL under /usr/lib/postgresql; set BENCH_PG_BIN');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root; as root, run its binaries as the postgres user. */
function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
}

/**
 * A PostgreSQL cluster of the suite's own, on its own port and data directory, so that killing it
 * touches nothing else on the machine (the shared server on 5432 keeps serving everyone else).
 * fsync stays on: the point is what survives a crash.
 */
export async function startPostgresInstance(port: number): Promise<PostgresInstance> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-faults-pg-'));
  if (process.getuid?.() === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const postgresGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, postgresUid, postgresGid);
  }
  run(`${bin}/initdb`, ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = async () => {
    // Right after a kill the old backends may still hold shared memory for a moment; retry.
    await waitFor(
      'PostgreSQL to start',
      async () => {
        run(`${bin}/pg_ctl`, ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
        return true;
      },
      90_000,
      500,
    );
  };
  await start();
  return {
    url,
    port,
    start,
    async kill9() {
      const pidFile = join(dir, 'postmaster.pid');
      if (!existsSync(pidFile)) return;
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      await waitFor(
        'the postmaster to die',
        async () => {
          try {
            process.kill(pid, 0);
            return false;
          } catch {
            return true;
          }
        },
        10_000,
      );
    },
    async destroy() {
      try {
        run(`${bin}/pg_ctl`, ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // Already down.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
