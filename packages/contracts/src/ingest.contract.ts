import { z } from 'zod';
import { CORRECTION_WINDOW_DAYS } from '@peakwise/domain/reading-corrections';
import { INTERVAL_MINUTES, INTERVAL_MS } from '@peakwise/domain/time-constants';

/**
 * Reading ingestion: the JSON that devices, gateways and the demo simulator send over
 * `POST /api/ingest/readings` and MQTT, and the answer they get. docs/ingestion.md is the
 * integrator's guide; this file is the source of truth for its numbers.
 */

/** Every series is stored on 5-minute boundaries (docs/product/domain-rules.md#readings). */
export { INTERVAL_MINUTES, INTERVAL_MS };
/** Where devices and gateways POST their readings over HTTP. */
export const INGEST_READINGS_PATH = '/api/ingest/readings';
/** One request or MQTT message carries at most this many readings (meter + devices). */
export const MAX_BATCH_READINGS = 5000;
/**
 * Largest batch on the wire, over HTTP or as one MQTT packet. 5000 device readings with a
 * handful of metrics each run to about 1.5 MB; 8 MiB leaves room and still refuses a flood.
 */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
/** A reading may be stamped at most this far ahead of the server clock (device clock drift). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/**
 * The oldest interval a reading may start at, counted back from now: ten years, as far as a
 * history import or the demo's back-fill reaches. Older readings are refused (decision 031).
 */
export const MAX_READING_AGE_DAYS = 3660;
/**
 * A timestamp within this distance of a 5-minute boundary is snapped to it (clock jitter of a
 * device that sends "12:04:59.6"); anything further off is refused as misaligned, because
 * guessing which interval a 12:02:30 reading belongs to would silently shift data.
 */
export const TIMESTAMP_SNAP_MS = 1_000;

/**
 * Largest household meter value for one 5-minute interval, per quantity. The largest
 * residential service in Canada is 400 A at 240 V = 96 kW, i.e. 8 kWh in 5 minutes; rooftop
 * solar is limited by the same service. 10 kWh leaves headroom while still catching the common
 * unit mistake (watt-hours sent as kWh: a normal 0.2 kWh interval arrives as 200).
 */
export const METER_MAX_INTERVAL_KWH = 10;
/** Largest single device: a 80 A Level 2 EV charger draws 19.2 kW. */
export const DEVICE_MAX_POWER_W = 20_000;
/** The most a device at DEVICE_MAX_POWER_W can use in one interval (≈1.667 kWh). */
export const DEVICE_MAX_INTERVAL_KWH = (DEVICE_MAX_POWER_W / 1000) * (INTERVAL_MINUTES / 60);
/** A cumulative counter above this is corrupt (no plug meters a gigawatt-hour). */
export const DEVICE_MAX_COUNTER_KWH = 1_000_000;
export const MAX_METRICS_PER_READING = 32;

export const ingestRejectionReasonSchema = z.enum([
  'invalid_payload',
  'not_finite',
  'negative',
  'too_large',
  'future_timestamp',
  'too_old',
  'misaligned_timestamp',
  'correction_window_closed',
  'unknown_device',
  'counter_reset',
  'counter_jump',
  'batch_too_large',
]);
export type IngestRejectionReason = z.infer<typeof ingestRejectionReasonSchema>;

/** English text for each stable code; clients translate by code. */
export const INGEST_REASON_MESSAGES: Record<IngestRejectionReason, string> = {
  invalid_payload: 'The reading is not in the documented format.',
  not_finite: 'Values must be finite numbers (not NaN or Infinity).',
  negative: 'Energy, power and counter values cannot be negative.',
  too_large: 'The value is larger than is physically possible for one interval.',
  future_timestamp: 'The timestamp is more than 5 minutes in the future.',
  too_old: `The timestamp is more than ${MAX_READING_AGE_DAYS} days in the past.`,
  misaligned_timestamp: 'The timestamp must fall on a 5-minute boundary (e.g. 12:05:00).',
  correction_window_closed: `A different value is already stored for this interval, and intervals can only be corrected within ${CORRECTION_WINDOW_DAYS} days.`,
  unknown_device: 'No device with this id belongs to the authenticated household or token.',
  counter_reset: 'The energy counter went backwards (device restarted); this interval is recorded as missing.',
  counter_jump: 'The energy counter rose faster than the device can draw; this interval is recorded as missing.',
  batch_too_large: `A batch may carry at most ${MAX_BATCH_READINGS} readings.`,
};

/** ISO-8601 with seconds and an explicit zone: `2025-01-15T12:05:00Z` or `…-05:00`. */
export const readingTimestampSchema = z.iso.datetime({ offset: true });

/** Device external id: what the device calls itself (MAC, serial, "shellyplugus-a1b2c3"). */
export const deviceExternalIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

const kwh = (max: number) => z.number().min(0).max(max);

export const meterReadingSchema = z.strictObject({
  ts: readingTimestampSchema,
  productionKwh: kwh(METER_MAX_INTERVAL_KWH),
  consumptionKwh: kwh(METER_MAX_INTERVAL_KWH),
  gridImportKwh: kwh(METER_MAX_INTERVAL_KWH),
  gridExportKwh: kwh(METER_MAX_INTERVAL_KWH),
  /** Redundant, accepted so a sender can state its interval; anything but 5 is refused. */
  intervalMinutes: z.literal(INTERVAL_MINUTES).optional(),
});
export type MeterReadingInput = z.input<typeof meterReadingSchema>;

/** Kind-specific figures: temperatureC, flowLpm, litres, pressureKpa, voltage, currentA, … */
export const deviceMetricsSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/), z.number())
  .refine((m) => Object.keys(m).length <= MAX_METRICS_PER_READING, {
    message: `At most ${MAX_METRICS_PER_READING} metrics per reading.`,
  });

/**
 * `energyKwh` is the energy used during [ts, ts + 5 min). `counterKwh` is instead the device's
 * cumulative meter total at the instant ts (what smart plugs report); the server turns
 * consecutive totals into interval energy. A reading carries one or the other, never both.
 */
export const deviceReadingSchema = z
  .strictObject({
    device: deviceExternalIdSchema,
    ts: readingTimestampSchema,
    powerW: z.number().min(0).max(DEVICE_MAX_POWER_W).optional(),
    energyKwh: kwh(DEVICE_MAX_INTERVAL_KWH).optional(),
    counterKwh: kwh(DEVICE_MAX_COUNTER_KWH).optional(),
    efficiency: z.number().min(0).max(100).optional(),
    on: z.boolean().optional(),
    metrics: deviceMetricsSchema.optional(),
  })
  .refine((r) => r.energyKwh === undefined || r.counterKwh === undefined, {
    message: 'Send energyKwh (interval energy) or counterKwh (cumulative total), not both.',
  })
  .refine(
    (r) =>
      r.powerW !== undefined ||
      r.energyKwh !== undefined ||
      r.counterKwh !== undefined ||
      r.efficiency !== undefined ||
      r.on !== undefined ||
      (r.metrics !== undefined && Object.keys(r.metrics).length > 0),
    { message: 'A device reading needs at least one measurement.' },
  );
export type DeviceReadingInput = z.input<typeof deviceReadingSchema>;

/** Body of POST /api/ingest/readings. */
export const ingestBatchSchema = z
  .strictObject({
    meter: z.array(meterReadingSchema).optional(),
    devices: z.array(deviceReadingSchema).optional(),
  })
  .refine((b) => (b.meter?.length ?? 0) + (b.devices?.length ?? 0) >= 1, {
    message: 'A batch needs at least one reading.',
  })
  .refine((b) => (b.meter?.length ?? 0) + (b.devices?.length ?? 0) <= MAX_BATCH_READINGS, {
    message: INGEST_REASON_MESSAGES.batch_too_large,
  });
export type IngestBatch = z.input<typeof ingestBatchSchema>;

export const ingestRejectionSchema = z.object({
  /** Position in `meter` or `devices` (whichever `series` names) of the request. */
  index: z.number().int().min(0),
  series: z.enum(['meter', 'device']),
  reason: ingestRejectionReasonSchema,
  message: z.string(),
});
export type IngestRejection = z.infer<typeof ingestRejectionSchema>;

/**
 * 200 answer to a batch: what was stored, what replaced a different stored value (within the
 * correction window), what was already stored, what was refused and why.
 */
export const ingestResultSchema = z.object({
  accepted: z.number().int().min(0),
  corrected: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  rejected: z.array(ingestRejectionSchema),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** MQTT `…/devices/{externalId}/command`, server → device. */
export const deviceCommandSchema = z.strictObject({
  on: z.boolean(),
  requestId: z.string().min(1).max(64),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** MQTT `…/devices/{externalId}/state`, device → server: the relay state after a command or a button press. */
export const deviceStateSchema = z.strictObject({
  on: z.boolean(),
  requestId: z.string().min(1).max(64).optional(),
  ts: readingTimestampSchema.optional(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

/**
 * MQTT `…/meter/receipts` and `…/devices/{externalId}/receipts`, server → device, QoS 1: sent
 * after the transaction holding a reading message commits (decision 065). Each reading is named
 * by its `ts` exactly as the device sent it. `stored` are in the database now, whether this
 * message added them or an earlier copy did; `rejected` can never be stored and should not be
 * sent again. A gateway keeps a reading until one of the two names it.
 */
export const mqttReceiptSchema = z.strictObject({
  stored: z.array(z.string()),
  rejected: z.array(z.strictObject({ ts: z.string(), reason: ingestRejectionReasonSchema })),
});
export type MqttReceipt = z.infer<typeof mqttReceiptSchema>;
