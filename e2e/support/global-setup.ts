import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { backfillDaysForLastMonth } from './demo-backfill';
import { createE2eDatabase } from './e2e-database';
import { freePort } from './free-port';
import { startMailCapture } from './mail-capture';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The run's own PostgreSQL database, which the server runs on and journeys query. */
    databaseUrl: string;
    /** Where every email the server sends lands, one JSON file each (support/mailbox.ts). */
    mailDir: string;
    /** The identity the local OpenID provider (standing in for Google) signs in. */
    socialEmail: string;
    /** Where the OpenADR journey starts its test VTN, which the server is configured as a VEN of. */
    openAdrVtn: { port: number; clientSecret: string };
  }
}

const repoRoot = resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, server: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited early (${server.exitCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become healthy:\n${logs.join('')}`);
}

/** Starts the production server once for the whole browser suite, on a throwaway data directory. */
export default async function setup(project: TestProject) {
  // First: without PostgreSQL there is nothing else worth starting.
  const database = await createE2eDatabase();
  const port = await freePort();
  const brokerPort = await freePort();
  // The server is a VEN of a VTN the OpenADR journey starts on this port (until then its polls fail and back off).
  const openAdrVtn = { port: await freePort(), clientSecret: `e2e-${Date.now()}` };
  const dataDir = mkdtempSync(join(tmpdir(), 'peakwise-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = join(dataDir, 'mail');
  const mail = await startMailCapture(mailDir);

  // A local OpenID provider as Google: it approves at once and vouches for one verified address.
  const socialEmail = `social-${Date.now()}@example.com`;
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const claims = { sub: `google-${Date.now()}`, email: socialEmail, email_verified: true, name: 'Jean Social' };
  provider.service.on('beforeTokenSigning', (token: MutableToken) => Object.assign(token.payload, claims));
  provider.service.on('beforeUserinfo', (response: { body: object }) => {
    response.body = claims;
  });

  const logs: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      MQTT_BROKER_PORT: String(brokerPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      OAUTH_GOOGLE_CLIENT_ID: 'peakwise-e2e',
      OAUTH_GOOGLE_CLIENT_SECRET: 'peakwise-e2e-secret',
      OAUTH_GOOGLE_ISSUER: provider.issuer.url!,
      // Real limits stay on; the journeys sign in more than 5 times a minute from one address.
      AUTH_RATE_LIMIT_SIGN_IN: '100',
      AUTH_RATE_LIMIT_SIGN_UP: '50',
      AUTH_RATE_LIMIT_PASSWORD_RESET: '50',
      // All of last month and this month so far: This Week and the week before it, and a finished
      // month the demo's statement is issued for from its readings (decision 069). The default
      // 90 days would only cost start-up time.
      DEMO_BACKFILL_DAYS: String(backfillDaysForLastMonth(new Date())),
      // The settlement journey moves the server's clock through an event (decision 050).
      TEST_CLOCK: 'true',
      OPENADR_VTN_URL: `http://127.0.0.1:${openAdrVtn.port}`,
      OPENADR_CLIENT_ID: 'peakwise-ven',
      OPENADR_CLIENT_SECRET: openAdrVtn.clientSecret,
      OPENADR_VERSION: '3.1.1',
      OPENADR_VEN_NAME: 'peakwise-e2e',
      OPENADR_POLL_SECONDS: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  await waitForHealth(baseUrl, server, logs);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', database.url);
  project.provide('mailDir', mailDir);
  project.provide('socialEmail', socialEmail);
  project.provide('openAdrVtn', openAdrVtn);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mail.close();
    await provider.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
}
