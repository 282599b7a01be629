import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { listening } from './local-ports';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type MosquittoInstance = { url: string; kill9(): Promise<void>; start(): Promise<void>; destroy(): Promise<void> };

/**
 * A Mosquitto of the caller's own (port, config and persistence file), so killing it touches
 * nothing else: the broker-restart test and the fault suite (decision 054) use it. Persistence is on and saved after every change, the most a Mosquitto
 * deployment can ask for; it still writes without fsync, which is what the count measures.
 * A caller that never kills the broker (the load bench) can turn the per-change save off: writing
 * the whole store after every message would cost the shared host CPU the servers need.
 */
export async function startMosquittoInstance(port: number, options: { saveEveryChange?: boolean } = {}): Promise<MosquittoInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-faults-mqtt-'));
  if (process.getuid?.() === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'mosquitto']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'mosquitto']).toString().trim());
      chownSync(dir, uid, gid);
    } catch {
      // No mosquitto user: Mosquitto keeps running as whoever started it.
    }
  }
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence true', `persistence_location ${dir}/`, ...(options.saveEveryChange === false ? ['autosave_interval 60'] : ['autosave_interval 1', 'autosave_on_changes true']), 'max_queued_messages 100000', ''].join('\n'),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
    await waitUntil('Mosquitto to listen', () => listening(port), 15_000);
  };
  const kill9 = async () => {
    const current = child;
    if (!current || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    kill9,
    async destroy() {
      await kill9();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
