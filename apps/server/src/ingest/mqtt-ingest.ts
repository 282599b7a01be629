import type { IPublishPacket, ISubscriptionMap, MqttClient, Packet } from 'mqtt';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { writeIngestBatch } from './ingest-batch.service';
import { createMicroBatcher } from './micro-batcher';
import { connectMqtt, type MqttConnection } from './mqtt-connection';
import { storeMqttMessages, type StoredOutcome } from './mqtt-message-store';
import { receiptFor } from './mqtt-receipt';
import { GEN1_ROOT } from '../telemetry/shelly-gen1-em';
import { TOPIC_ROOT } from '../telemetry/topics';

/** Device → server topics the worker reads. */
export const INGEST_FILTERS = [
  `${TOPIC_ROOT}/+/meter`,
  `${TOPIC_ROOT}/+/meter/power`,
  `${TOPIC_ROOT}/+/devices/+/reading`,
  `${TOPIC_ROOT}/+/devices/+/state`,
  `${TOPIC_ROOT}/+/shelly/+/status/switch:0`,
  `${TOPIC_ROOT}/+/shelly/+/events/rpc`,
  `${TOPIC_ROOT}/+/shelly/+/status/em:0`,
  `${TOPIC_ROOT}/+/shelly/+/status/emdata:0`,
  `${TOPIC_ROOT}/+/tasmota/+/tele/SENSOR`,
  `${TOPIC_ROOT}/+/tasmota/+/tele/STATE`,
  `${TOPIC_ROOT}/+/tasmota/+/stat/POWER`,
  `${TOPIC_ROOT}/+/tasmota/+/stat/RESULT`,
  // A first-generation Shelly EM (decision 107): its id, not the topic, says whose it is.
  `${GEN1_ROOT}/+/emeter/+/power`,
  `${GEN1_ROOT}/+/emeter/+/total`,
  `${GEN1_ROOT}/+/emeter/+/total_returned`,
] as const;

/** What became of one message; `acked` is false only when it was not stored (database failure). */
export type IngestEvent = StoredOutcome & { topic: string; messageId: number | undefined; acked: boolean };

/** Messages written per transaction, and how many may be unacknowledged at once (see decision 022). */
export type BatchLimits = { maxMessages: number; maxInFlight: number; lingerMs: number };
/*
 * maxInFlight is large on purpose: Mosquitto drops QoS 1 messages (already PUBACKed to the
 * device) for a subscriber that stops reading its socket once max_queued_messages packets wait
 * for it (1000 by default), whatever the receive maximum. So the worker keeps reading and holds a
 * backlog itself (~0.5 kB a message, 25 MB at the limit) before it applies TCP backpressure.
 */
export const DEFAULT_BATCH: BatchLimits = { maxMessages: 500, maxInFlight: 50_000, lingerMs: 2 };

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
  /**
   * 5 sets the broker's in-flight window for this worker (receive maximum, see RECEIVE_MAXIMUM);
   * with 3.1.1 the broker decides (Mosquitto: max_inflight_messages, 20 by default). aedes
   * speaks only 3.1.1. Default 4 (3.1.1).
   */
  protocolVersion?: 4 | 5;
  batch?: Partial<BatchLimits>;
  /**
   * False when the embedded broker already stores every device message before acknowledging it
   * (decision 062): the worker then only holds the server's connection, for commands, and
   * subscribing would store each message a second time. Default true.
   */
  subscribe?: boolean;
  /** Tests replace the write to simulate a database failure. */
  store?: typeof writeIngestBatch;
  onEvent?: (event: IngestEvent) => void;
  /** Pause before dropping the connection after a database failure, so the broker redelivers. */
  retryDelayMs?: number;
  /** The process's clock (decision 050): what "future" and the correction window are measured from. */
  clock?: () => Date;
};

export type MqttIngest = { connection: MqttConnection; ready: Promise<void>; close(): Promise<void> };

type Received = { topic: string; payload: Buffer; messageId: number | undefined; qos: number; stream: unknown; receivedAt: Date };

/** mqtt.js sends the PUBACK itself unless handleMessage calls back with an error; this one means "acknowledged later". */
const DEFERRED_ACK = new Error('acknowledged after the batch commits');
/** A session never expires on its own (as with MQTT 3.1.1 and clean: false): unacknowledged messages wait for the worker. */
const SESSION_EXPIRY_NEVER = 0xffffffff;
/**
 * MQTT 5 receive maximum, the protocol's largest. Mosquitto PUBACKs a publisher at once and
 * *drops* what a subscriber has not taken beyond its in-flight window plus max_queued_messages
 * (1000 by default). Taking everything in flight moves the backlog into the worker's socket,
 * where the batcher's own limit (maxInFlight) pauses reading: nothing is dropped up to 65,535.
 */
const RECEIVE_MAXIMUM = 65_535;

/**
 * Reads device telemetry from MQTT and stores it through the same validation and store as HTTP,
 * many messages per transaction. A QoS 1 message is acknowledged only after the transaction
 * holding it commits, so a crash or a database outage means redelivery, never loss; redelivery
 * of a stored message is a duplicate and changes nothing. A message that can never be stored
 * (bad JSON, invalid readings, unknown household) is acknowledged, after its batch, and logged.
 *
 * mqtt.js hands messages to handleMessage one at a time and sends a message's PUBACK when its
 * callback succeeds, before the next one is parsed. Waiting there for a commit would allow one
 * message per transaction, so the worker answers with DEFERRED_ACK (mqtt.js then sends nothing
 * and moves on), queues the message in a micro-batch, and after the batch commits sends the
 * PUBACKs itself, in the order the messages arrived (MQTT 3.1.1 §4.6).
 *
 * After the commit it also publishes a receipt per reading message (`…/receipts`, QoS 1) naming
 * the readings now stored: on an external broker that, not the broker's PUBACK, is what tells a
 * gateway it may forget them (decision 065).
 */
export function startMqttIngest(options: MqttIngestOptions): MqttIngest {
  const log = options.logger;
  const limits = { ...DEFAULT_BATCH, ...options.batch };
  const v5 = options.protocolVersion === 5;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** The connection whose batch failed: its later messages are left for redelivery too. */
  let failedStream: unknown = null;
  /**
   * After a failure, the failed batch's messages are written one per transaction when they come
   * back, so a message that fails every time holds back only itself, as before batching (decision 012).
   */
  let isolateNext = 0;

  const connection = connectMqtt({
    url: options.url,
    logger: log,
    clientId: options.clientId,
    clean: false,
    ...(v5 ? { protocolVersion: 5 as const, properties: { receiveMaximum: RECEIVE_MAXIMUM, sessionExpiryInterval: SESSION_EXPIRY_NEVER } } : {}),
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
  });
  const client = connection.client;
  const sendPuback = pubackSender(client, v5);

  const batcher = createMicroBatcher<Received>({
    maxBatch: limits.maxMessages,
    maxInFlight: limits.maxInFlight,
    lingerMs: limits.lingerMs,
    nextBatchSize: () => (isolateNext > 0 ? 1 : limits.maxMessages),
    flush: (items) => flush(items).catch((error: unknown) => log.error({ err: error }, 'MQTT ingest batch could not be handled')),
  });

  client.handleMessage = (packet: Packet, callback: (error?: Error) => void) => {
    const { topic, payload, messageId, qos } = packet as IPublishPacket;
    const item: Received = { topic, payload: Buffer.isBuffer(payload) ? payload : Buffer.from(payload), messageId, qos, stream: client.stream, receivedAt: new Date() };
    batcher.add(item, () => callback(DEFERRED_ACK));
  };
  // Held "next packet" callbacks belong to a connection that is gone; let its parser finish.
  client.on('close', () => batcher.releaseAll());

  async function flush(items: Received[]) {
    const live = items.filter((item) => item.stream !== failedStream);
    for (const item of items) if (item.stream === failedStream) emit(item, { acked: false, outcome: 'failed', detail: 'left for redelivery after a failed batch' });
    if (live.length === 0) return;
    if (isolateNext > 0) isolateNext -= live.length;

    let outcomes: StoredOutcome[];
    try {
      outcomes = await storeMqttMessages({ db: options.db, log, ...(options.store ? { write: options.store } : {}), now: options.clock?.() ?? new Date() }, live);
    } catch (error) {
      log.error({ err: error, messages: live.length }, 'MQTT batch not stored; left unacknowledged for redelivery');
      for (const item of live) emit(item, { acked: false, outcome: 'failed', detail: String(error) });
      failedStream = client.stream;
      // The broker redelivers the oldest unacknowledged messages first: this batch.
      isolateNext = live.length;
      scheduleRedelivery();
      return;
    }
    // One write for the whole batch's PUBACKs instead of one syscall each.
    const stream = client.stream;
    stream.cork();
    try {
      live.forEach((item, i) => {
        // Only on the connection it came from: after a reconnect the broker redelivers it (a duplicate).
        const acked = item.qos === 0 || (item.stream === stream && client.connected && item.stream !== failedStream);
        if (acked && item.qos > 0 && item.messageId !== undefined) sendPuback(item.messageId);
        // Sent even when the PUBACK is not: the readings are stored, and an external broker's own
        // PUBACK to the device meant only "received" (decision 065).
        const receipt = receiptFor(item.topic, outcomes[i]!);
        if (receipt) client.publish(receipt.topic, receipt.payload, { qos: 1 }, (error) => error && log.debug({ err: error, topic: receipt.topic }, 'MQTT receipt not sent; the device will send again'));
        emit(item, { acked, ...outcomes[i]! });
      });
    } finally {
      stream.uncork();
    }
  }

  function emit(item: Received, event: Omit<IngestEvent, 'topic' | 'messageId'>) {
    options.onEvent?.({ topic: item.topic, messageId: item.messageId, ...event });
  }

  // A broker resends unacknowledged QoS 1 messages when the session resumes (MQTT 3.1.1 §4.4),
  // so after a failure the worker drops its connection and lets mqtt.js reconnect.
  function scheduleRedelivery() {
    if (retryTimer || closing) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!closing && client.stream === failedStream) client.stream.destroy();
    }, options.retryDelayMs ?? 2_000);
  }

  const filters = options.subscribe === false ? [] : INGEST_FILTERS.map((f) => (options.shareGroup ? `$share/${options.shareGroup}/${f}` : f));
  // A Mosquitto role made before first-generation Shelly EMs were read (decision 107) lacks their
  // topics, and mqtt.js fails a whole SUBSCRIBE over one refused filter: they are asked for apart,
  // and a refusal leaves the rest of ingest working and tells the operator what to add.
  const isGen1Filter = (filter: string) => filter.includes(`${GEN1_ROOT}/`);
  const required = filters.filter((f) => !isGen1Filter(f));
  const gen1 = filters.filter(isGen1Filter);
  const ready = new Promise<void>((resolve, reject) => {
    const subscribe = () => {
      if (filters.length === 0) return resolve();
      client.subscribe(required, { qos: 1 }, (error, granted) => {
        if (error) return reject(error);
        const refused = (granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
        if (refused.length > 0) return reject(new Error(`Broker refused subscriptions: ${refused.join(', ')}`));
        client.subscribe(gen1, { qos: 1 }, (gen1Error, gen1Granted) => {
          const gen1Refused = gen1Error ? gen1 : (gen1Granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
          if (gen1Refused.length > 0) log.warn({ refused: gen1Refused }, 'MQTT ingest cannot read first-generation Shelly EM meters: allow these subscriptions in its role (docs/ingestion.md)');
          log.info({ filters, protocolVersion: v5 ? 5 : 4, ...limits }, 'MQTT ingest subscribed');
          resolve();
        });
      });
    };
    if (client.connected) subscribe();
    else client.once('connect', subscribe);
  });
  ready.catch((error: unknown) => log.error({ err: error }, 'MQTT ingest could not subscribe'));
  // mqtt.js subscribes again after a reconnect only when the broker says it kept no session. A
  // Mosquitto restarted from its persistence file says it kept one, yet its shared subscriptions
  // are gone, and the worker heard nothing ever after (found by the fault suite, decision 054).
  // Subscribing again is harmless: the same filter replaces itself and queued messages stay.
  // (`resubscribe` makes mqtt.js send filters it believes are still in place.)
  client.on('connect', (connack) => {
    if (!connack.sessionPresent || filters.length === 0) return;
    const again = (list: string[], onError: (error: Error) => void) =>
      list.length > 0 && client.subscribe(Object.assign(Object.fromEntries(list.map((filter) => [filter, { qos: 1 }])) as ISubscriptionMap, { resubscribe: true }), (error) => error && onError(error));
    void ready.then(() => {
      again(required, (error) => log.warn({ err: error }, 'MQTT ingest could not subscribe again after a reconnect'));
      // Refused already at start when the role lacks them (logged then).
      again(gen1, (error) => log.debug({ err: error }, 'MQTT ingest could not subscribe again to the first-generation Shelly EM topics'));
    });
  });

  return {
    connection,
    ready,
    close: async () => {
      closing = true;
      clearTimeout(retryTimer);
      // Leave the shared group on a deliberate stop: a broker keeps dispatching a group's messages
      // to an offline persistent session (Mosquitto queues them for it). A crashed worker keeps
      // its share until it restarts with the same client id and takes it back.
      if (client.connected && filters.length > 0) {
        await Promise.race([client.unsubscribeAsync(filters).catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      }
      // Messages already received are written and acknowledged before the connection closes.
      await Promise.race([batcher.drain(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await connection.close();
    },
  };
}

/**
 * mqtt.js has no public call for a PUBACK: handlers/publish.js sends it with the client's
 * `_sendPacket`, which this uses the same way. Checked at start so an mqtt.js upgrade that
 * renames it fails loudly instead of never acknowledging (mqtt-ingest.test.ts counts PUBACKs).
 */
function pubackSender(client: MqttClient, v5: boolean): (messageId: number) => void {
  const internal = client as unknown as { _sendPacket?: (packet: object, cb?: () => void) => void };
  if (typeof internal._sendPacket !== 'function') throw new Error('mqtt.js no longer has _sendPacket; the ingest worker cannot acknowledge messages');
  return (messageId) => internal._sendPacket!({ cmd: 'puback', messageId, ...(v5 ? { reasonCode: 0 } : {}) });
}
