import { AckPolicy, connect, DeliverPolicy, RetentionPolicy, StorageType, type Authenticator, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { writeIngestBatch } from './ingest-batch.service';
import { createMicroBatcher } from './micro-batcher';
import { DEFAULT_BATCH, INGEST_FILTERS, type BatchLimits, type IngestEvent } from './mqtt-ingest';
import { storeMqttMessages, type StoredOutcome } from './mqtt-message-store';
import { receiptFor } from './mqtt-receipt';
import { mqttTopicOf, natsSubjectOf } from '../telemetry/nats-subjects';

/** The JetStream stream that keeps device messages until a worker has stored them. */
export const NATS_INGEST_STREAM = 'PEAKWISE_INGEST';
/** The one durable consumer every worker pulls from: JetStream hands each message to one of them. */
export const NATS_INGEST_CONSUMER = 'peakwise-ingest';

export type NatsIngestOptions = {
  /** nats://host:port, comma-separated for a cluster's seeds. */
  servers: string;
  /** How the worker logs in: a user JWT of the ingest account in operator mode (decision 132). */
  authenticator?: Authenticator;
  db: Db;
  logger: Logger;
  batch?: Partial<BatchLimits>;
  /**
   * How long a message handed to a worker waits for its acknowledgement before JetStream gives it
   * to another: a worker killed mid-batch loses nothing, its messages come back after this.
   */
  ackWaitMs?: number;
  /**
   * Copies JetStream keeps of the stream (NATS_STREAM_REPLICAS): 3 on a three-node cluster, so a
   * node's crash loses no acknowledged reading and a quorum of two goes on; 1 on a single server.
   */
  replicas?: number;
  /** Sends a receipt (decision 065) once a reading message is stored; on NATS, through its MQTT listener. */
  publishReceipt?: (topic: string, payload: string) => void;
  /** Tests replace the write to simulate a database failure. */
  store?: typeof writeIngestBatch;
  onEvent?: (event: IngestEvent) => void;
  /** Pause before a failed batch's messages come back. */
  retryDelayMs?: number;
  clock?: () => Date;
};

export type NatsIngest = { ready: Promise<void>; close(): Promise<void> };

type Received = { topic: string; payload: Buffer; receivedAt: Date; message: JsMsg };

/**
 * Ingest from NATS Server, a broker that clusters (decision 117). Devices publish over NATS's MQTT
 * listener; a work-queue stream captures the ingest topics as they arrive, so a QoS 1 message is
 * kept before its PUBACK reaches the device, and every worker pulls from one durable consumer:
 * JetStream gives each message to one worker (NATS 2.9 has no MQTT shared subscriptions) and
 * takes it back from a worker that does not acknowledge it within `ackWaitMs`. A message is
 * acknowledged after the transaction holding it commits, as on the MQTT path, so a crash or a
 * database outage means redelivery, never loss; a redelivered stored message is a duplicate.
 */
export function startNatsIngest(options: NatsIngestOptions): NatsIngest {
  const log = options.logger;
  const limits = { ...DEFAULT_BATCH, ...options.batch };
  let closing = false;
  let isolateNext = 0;
  let nc: NatsConnection | undefined;
  let messages: ConsumerMessages | undefined;

  const batcher = createMicroBatcher<Received>({
    maxBatch: limits.maxMessages,
    maxInFlight: limits.maxInFlight,
    lingerMs: limits.lingerMs,
    nextBatchSize: () => (isolateNext > 0 ? 1 : limits.maxMessages),
    flush: (items) => flush(items).catch((error: unknown) => log.error({ err: error }, 'NATS ingest batch could not be handled')),
  });

  async function flush(items: Received[]) {
    if (isolateNext > 0) isolateNext -= items.length;
    let outcomes: StoredOutcome[];
    try {
      outcomes = await storeMqttMessages({ db: options.db, log, ...(options.store ? { write: options.store } : {}), now: options.clock?.() ?? new Date() }, items);
    } catch (error) {
      log.error({ err: error, messages: items.length }, 'NATS batch not stored; handed back for redelivery');
      // Written one per transaction when they come back, so a message that always fails holds back only itself.
      isolateNext = items.length;
      for (const item of items) {
        item.message.nak(options.retryDelayMs ?? 2_000);
        options.onEvent?.({ topic: item.topic, messageId: undefined, acked: false, outcome: 'failed', detail: String(error) });
      }
      return;
    }
    items.forEach((item, i) => {
      item.message.ack();
      const receipt = receiptFor(item.topic, outcomes[i]!);
      if (receipt) options.publishReceipt?.(receipt.topic, receipt.payload);
      options.onEvent?.({ topic: item.topic, messageId: undefined, acked: true, ...outcomes[i]! });
    });
  }

  const ready = (async () => {
    nc = await connect({ servers: options.servers.split(','), name: 'peakwise-ingest', maxReconnectAttempts: -1, reconnectTimeWait: 1_000, ...(options.authenticator ? { authenticator: options.authenticator } : {}) });
    const jsm = await nc.jetstreamManager();
    const subjects = INGEST_FILTERS.map(natsSubjectOf);
    const replicas = options.replicas ?? 1;
    const stream = { name: NATS_INGEST_STREAM, subjects, retention: RetentionPolicy.Workqueue, storage: StorageType.File, num_replicas: replicas };
    // Made by the first worker, kept by the others; a stream made on one server grows its replicas
    // when the deployment becomes a cluster (JetStream copies it to the new peers itself).
    await jsm.streams.info(NATS_INGEST_STREAM).then(
      (info) => {
        const missing = subjects.filter((s) => !info.config.subjects.includes(s));
        if (missing.length > 0 || info.config.num_replicas !== replicas)
          return jsm.streams.update(NATS_INGEST_STREAM, { ...info.config, subjects: [...info.config.subjects, ...missing], num_replicas: replicas });
        return info;
      },
      () => jsm.streams.add(stream),
    );
    const consumer = {
      durable_name: NATS_INGEST_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
      // JetStream stops handing out messages past this many unacknowledged: the worker's backpressure.
      max_ack_pending: limits.maxInFlight,
    };
    await jsm.consumers.info(NATS_INGEST_STREAM, NATS_INGEST_CONSUMER).catch(() => jsm.consumers.add(NATS_INGEST_STREAM, consumer));
    const pull = await nc.jetstream().consumers.get(NATS_INGEST_STREAM, NATS_INGEST_CONSUMER);
    // A pull request lives on the consumer's leader: when that node dies the request dies with it and
    // nothing says so but missing heartbeats (half of `expires`, two missed). JetStream's default
    // 30 s stalled a worker for half a minute after a cluster node's crash (decision 125); 5 s
    // costs one pull request every 5 s per idle worker.
    messages = await pull.consume({ max_messages: limits.maxMessages * 2, expires: 5_000 });
    log.info({ servers: options.servers, stream: NATS_INGEST_STREAM, subjects }, 'NATS ingest consuming');
    void (async () => {
      for await (const message of messages!) {
        if (closing) break;
        batcher.add({ topic: mqttTopicOf(message.subject), payload: Buffer.from(message.data), receivedAt: new Date(), message }, () => {});
      }
    })().catch((error: unknown) => log.error({ err: error }, 'NATS ingest stopped consuming'));
  })();
  ready.catch((error: unknown) => log.error({ err: error }, 'NATS ingest could not start'));

  return {
    ready,
    async close() {
      closing = true;
      await ready.catch(() => {});
      messages?.stop();
      // What was received is written and acknowledged before the connection closes; the rest waits in the stream.
      await Promise.race([batcher.drain(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await nc?.drain().catch(() => {});
    },
  };
}
