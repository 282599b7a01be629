import { z } from 'zod';
import {
  deviceReadingSchema,
  INGEST_REASON_MESSAGES,
  MAX_BATCH_READINGS,
  MAX_READING_AGE_DAYS,
  MAX_FUTURE_SKEW_MS,
  meterReadingSchema,
  TIMESTAMP_SNAP_MS,
  type IngestRejection,
  type IngestRejectionReason,
} from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { fastDeviceReading, fastEnvelope, fastMeterReading } from './fast-readings';
import { reasonFromIssues } from './issue-reason';

/**
 * Transport-independent validation of a reading batch. The HTTP route, the MQTT ingest worker
 * and the demo simulator all call this, so a reading is judged the same way whichever way it
 * arrives. Pure: the clock and the set of known devices are passed in.
 */

export type ValidMeterReading = {
  index: number;
  /** Start of the 5-minute interval. */
  ts: Date;
  productionKwh: number;
  consumptionKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
};

export type ValidDeviceReading = {
  index: number;
  /** External id as sent; the caller maps it to its device row. */
  device: string;
  /** Interval start for energyKwh; the instant of the total for counterKwh. */
  ts: Date;
  powerW?: number;
  energyKwh?: number;
  counterKwh?: number;
  efficiency?: number;
  on?: boolean;
  metrics?: Record<string, number>;
};

export type ValidatedBatch = {
  ok: true;
  meter: ValidMeterReading[];
  devices: ValidDeviceReading[];
  rejected: IngestRejection[];
  /** Readings dropped because a later reading in the same batch has the same series and ts. */
  duplicates: number;
};

/** The whole batch is refused (oversized or not a batch at all); nothing was looked at. */
export type BatchRefusal = {
  ok: false;
  reason: Extract<IngestRejectionReason, 'invalid_payload' | 'batch_too_large'>;
  message: string;
};

export type ValidateBatchOptions = {
  /**
   * External ids the caller may write: the household's devices for a household token, the one
   * device for a device token. Omitted = no device check (the caller checks later).
   */
  knownDevices?: ReadonlySet<string>;
};

const envelopeSchema = z.strictObject({
  meter: z.array(z.unknown()).optional(),
  devices: z.array(z.unknown()).optional(),
});

export function validateBatch(input: unknown, now: Date, options: ValidateBatchOptions = {}): ValidatedBatch | BatchRefusal {
  let envelope = fastEnvelope(input);
  if (!envelope) {
    const parsed = envelopeSchema.safeParse(input);
    if (!parsed.success) return refuse('invalid_payload', 'The body must be an object with "meter" and/or "devices" arrays.');
    envelope = { meter: parsed.data.meter ?? [], devices: parsed.data.devices ?? [] };
  }
  const meterIn = envelope.meter;
  const devicesIn = envelope.devices;
  const total = meterIn.length + devicesIn.length;
  // Checked before any reading is parsed, so an oversized batch costs nothing.
  if (total > MAX_BATCH_READINGS) return refuse('batch_too_large', INGEST_REASON_MESSAGES.batch_too_large);
  if (total === 0) return refuse('invalid_payload', 'A batch needs at least one reading.');

  const rejected: IngestRejection[] = [];
  const reject = (index: number, series: IngestRejection['series'], reason: IngestRejectionReason, detail?: string) =>
    rejected.push({ index, series, reason, message: detail ? `${INGEST_REASON_MESSAGES[reason]} (${detail})` : INGEST_REASON_MESSAGES[reason] });

  // Map keyed by series + instant: a later valid reading replaces an earlier one. An invalid
  // reading never displaces a valid one, since a refused reading changes nothing.
  const meter = new Map<number, ValidMeterReading>();
  const devices = new Map<string, ValidDeviceReading>();
  let duplicates = 0;

  meterIn.forEach((raw, index) => {
    let data = fastMeterReading(raw);
    if (!data) {
      const parsed = meterReadingSchema.safeParse(raw, { reportInput: true });
      if (!parsed.success) {
        const { reason, detail } = reasonFromIssues(parsed.error.issues);
        return reject(index, 'meter', reason, detail);
      }
      data = parsed.data;
    }
    const ts = checkTimestamp(data.ts, now);
    if (!(ts instanceof Date)) return reject(index, 'meter', ts);
    if (meter.has(ts.getTime())) duplicates += 1;
    const { productionKwh, consumptionKwh, gridImportKwh, gridExportKwh } = data;
    meter.set(ts.getTime(), { index, ts, productionKwh, consumptionKwh, gridImportKwh, gridExportKwh });
  });

  devicesIn.forEach((raw, index) => {
    let data = fastDeviceReading(raw);
    if (!data) {
      const parsed = deviceReadingSchema.safeParse(raw, { reportInput: true });
      if (!parsed.success) {
        const { reason, detail } = reasonFromIssues(parsed.error.issues);
        return reject(index, 'device', reason, detail);
      }
      data = parsed.data;
    }
    if (options.knownDevices && !options.knownDevices.has(data.device)) {
      return reject(index, 'device', 'unknown_device', data.device);
    }
    const ts = checkTimestamp(data.ts, now);
    if (!(ts instanceof Date)) return reject(index, 'device', ts);
    const key = `${data.device}\u0000${ts.getTime()}`;
    if (devices.has(key)) duplicates += 1;
    devices.set(key, { ...data, index, ts });
  });

  rejected.sort((a, b) => (a.series === b.series ? a.index - b.index : a.series === 'meter' ? -1 : 1));
  return { ok: true, meter: [...meter.values()], devices: [...devices.values()], rejected, duplicates };
}

/**
 * Snaps to the nearest 5-minute boundary when within TIMESTAMP_SNAP_MS of it (either side: a
 * clock 0.4 s slow stamps 12:04:59.6 for 12:05), otherwise refuses. Boundaries are taken on
 * the UTC epoch; every time zone offset in use is a multiple of 15 minutes, so they line up
 * with local wall-clock boundaries too.
 */
export function alignTimestamp(ts: Date): Date | null {
  const ms = ts.getTime();
  const nearest = Math.round(ms / INTERVAL_MS) * INTERVAL_MS;
  return Math.abs(ms - nearest) <= TIMESTAMP_SNAP_MS ? new Date(nearest) : null;
}

const MAX_READING_AGE_MS = MAX_READING_AGE_DAYS * 24 * 60 * 60_000;

function checkTimestamp(iso: string, now: Date): Date | 'future_timestamp' | 'too_old' | 'misaligned_timestamp' {
  const raw = new Date(iso);
  // Judge the future by the instant sent, not the snapped one: a reading 1 s past the limit
  // must not slip in by snapping back.
  if (raw.getTime() > now.getTime() + MAX_FUTURE_SKEW_MS) return 'future_timestamp';
  // Before the horizon, and anything a Date cannot place (year 1 parses; NaN never does here).
  if (!(raw.getTime() >= now.getTime() - MAX_READING_AGE_MS)) return 'too_old';
  return alignTimestamp(raw) ?? 'misaligned_timestamp';
}

function refuse(reason: BatchRefusal['reason'], message: string): BatchRefusal {
  return { ok: false, reason, message };
}
