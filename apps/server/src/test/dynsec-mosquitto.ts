import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynsecControl } from '../ingest/dynsec-control';
import { freePort, listening } from './local-ports';

/** Mosquitto's dynamic security plugin as the Debian/Ubuntu package installs it. */
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export type DynsecMosquitto = { url: string; port: number; admin: { username: string; password: string }; stop(): Promise<void> };

/**
 * A Mosquitto of the test's own on a free port, with the dynamic security plugin and no anonymous
 * access: its only login at the start is the plugin's admin, made by `mosquitto_ctrl dynsec init`.
 * Its log goes to `$SYS/broker/log/…`, as docs/ingestion.md has the operator set it (decision 105).
 */
export async function startDynsecMosquitto(): Promise<DynsecMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-dynsec-'));
  const admin = { username: 'peakwise-admin', password: randomBytes(16).toString('hex') };
  const store = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', store, admin.username, admin.password], { stdio: 'ignore' });
  // Started as root, Mosquitto runs as the mosquitto user, which must be able to save the plugin's file.
  if (process.getuid?.() === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'mosquitto']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'mosquitto']).toString().trim());
      chownSync(dir, uid, gid);
      chownSync(store, uid, gid);
    } catch {
      // No mosquitto user: Mosquitto keeps running as whoever started it.
    }
  }
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, [`listener ${port} 127.0.0.1`, 'allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${store}`, 'log_dest topic', ''].join('\n'));
  const child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error('Mosquitto with the dynamic security plugin did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    admin,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The ingest workers' own login on a dynsec Mosquitto, with the role docs/ingestion.md has the
 * operator make: shared subscriptions to `subscribe` (Mosquitto 2.0 checks a shared filter with its
 * $share/{group}/ prefix) and publishing to `peakwise/+/<publish>`. Returns the login and the group.
 */
export async function createIngestLogin(control: DynsecControl, acl: { subscribe: string[]; publish: string[] }) {
  const service = { username: 'peakwise-server', password: randomBytes(16).toString('hex') };
  const shareGroup = `test-${randomBytes(4).toString('hex')}`;
  const answers = await control.run([
    {
      command: 'createRole',
      rolename: 'peakwise-server',
      acls: [
        ...acl.subscribe.map((topic) => ({ acltype: 'subscribePattern', topic: `$share/${shareGroup}/${topic}`, allow: true })),
        ...acl.publish.map((topic) => ({ acltype: 'publishClientSend', topic: `peakwise/+/${topic}`, allow: true })),
      ],
    },
    { command: 'createClient', ...service, roles: [{ rolename: 'peakwise-server' }] },
  ]);
  const refused = answers.filter((a) => a.error);
  if (refused.length > 0) throw new Error(`Mosquitto refused the ingest login: ${JSON.stringify(refused)}`);
  return { service, shareGroup };
}
