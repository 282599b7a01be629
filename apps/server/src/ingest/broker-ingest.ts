import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { writeIngestBatch } from './ingest-batch.service';
import { createMicroBatcher } from './micro-batcher';
import { DEFAULT_BATCH, INGEST_FILTERS, type BatchLimits } from './mqtt-ingest';
import { storeMqttMessages, type StoredOutcome } from './mqtt-message-store';

export type BrokerIngest = {
  /**
   * Stores a device message before the broker acknowledges it. Null for a topic ingest does not
   * read (the broker forwards it as usual); otherwise resolves once the message's batch has
   * committed, and rejects if the database failed, so the broker withholds the PUBACK.
   */
  storeBeforeAck(topic: string, payload: Buffer): Promise<StoredOutcome> | null;
  /** Resolves once everything handed over so far has been written or refused. */
  drain(): Promise<void>;
};

type Waiting = { topic: string; payload: Buffer; receivedAt: Date; resolve(outcome: StoredOutcome): void; reject(error: unknown): void };

/**
 * Ingest inside the embedded broker (decision 062). The broker's PUBACK is what a gateway takes
 * as "delivered", and aedes sends it before any subscriber sees the message, so the ingest
 * worker's commit-then-acknowledge could not cover the hop from gateway to broker. Here the
 * broker's authorizePublish hook waits for this store: the messages of every connection are
 * batched into one transaction as the worker batches them, and the PUBACK follows the commit.
 */
export function createBrokerIngest(options: { db: Db; logger: Logger; batch?: Partial<BatchLimits>; store?: typeof writeIngestBatch; clock?: () => Date }): BrokerIngest {
  const limits = { ...DEFAULT_BATCH, ...options.batch };
  // After a failure, the next messages are written one per transaction, so a message that fails
  // every time holds back only its own connection (decision 012, as in the worker).
  let isolateNext = 0;

  const batcher = createMicroBatcher<Waiting>({
    maxBatch: limits.maxMessages,
    maxInFlight: limits.maxInFlight,
    lingerMs: limits.lingerMs,
    nextBatchSize: () => (isolateNext > 0 ? 1 : limits.maxMessages),
    flush: async (items) => {
      if (isolateNext > 0) isolateNext -= items.length;
      try {
        const outcomes = await storeMqttMessages(
          { db: options.db, log: options.logger, ...(options.store ? { write: options.store } : {}), now: options.clock?.() ?? new Date() },
          items,
        );
        items.forEach((item, i) => item.resolve(outcomes[i]!));
      } catch (error) {
        options.logger.error({ err: error, messages: items.length }, 'MQTT batch not stored; its senders get no PUBACK and send again');
        isolateNext = items.length;
        for (const item of items) item.reject(error);
      }
    },
  });

  return {
    storeBeforeAck(topic, payload) {
      if (!INGEST_FILTERS.some((filter) => topicMatches(filter, topic))) return null;
      // aedes reads no further packet from a connection until this one is answered, so each
      // connection's wait is its own backpressure; the batcher's release has nothing to hold.
      return new Promise<StoredOutcome>((resolve, reject) => batcher.add({ topic, payload, receivedAt: new Date(), resolve, reject }, () => {}));
    },
    drain: () => batcher.drain(),
  };
}

/** MQTT filter matching for the single-level wildcard the ingest filters use. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  return f.length === t.length && f.every((level, i) => level === '+' || level === t[i]);
}
