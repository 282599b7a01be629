import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { localDay } from '../support/demo-backfill';
import { createE2eDatabase, type E2eDatabase } from '../support/e2e-database';
import { freePort } from '../support/free-port';
import { DEMO_TIME_ZONE } from '../support/journey-constants';
import { startMailCapture } from '../support/mail-capture';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The origin the server believes it serves (TLS ends at a proxy in front of it, as in production). */
export const PUBLIC_ORIGIN = 'https://peakwise.test';

export type LiveServer = {
  /** Where this process reaches the server: plain HTTP on loopback, as the proxy would. */
  baseUrl: string;
  mailDir: string;
  /** The embedded MQTT broker devices log in to with their ingest tokens. */
  mqttUrl: string;
  /** The server's AUTH_SECRET, for a check that plays someone holding both it and a copy of the database. */
  authSecret: string;
  /** Everything the server has written to stdout and stderr so far. */
  output(): string;
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
};

/**
 * The server exactly as `npm start` runs it, configured as production would be: NODE_ENV=production,
 * a real AUTH_SECRET, the default sign-in/sign-up/reset limits, TRUST_PROXY (so each simulated
 * client can arrive from its own address through X-Forwarded-For), and the most verbose log level,
 * so that the log check sees every line the server can write.
 */
export async function startLiveServer(): Promise<LiveServer> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The ASVS checks look at the headers of the real web app too: run `npm run build` first.');
  }
  const database: E2eDatabase = await createE2eDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'peakwise-asvs-'));
  const mailDir = join(dataDir, 'mail');
  const mail = await startMailCapture(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const authSecret = randomBytes(32).toString('hex');
  const mqttPort = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: authSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: PUBLIC_ORIGIN,
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      MQTT_BROKER_PORT: String(mqttPort),
      LOG_LEVEL: 'trace',
      // Offered on purpose (decision 082: production runs the shared demo only when asked to), so
      // the checks can see that its visitors are kept apart.
      DEMO_ACCOUNT: 'true',
      // The demo household brings statements that belong to someone else: its back-fill must
      // reach into the month before its own (Toronto) month for one to be issued, and each day
      // more costs start-up time. Toronto's day, not UTC's: from 7 PM on the last of a month the
      // UTC day is the 1st, and a 3-day back-fill would reach no finished month.
      DEMO_BACKFILL_DAYS: String(Number(localDay(new Date(), DEMO_TIME_ZONE).slice(8)) + 2),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early (${server.exitCode}):\n${chunks.join('').slice(-4000)}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${chunks.join('').slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    mailDir,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    authSecret,
    output: () => chunks.join(''),
    sql: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      await pool.end();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
