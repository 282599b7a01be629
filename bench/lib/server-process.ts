import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (the kernel picks it; closed again before the caller binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export type ServerProcess = {
  url: string;
  /** Starts the server (main.ts, exactly as `npm start` runs it) and waits until /api/health answers 200. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, no buffer is flushed. */
  kill9(): Promise<void>;
  /** SIGTERM and wait: the graceful path. */
  stop(): Promise<void>;
  /** Restarts so far whose server answered health within the limit. */
  readonly starts: number;
  /** False once the process has exited on its own or been killed. */
  readonly alive: boolean;
  /** The last few KB the process wrote to stdout and stderr. */
  readonly output: string;
  /** The running process's id (for sampling its memory); undefined before the first start. */
  readonly pid: number | undefined;
};

export type ServerProcessOptions = {
  /** Every byte the process writes (all its starts), appended here; `output` keeps only the tail. */
  logFile?: string;
  /** Extra node flags before the entry point, e.g. `--cpu-prof` (a profile is written on a clean exit only, not after SIGKILL). */
  nodeArgs?: string[];
  /** The checkout whose server runs (another commit's, to compare with); this one by default. */
  root?: string;
};

/**
 * The real server as its own process, so it can die mid-write the way a host's OOM killer or a
 * power cut kills it. `env` chooses the runtime (DATABASE_URL for PostgreSQL, DATA_DIR for PGlite).
 */
export function serverProcess(env: Record<string, string>, port: number, options: ServerProcessOptions = {}): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let starts = 0;
  let output = '';
  // Asynchronous: the bench's own thread also runs the proxy, which a synchronous write would hold up.
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });
  return {
    url,
    get starts() {
      return starts;
    },
    get alive() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    get output() {
      return output;
    },
    get pid() {
      return child?.pid;
    },
    async start() {
      output = '';
      child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: options.root ?? ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          DEMO_ACCOUNT: 'false',
          MQTT_BROKER_PORT: '0',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        log?.write(chunk);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      const current = child;
      try {
        await waitFor(
          'the server to answer /api/health',
          async () => {
            if (current.exitCode !== null) throw new Error(`The server exited with ${current.exitCode}:\n${output}`);
            return (await fetch(`${url}/api/health`)).status === 200;
          },
          90_000,
          200,
        );
      } catch (error) {
        if (current.exitCode !== null) throw new Error(`The server exited with ${current.exitCode} while starting:\n${output}`);
        throw error;
      }
      starts++;
    },
    async kill9() {
      child?.kill('SIGKILL');
      await exited();
    },
    async stop() {
      child?.kill('SIGTERM');
      await exited();
    },
  };
}
