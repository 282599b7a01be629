import { describe, expect, it } from 'vitest';
import {
  DEVICE_MAX_INTERVAL_KWH,
  deviceReadingSchema,
  INGEST_REASON_MESSAGES,
  ingestBatchSchema,
  ingestRejectionReasonSchema,
  ingestResultSchema,
  MAX_BATCH_READINGS,
  METER_MAX_INTERVAL_KWH,
  meterReadingSchema,
} from './ingest.contract';

const meter = { ts: '2025-01-15T12:05:00Z', productionKwh: 0.4, consumptionKwh: 0.3, gridImportKwh: 0, gridExportKwh: 0.1 };
const device = { device: 'shellyplugus-a1b2c3', ts: '2025-01-15T12:05:00-05:00', powerW: 120, energyKwh: 0.01 };

describe('meterReadingSchema', () => {
  it('accepts a documented reading, with or without intervalMinutes: 5', () => {
    expect(meterReadingSchema.safeParse(meter).success).toBe(true);
    expect(meterReadingSchema.safeParse({ ...meter, intervalMinutes: 5 }).success).toBe(true);
    expect(meterReadingSchema.safeParse({ ...meter, intervalMinutes: 15 }).success).toBe(false);
  });

  it('refuses a timestamp without a zone', () => {
    expect(meterReadingSchema.safeParse({ ...meter, ts: '2025-01-15T12:05:00' }).success).toBe(false);
  });

  it('refuses numbers in strings, NaN and Infinity instead of coercing them', () => {
    for (const bad of ['0.4', 'NaN', NaN, Infinity, JSON.parse('1e999') as number]) {
      expect(meterReadingSchema.safeParse({ ...meter, productionKwh: bad }).success).toBe(false);
    }
  });

  it('caps each value at the physical limit of a home for 5 minutes', () => {
    expect(meterReadingSchema.safeParse({ ...meter, consumptionKwh: METER_MAX_INTERVAL_KWH }).success).toBe(true);
    expect(meterReadingSchema.safeParse({ ...meter, consumptionKwh: METER_MAX_INTERVAL_KWH + 0.001 }).success).toBe(false);
    expect(meterReadingSchema.safeParse({ ...meter, gridExportKwh: -0.001 }).success).toBe(false);
    expect(meterReadingSchema.safeParse({ ...meter, gridExportKwh: 0 }).success).toBe(true);
  });

  it('refuses unknown keys (a typo must not be dropped silently)', () => {
    expect(meterReadingSchema.safeParse({ ...meter, consumptionKWh: 1 }).success).toBe(false);
  });
});

describe('deviceReadingSchema', () => {
  it('accepts interval energy or a cumulative counter, not both', () => {
    expect(deviceReadingSchema.safeParse(device).success).toBe(true);
    const { energyKwh: _e, ...counterOnly } = device;
    expect(deviceReadingSchema.safeParse({ ...counterOnly, counterKwh: 1234.5 }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, counterKwh: 1234.5 }).success).toBe(false);
  });

  it('checks the external id alphabet and length', () => {
    expect(deviceReadingSchema.safeParse({ ...device, device: 'a'.repeat(64) }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, device: 'a'.repeat(65) }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ ...device, device: 'plug/1' }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ ...device, device: '' }).success).toBe(false);
  });

  it('bounds efficiency, power and interval energy', () => {
    expect(deviceReadingSchema.safeParse({ ...device, efficiency: 100 }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, efficiency: 100.1 }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ ...device, powerW: 20_000 }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, powerW: 20_001 }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ ...device, energyKwh: DEVICE_MAX_INTERVAL_KWH }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, energyKwh: DEVICE_MAX_INTERVAL_KWH + 0.01 }).success).toBe(false);
  });

  it('accepts finite kind-specific metrics, negative ones included', () => {
    expect(deviceReadingSchema.safeParse({ ...device, metrics: { temperatureC: -12.5, flowLpm: 3 } }).success).toBe(true);
    expect(deviceReadingSchema.safeParse({ ...device, metrics: { temperatureC: 'cold' } }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ ...device, metrics: { 'temp C': 1 } }).success).toBe(false);
  });

  it('needs at least one measurement', () => {
    expect(deviceReadingSchema.safeParse({ device: 'x', ts: device.ts }).success).toBe(false);
    expect(deviceReadingSchema.safeParse({ device: 'x', ts: device.ts, on: false }).success).toBe(true);
  });
});

describe('ingestBatchSchema', () => {
  it('needs at least one and at most MAX_BATCH_READINGS readings', () => {
    expect(ingestBatchSchema.safeParse({}).success).toBe(false);
    expect(ingestBatchSchema.safeParse({ meter: [meter] }).success).toBe(true);
    const full = Array.from({ length: MAX_BATCH_READINGS }, () => device);
    expect(ingestBatchSchema.safeParse({ devices: full }).success).toBe(true);
    expect(ingestBatchSchema.safeParse({ devices: full, meter: [meter] }).success).toBe(false);
  });
});

describe('reasons', () => {
  it('has English text for every code and a valid result shape', () => {
    for (const code of ingestRejectionReasonSchema.options) expect(INGEST_REASON_MESSAGES[code]).toMatch(/\.$/);
    const result = { accepted: 1, corrected: 0, duplicates: 0, rejected: [{ index: 0, series: 'meter', reason: 'negative', message: 'x' }] };
    expect(ingestResultSchema.safeParse(result).success).toBe(true);
  });
});
