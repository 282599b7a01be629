import { randomBytes } from 'node:crypto';
import type { Logger } from '../lib/logger';
import { connectMqtt } from './mqtt-connection';

/**
 * Mosquitto's dynamic security plugin, driven over its control topic: JSON commands published to
 * `$CONTROL/dynamic-security/v1`, answers on `…/response` matched by correlationData
 * (https://mosquitto.org/documentation/dynamic-security/). One admin session per process.
 */
export type DynsecCommand = { command: string } & Record<string, unknown>;
export type DynsecAnswer = { command: string; error?: string; data?: unknown };

export type DynsecControl = {
  /** Sends the commands in one message; resolves with each one's answer, in order. */
  run(commands: DynsecCommand[]): Promise<DynsecAnswer[]>;
  close(): Promise<void>;
};

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

export function connectDynsecControl(options: { url: string; username: string; password: string; logger: Logger; timeoutMs?: number }): DynsecControl {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The URL's own user (the ingest login) must not ride along: this session is the admin's.
  const url = new URL(options.url);
  url.username = '';
  url.password = '';
  const connection = connectMqtt({ url: url.toString(), logger: options.logger, username: options.username, password: options.password, clientId: `peakwise-dynsec-${randomBytes(4).toString('hex')}` });
  const { client } = connection;
  const waiting = new Map<string, (answer: DynsecAnswer) => void>();
  let subscribed: Promise<unknown> | null = null;

  client.on('connect', () => {
    subscribed = client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    subscribed.catch((error: unknown) => options.logger.warn({ err: error }, 'Could not subscribe to the dynamic security answers'));
  });
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    try {
      const body = JSON.parse(payload.toString('utf8')) as { responses?: (DynsecAnswer & { correlationData?: string })[] };
      for (const answer of body.responses ?? []) {
        const resolve = answer.correlationData ? waiting.get(answer.correlationData) : undefined;
        if (resolve) resolve({ command: answer.command, ...(answer.error !== undefined ? { error: answer.error } : {}), ...(answer.data !== undefined ? { data: answer.data } : {}) });
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'Unreadable dynamic security answer');
    }
  });

  const connected = () =>
    new Promise<void>((resolve, reject) => {
      if (client.connected && subscribed) return void subscribed.then(() => resolve(), reject);
      const onConnect = () => {
        clearTimeout(timer);
        (subscribed ?? Promise.resolve()).then(() => resolve(), reject);
      };
      // A broker down for long sees a run every retry: each gives its listener back.
      const timer = setTimeout(() => {
        client.off('connect', onConnect);
        reject(new Error('The MQTT broker is not reachable for dynamic security commands'));
      }, timeoutMs);
      client.once('connect', onConnect);
    });

  return {
    async run(commands) {
      await connected();
      const ids = commands.map(() => randomBytes(8).toString('hex'));
      const answers = ids.map(
        (id) =>
          new Promise<DynsecAnswer>((resolve, reject) => {
            const timer = setTimeout(() => {
              waiting.delete(id);
              reject(new Error('No answer from the dynamic security plugin (is it loaded, and is this client its admin?)'));
            }, timeoutMs);
            waiting.set(id, (answer) => {
              clearTimeout(timer);
              waiting.delete(id);
              resolve(answer);
            });
          }),
      );
      // Commands carry passwords: they are never logged.
      await client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) }), { qos: 1 });
      return Promise.all(answers);
    },
    close: () => connection.close(),
  };
}
