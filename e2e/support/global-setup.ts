import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
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
  const port = await freePort();
  const brokerPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'peakwise-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  await waitForHealth(baseUrl, server, logs);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
