import type { IPublishPacket, Packet } from 'mqtt';
import { deviceStateSchema, type IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { livePowerSampleSchema, recordLivePower } from '../modules/live/live-power.service';
import { loadStoreContext, storeBatch, updateDevicesSeen, type StoreContext } from '../modules/readings/reading-store';
import { connectMqtt, type MqttConnection } from './mqtt-connection';
import { mqttPayloadToBatch } from './payload/mqtt-batch';
import { parseShellyStatus, shellySampleToReading } from './payload/shelly-gen2';
import { parseTopic, TOPIC_ROOT, type TopicRoute } from './payload/topics';
import { validateBatch } from './payload/validate-readings';
import { isUuid } from '../lib/uuid';

/** Device → server topics the worker reads. */
export const INGEST_FILTERS = [
  `${TOPIC_ROOT}/+/meter`,
  `${TOPIC_ROOT}/+/meter/power`,
  `${TOPIC_ROOT}/+/devices/+/reading`,
  `${TOPIC_ROOT}/+/devices/+/state`,
  `${TOPIC_ROOT}/+/shelly/+/status/switch:0`,
  `${TOPIC_ROOT}/+/shelly/+/events/rpc`,
] as const;

/** What became of one message; `acked` is false only when the database failed. */
export type IngestEvent = {
  topic: string;
  messageId: number | undefined;
  acked: boolean;
  outcome: 'stored' | 'refused' | 'ignored' | 'failed';
  result?: IngestResult;
  detail?: string;
};

export type MqttIngestOptions = {
  url: string;
  db: Db;
  logger: Logger;
  username?: string;
  password?: string;
  /**
   * A stable id per worker lets the broker keep this worker's unacknowledged messages across a
   * reconnect or a restart (clean: false).
   */
  clientId: string;
  /**
   * Shared-subscription group: workers in one group split the stream. Null subscribes plainly —
   * needed on the embedded broker, since aedes does not implement `$share` (a `$share/…` filter
   * would match nothing there).
   */
  shareGroup: string | null;
  /** Tests replace the store to simulate a database failure. */
  store?: typeof storeBatch;
  onEvent?: (event: IngestEvent) => void;
  /** Pause before dropping the connection after a database failure, so the broker redelivers. */
  retryDelayMs?: number;
};

export type MqttIngest = { connection: MqttConnection; ready: Promise<void>; close(): Promise<void> };


class Refused extends Error {}

/**
 * Reads device telemetry from MQTT and stores it through the same validation and store as
 * HTTP. A QoS 1 message is acknowledged only after its transaction commits (mqtt.js
 * handleMessage), so a crash or a database outage means redelivery, never loss; redelivery
 * of a stored message is a duplicate and changes nothing. A message that can never be stored
 * (bad JSON, invalid readings, unknown household) is acknowledged and logged.
 */
export function startMqttIngest(options: MqttIngestOptions): MqttIngest {
  const store = options.store ?? storeBatch;
  const log = options.logger;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connection = connectMqtt({
    url: options.url,
    logger: log,
    clientId: options.clientId,
    clean: false,
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
  });

  /*
   * mqtt.js sends the PUBACK of a QoS 1 message only when handleMessage calls back without an
   * error (lib/handlers/publish.js), and processes messages one at a time while it waits. Its
   * `customHandleAcks` option would do the same but is honoured only with MQTT 5
   * (client.js: `protocolVersion === 5 && options.customHandleAcks`), and aedes speaks 3.1.1.
   */
  connection.client.handleMessage = (packet: Packet, callback: (error?: Error) => void) => {
    const { topic, payload, messageId } = packet as IPublishPacket;
    handle(topic, Buffer.isBuffer(payload) ? payload : Buffer.from(payload), new Date()).then(
      (event) => {
        callback();
        options.onEvent?.({ topic, messageId, acked: true, ...event });
      },
      (error: unknown) => {
        log.error({ err: error, topic }, 'MQTT message not stored; left unacknowledged for redelivery');
        callback(error instanceof Error ? error : new Error(String(error)));
        options.onEvent?.({ topic, messageId, acked: false, outcome: 'failed', detail: String(error) });
        scheduleRedelivery();
      },
    );
  };

  // A broker resends unacknowledged QoS 1 messages when the session resumes (MQTT 3.1.1 §4.4),
  // so after a failure the worker drops its connection and lets mqtt.js reconnect.
  function scheduleRedelivery() {
    if (retryTimer || closing) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!closing) connection.client.stream?.destroy();
    }, options.retryDelayMs ?? 2_000);
  }

  const filters = INGEST_FILTERS.map((f) => (options.shareGroup ? `$share/${options.shareGroup}/${f}` : f));
  const ready = new Promise<void>((resolve, reject) => {
    const subscribe = () => {
      connection.client.subscribe(filters, { qos: 1 }, (error, granted) => {
        if (error) return reject(error);
        const refused = (granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
        if (refused.length > 0) return reject(new Error(`Broker refused subscriptions: ${refused.join(', ')}`));
        log.info({ filters }, 'MQTT ingest subscribed');
        resolve();
      });
    };
    if (connection.client.connected) subscribe();
    else connection.client.once('connect', subscribe);
  });
  ready.catch((error: unknown) => log.error({ err: error }, 'MQTT ingest could not subscribe'));

  async function handle(topic: string, message: Buffer, receivedAt: Date): Promise<Omit<IngestEvent, 'topic' | 'messageId' | 'acked'>> {
    const route = parseTopic(topic);
    if (!route || !isUuid(route.householdId)) return { outcome: 'ignored', detail: 'not a Peakwise ingest topic' };
    let payload: unknown;
    try {
      payload = JSON.parse(message.toString('utf8'));
    } catch {
      return refuse(topic, 'The message is not JSON.');
    }
    try {
      return await route_(route, payload, receivedAt);
    } catch (error) {
      if (error instanceof Refused) return refuse(topic, error.message);
      throw error;
    }
  }

  async function route_(route: TopicRoute, payload: unknown, receivedAt: Date) {
    switch (route.kind) {
      case 'meter':
      case 'device-reading': {
        const context = await contextFor(route.householdId, route.kind === 'device-reading' ? route.externalId : null);
        return storeReadings(route.householdId, mqttPayloadToBatch(route, payload), context, receivedAt, false);
      }
      case 'shelly-status':
      case 'shelly-events': {
        const context = await contextFor(route.householdId, route.externalId);
        const parsed = parseShellyStatus(route.externalId, payload, receivedAt);
        if (!parsed.ok) throw new Refused(`${parsed.reason}: ${parsed.message}`);
        if (!parsed.sample) return { outcome: 'ignored' as const, detail: 'no switch:0 status' };
        const reading = shellySampleToReading(parsed.sample);
        if (reading) return storeReadings(route.householdId, { devices: [reading] }, context, receivedAt, true);
        if (parsed.sample.on !== undefined) return relayState(context, route.externalId, parsed.sample.on, parsed.sample.at);
        return { outcome: 'ignored' as const, detail: 'no measurement' };
      }
      case 'device-state': {
        const context = await contextFor(route.householdId, route.externalId);
        const state = deviceStateSchema.safeParse(payload);
        if (!state.success) throw new Refused('invalid_payload: not a device state');
        return relayState(context, route.externalId, state.data.on, state.data.ts ? new Date(state.data.ts) : receivedAt);
      }
      case 'meter-power': {
        if (!(await contextFor(route.householdId, null))) throw new Refused('unknown household');
        const sample = livePowerSampleSchema.safeParse(payload);
        if (!sample.success) throw new Refused(`invalid_payload: ${sample.error.issues[0]?.message ?? 'not a power sample'}`);
        const outcome = await recordLivePower(options.db, route.householdId, { ts: new Date(sample.data.ts), powerW: sample.data.powerW }, receivedAt);
        if (outcome === 'future') throw new Refused('future_timestamp');
        return { outcome: 'stored' as const, detail: outcome };
      }
      default:
        return { outcome: 'ignored' as const };
    }
  }

  async function contextFor(householdId: string, externalId: string | null): Promise<StoreContext> {
    const context = await loadStoreContext(options.db, householdId);
    if (!context) throw new Refused('unknown household');
    if (externalId === null) return context;
    // The device comes from the topic: a payload naming another device is refused as unknown.
    const id = context.deviceIds.get(externalId);
    return { ...context, deviceIds: new Map(id ? [[externalId, id]] : []) };
  }

  async function storeReadings(householdId: string, batch: unknown, context: StoreContext, now: Date, keepExisting: boolean) {
    const validated = validateBatch(batch, now, { knownDevices: new Set(context.deviceIds.keys()) });
    if (!validated.ok) throw new Refused(`${validated.reason}: ${validated.message}`);
    const result = await store(options.db, householdId, validated, { context, now, keepExisting });
    if (result.rejected.length > 0) log.info({ householdId, rejected: result.rejected }, 'MQTT readings refused');
    return { outcome: 'stored' as const, result };
  }

  async function relayState(context: StoreContext, externalId: string, on: boolean, at: Date) {
    const id = context.deviceIds.get(externalId);
    if (!id) throw new Refused(`unknown_device: ${externalId}`);
    await updateDevicesSeen(options.db, [{ id, seen: at.getTime(), relay: on, relayTs: at.getTime() }]);
    return { outcome: 'stored' as const };
  }

  function refuse(topic: string, detail: string) {
    log.warn({ topic, detail }, 'MQTT message refused (acknowledged; it can never be stored)');
    return { outcome: 'refused' as const, detail };
  }

  return {
    connection,
    ready,
    close: async () => {
      closing = true;
      clearTimeout(retryTimer);
      // Leave the shared group on a deliberate stop: a broker keeps dispatching a group's messages
      // to an offline persistent session (Mosquitto queues them for it). A crashed worker keeps
      // its share until it restarts with the same client id and takes it back.
      if (connection.client.connected) {
        await Promise.race([connection.client.unsubscribeAsync(filters).catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      }
      await connection.close();
    },
  };
}
