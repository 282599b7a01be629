import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { OpenAdrClient } from './openadr-client';
import { recordMqttError, recordMqttMessage, recordMqttState, type MqttStatus } from './openadr-mqtt.repository';
import type { MqttAuthentication, NotifierCheck } from './openadr-notifier.service';
import { hastenOpenAdrPoll } from './openadr-poll-schedule';
import { openAdrSchema } from './openadr-schema';
import { markNotified } from './openadr-subscriptions.repository';

/*
 * Listens on the VTN's MQTT broker (decision 114). Each poll hands over what `/notifiers` said; the
 * listener connects when that changes (and not otherwise), subscribes to the topics, and takes a
 * message as a webhook notification is taken: the poll runs now. So a duplicate changes nothing and
 * a message lost while the broker was away is caught by the poll run on reconnecting (and by the
 * next poll anyway). It reconnects itself, waiting 1, 2, 4 … s (at most a minute), each time with
 * a fresh access token, since the OAUTH2_BEARER_TOKEN login is the token and tokens run out.
 */

export type OpenAdrMqttListener = {
  update(vtnId: string, check: NotifierCheck): Promise<void>;
  close(): Promise<void>;
};

export function createOpenAdrMqttListener(deps: {
  db: Db;
  vtnUrl: string;
  client: Pick<OpenAdrClient, 'accessToken' | 'version'>;
  /** Our client id with the VTN: what "{clientID}" stands for in an OAUTH2_BEARER_TOKEN login. */
  clientId: string;
  logger: Logger;
  clock: () => Date;
  /**
   * The Definition (3.1.1, MQTT) has MQTT clients use MQTTS. Plain mqtt:// is taken only outside
   * production (a test VTN on the same host).
   */
  allowPlain: boolean;
  retry?: { firstMs: number; maxMs: number };
}): OpenAdrMqttListener {
  const { db, logger, clock } = deps;
  const retry = deps.retry ?? { firstMs: 1_000, maxMs: 60_000 };
  const schema = openAdrSchema(deps.client.version);
  let current: { key: string; stop: () => Promise<void> } | null = null;

  const write = (vtnId: string, state: { status: MqttStatus; broker: string | null; topics: string[]; error: string | null }) =>
    recordMqttState(db, vtnId, state, clock()).catch((error: unknown) => logger.warn({ err: error }, 'OpenADR MQTT state not recorded'));

  const hasten = async (vtnId: string) => {
    const now = clock();
    await db.transaction(async (tx) => {
      await markNotified(tx, vtnId, now);
      await hastenOpenAdrPoll(tx, deps.vtnUrl, now);
    });
  };

  const onMessage = async (vtnId: string, topic: string, payload: Buffer) => {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = undefined;
    }
    const problems = body === undefined ? ['not JSON'] : schema.checkNotification(body);
    if (problems.length > 0) {
      // Not the VTN's notification: nothing is done for it, and /ops says so.
      await recordMqttError(db, vtnId, `A message on ${topic} is not an OpenADR ${deps.client.version} notification: ${problems.slice(0, 3).join('; ')}`);
      return;
    }
    await recordMqttMessage(db, vtnId, clock());
    await hasten(vtnId);
  };

  const listen = (vtnId: string, broker: string, authentication: MqttAuthentication, topics: string[]) => {
    let stopped = false;
    let client: MqttClient | null = null;
    let wake: (() => void) | null = null;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const options = async (): Promise<IClientOptions> => ({
      clientId: `peakwise-ven-${randomBytes(6).toString('hex')}`,
      // The loop below reconnects, with a fresh token each time.
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      clean: true,
      protocolVersion: 4,
      ...(authentication.method === 'OAUTH2_BEARER_TOKEN'
        ? { username: authentication.username === '{clientID}' ? deps.clientId : authentication.username, password: await deps.client.accessToken() }
        : authentication.method === 'CERTIFICATE'
          ? { ca: authentication.caCert, cert: authentication.clientCert, key: authentication.clientKey }
          : {}),
    });
    const run = async () => {
      let failures = 0;
      let connectedBefore = false;
      while (!stopped) {
        try {
          const connection = await mqtt.connectAsync(broker, await options(), false);
          if (stopped) {
            await connection.endAsync(true);
            return;
          }
          client = connection;
          const closed = new Promise<string>((resolve) => {
            connection.once('close', () => resolve('The broker closed the connection'));
          });
          connection.on('error', (error) => logger.warn({ err: error, vtn: deps.vtnUrl }, 'OpenADR MQTT error'));
          connection.on('message', (topic, payload) => {
            onMessage(vtnId, topic, payload).catch((error: unknown) => logger.warn({ err: error, vtn: deps.vtnUrl }, 'OpenADR MQTT message not taken'));
          });
          const granted = await connection.subscribeAsync(Object.fromEntries(topics.map((topic) => [topic, { qos: 1 as const }])));
          const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
          if (refused.length > 0) throw new Error(`The broker refused the subscription to ${refused.join(', ')}`);
          // After a gap (a lost connection, a failed try), anything published meanwhile was missed: the poll catches up now.
          if (connectedBefore || failures > 0) await hasten(vtnId);
          failures = 0;
          connectedBefore = true;
          await write(vtnId, { status: 'connected', broker, topics, error: null });
          const why = await closed;
          client = null;
          if (stopped) return;
          await write(vtnId, { status: 'down', broker, topics, error: why });
        } catch (error) {
          const open: MqttClient | null = client;
          client = null;
          if (open) await open.endAsync(true).catch(() => undefined);
          if (stopped) return;
          await write(vtnId, { status: 'down', broker, topics, error: error instanceof Error ? error.message : String(error) });
        }
        failures += 1;
        await sleep(Math.min(retry.maxMs, retry.firstMs * 2 ** (failures - 1)));
      }
    };
    const running = run().catch((error: unknown) => logger.error({ err: error, vtn: deps.vtnUrl }, 'OpenADR MQTT listener stopped'));
    return async () => {
      stopped = true;
      (wake as (() => void) | null)?.();
      const open: MqttClient | null = client;
      if (open) await open.endAsync(true).catch(() => undefined);
      await running;
    };
  };

  return {
    async update(vtnId, check) {
      if (check.kind === 'unknown') return recordMqttError(db, vtnId, check.error);
      if (check.kind === 'off') {
        if (current?.key === 'off') return;
        await current?.stop();
        current = { key: 'off', stop: async () => {} };
        return write(vtnId, { status: 'off', broker: null, topics: [], error: null });
      }
      const { uris, authentication, topics } = check.notifier;
      const protocols = deps.allowPlain ? ['mqtts:', 'mqtt:'] : ['mqtts:'];
      const broker = protocols.map((p) => uris.find((u) => u.startsWith(`${p}//`))).find((u) => u !== undefined);
      const unusable = broker === undefined ? `None of the broker URIs is ${deps.allowPlain ? 'mqtts:// or mqtt://' : 'mqtts://'}: ${uris.join(', ')}` : topics.length === 0 ? 'The VTN named no topics' : null;
      const key = JSON.stringify([broker, authentication, topics]);
      if (current?.key === key) return;
      await current?.stop();
      if (unusable !== null) {
        current = { key, stop: async () => {} };
        return write(vtnId, { status: 'failed', broker: broker ?? null, topics, error: unusable });
      }
      await write(vtnId, { status: 'connecting', broker: broker!, topics, error: null });
      current = { key, stop: listen(vtnId, broker!, authentication, topics) };
    },
    async close() {
      await current?.stop();
      current = null;
    },
  };
}
