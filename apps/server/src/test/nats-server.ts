import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, listening } from './local-ports';

/** Debian's NATS Server (package nats-server). */
export const NATS_SERVER = '/usr/sbin/nats-server';

export type TestNatsServer = {
  /** nats://… for the ingest workers. */
  natsUrl: string;
  /** mqtt://… for devices and the server's MQTT session: NATS's MQTT listener. */
  mqttUrl: string;
  /** Kills the process as a crash would (SIGKILL): nothing is flushed or said goodbye to. */
  kill(): Promise<void>;
  /** Starts it again on the same ports with the same JetStream store. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Rewrites the `authorization { … }` block (the file the configuration includes) and reloads it
   * with SIGHUP, as an operator would; only for a server started with `authorization`.
   */
  reloadAuthorization(block: string): Promise<void>;
};

/**
 * A NATS Server of the test's own, with JetStream (a store in a temporary folder) and an MQTT
 * listener: MQTT needs `server_name` and JetStream, as docs/ingestion.md tells an operator.
 */
export async function startTestNatsServer(options: { authorization?: string } = {}): Promise<TestNatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-nats-'));
  const [natsPort, mqttPort] = [await freePort(), await freePort()];
  const config = join(dir, 'nats.conf');
  const authorization = join(dir, 'authorization.conf');
  if (options.authorization !== undefined) writeFileSync(authorization, options.authorization);
  writeFileSync(
    config,
    [
      `server_name: peakwise-test`,
      `listen: 127.0.0.1:${natsPort}`,
      `jetstream { store_dir: "${join(dir, 'js')}" }`,
      `mqtt { listen: 127.0.0.1:${mqttPort} }`,
      ...(options.authorization !== undefined ? ['include ./authorization.conf'] : []),
      '',
    ].join('\n'),
  );
  let child: ChildProcess;

  async function start() {
    child = spawn(NATS_SERVER, ['-c', config], { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    while (!((await listening(natsPort)) && (await listening(mqttPort)))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('NATS Server did not start');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const exit = (signal: NodeJS.Signals) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
        });

  await start();
  return {
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    kill: () => exit('SIGKILL'),
    restart: start,
    async reloadAuthorization(block) {
      if (options.authorization === undefined) throw new Error('this NATS Server was started without an authorization file');
      writeFileSync(authorization, block);
      child.kill('SIGHUP');
      // NATS reloads in the background and says nothing to the one who signalled it.
      await new Promise((r) => setTimeout(r, 500));
    },
    async stop() {
      await exit('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
