// `npm run test:pg`: the server suite against a real PostgreSQL (each test file gets its own database).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// MQTT ingestion tests run against this broker (Mosquitto in CI) instead of the embedded one.
const mqttUrl = process.env.TEST_MQTT_URL || 'mqtt://127.0.0.1:1883';

function redact(value) {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return value;
  }
}

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
try {
  await client.connect();
  const { rows } = await client.query('select current_setting($1) as version', ['server_version']);
  console.log(`Testing against PostgreSQL ${rows[0].version} at ${redact(url)} and the MQTT broker at ${redact(mqttUrl)}`);
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${redact(url)}: ${error.message}`);
  console.error('Start PostgreSQL 15+ or set TEST_DATABASE_URL to a server whose user may CREATE DATABASE.');
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const vitest = spawn(join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vitest.cmd' : 'vitest'), ['run', '--project', 'server', '--project', 'server-fresh-modules', '--maxWorkers=1', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_MQTT_URL: mqttUrl },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
