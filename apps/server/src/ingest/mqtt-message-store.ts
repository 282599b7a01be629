import type { IngestRejectionReason, IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { loadStoreContexts } from '../modules/readings/readings.repository';
import { findGen1Meters } from '../modules/readings/shelly-gen1.repository';
import { writeIngestBatch, type IngestWrite } from './ingest-batch.service';
import { decodeMessage, parseMessage, refusalReason, type DecodedMessage } from './mqtt-decode';

/** What became of one message once its batch was written. */
export type StoredOutcome = {
  outcome: 'stored' | 'refused' | 'ignored' | 'failed';
  result?: IngestResult;
  detail?: string;
  /** A reading message's `ts` values as sent, for its receipt (decision 065). */
  readingTimes?: string[];
  /** Why a refused reading message can never be stored. */
  reason?: IngestRejectionReason;
};

export type MessageToStore = { topic: string; payload: Buffer; receivedAt: Date };

export type MessageStoreDeps = {
  db: Db;
  log: Logger;
  /** Tests replace the write to simulate a database failure. */
  write?: typeof writeIngestBatch;
  /** The process's clock (decision 050): what "future" and the correction window are measured from. */
  now: Date;
};

/**
 * Decodes a batch of device messages and writes them in one transaction, whichever side of the
 * broker does it: the ingest worker after delivery, or the embedded broker before its PUBACK
 * (decision 062). Throws only on a database error; a message that can never be stored is an
 * outcome, not an error.
 */
export async function storeMqttMessages(deps: MessageStoreDeps, items: MessageToStore[]): Promise<StoredOutcome[]> {
  const { log } = deps;
  const parsed = items.map((item) => parseMessage(item.topic, item.payload));
  // A first-generation Shelly EM's topic names no household: its id is looked up first (decision 107).
  const gen1Meters = await findGen1Meters(
    deps.db,
    parsed.flatMap((p) => (p.kind === 'gen1' ? [p.route.gen1Id] : [])),
  );
  const contexts = await loadStoreContexts(deps.db, [
    ...parsed.flatMap((p) => (p.kind === 'parsed' ? [p.householdId] : [])),
    ...[...gen1Meters.values()].map((meter) => meter.householdId),
  ]);
  const decoded: DecodedMessage[] = parsed.map((p, i) => decodeMessage(p, contexts, items[i]!.receivedAt, gen1Meters));
  const batch: IngestWrite = { readings: [], reports: [], power: [], meterCounters: [], gen1: [] };
  const slot = decoded.map((d) => {
    if (d.kind === 'readings') {
      if (d.report) batch.reports.push(d.report);
      return batch.readings.push(d.input) - 1;
    }
    if (d.kind === 'report') return batch.reports.push(d.report) - 1;
    if (d.kind === 'power') {
      if (d.report) batch.reports.push(d.report);
      return batch.power.push({ householdId: d.householdId, ts: d.ts, powerW: d.powerW }) - 1;
    }
    if (d.kind === 'meter-counter') {
      batch.reports.push(d.report);
      return batch.meterCounters!.push(d.counter) - 1;
    }
    if (d.kind === 'gen1') return batch.gen1!.push(d.write) - 1;
    return -1;
  });
  const written = await (deps.write ?? writeIngestBatch)(deps.db, batch, deps.now);
  return decoded.map((d, i): StoredOutcome => {
    switch (d.kind) {
      case 'readings': {
        const result = written.readings[slot[i]!]!;
        if (result.rejected.length > 0) log.info({ householdId: d.input.householdId, rejected: result.rejected }, 'MQTT readings refused');
        return { outcome: 'stored', result, readingTimes: d.readingTimes };
      }
      case 'report':
      case 'meter-counter':
      case 'gen1':
        return { outcome: 'stored' };
      case 'power':
        return { outcome: 'stored', detail: written.power[slot[i]!] ? 'stored' : 'stale' };
      case 'refused':
        log.warn({ topic: items[i]!.topic, detail: d.detail }, 'MQTT message refused (acknowledged; it can never be stored)');
        return { outcome: 'refused', detail: d.detail, reason: refusalReason(d), ...(d.readingTimes ? { readingTimes: d.readingTimes } : {}) };
      case 'ignored':
        return { outcome: 'ignored', ...(d.detail ? { detail: d.detail } : {}) };
    }
  });
}
