import { describe, expect, it } from 'vitest';
import { MAX_BATCH_READINGS, type IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { alignTimestamp, validateBatch, type ValidatedBatch } from './validate-readings';

const now = new Date('2025-01-15T17:00:00Z');
const meter = { ts: '2025-01-15T16:55:00Z', productionKwh: 0.4, consumptionKwh: 0.3, gridImportKwh: 0, gridExportKwh: 0.1 };
const device = { device: 'plug-1', ts: '2025-01-15T16:55:00Z', powerW: 120, energyKwh: 0.01 };

function ok(input: unknown, options = {}): ValidatedBatch {
  const result = validateBatch(input, now, options);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}
const meterReason = (reading: object): IngestRejectionReason | undefined => ok({ meter: [reading] }).rejected[0]?.reason;
const deviceReason = (reading: object, options = {}): IngestRejectionReason | undefined =>
  ok({ devices: [reading] }, options).rejected[0]?.reason;

describe('validateBatch: per-reading reasons (each fires, its neighbour passes)', () => {
  it('not_finite: "NaN", NaN, 1e999 and "Infinity" are refused, never coerced', () => {
    expect(meterReason({ ...meter, productionKwh: 'NaN' })).toBe('not_finite');
    expect(meterReason({ ...meter, productionKwh: NaN })).toBe('not_finite');
    expect(meterReason(JSON.parse('{"ts":"2025-01-15T16:55:00Z","productionKwh":1e999,"consumptionKwh":0,"gridImportKwh":0,"gridExportKwh":0}'))).toBe('not_finite');
    expect(deviceReason({ ...device, metrics: { voltage: '-Infinity' } })).toBe('not_finite');
    expect(meterReason({ ...meter, productionKwh: 1e-9 })).toBeUndefined();
  });

  it('invalid_payload: a number in a string is a format error, not a number', () => {
    expect(meterReason({ ...meter, productionKwh: '0.4' })).toBe('invalid_payload');
    expect(meterReason({ ...meter, ts: '2025-01-15T16:55:00' })).toBe('invalid_payload');
    expect(meterReason({ ...meter, extra: 1 })).toBe('invalid_payload');
    expect(meterReason({ ...meter, productionKwh: 0.4 })).toBeUndefined();
  });

  it('negative: -0.001 kWh is refused, 0 passes', () => {
    expect(meterReason({ ...meter, gridImportKwh: -0.001 })).toBe('negative');
    expect(deviceReason({ ...device, powerW: -1 })).toBe('negative');
    expect(meterReason({ ...meter, gridImportKwh: 0 })).toBeUndefined();
  });

  it('too_large: above the physical cap is refused, at the cap passes', () => {
    expect(meterReason({ ...meter, consumptionKwh: 300 })).toBe('too_large');
    expect(deviceReason({ ...device, powerW: 20_000.5 })).toBe('too_large');
    expect(deviceReason({ ...device, powerW: 20_000 })).toBeUndefined();
  });

  it('future_timestamp: 10 minutes ahead is refused, 5 minutes ahead passes', () => {
    expect(meterReason({ ...meter, ts: '2025-01-15T17:10:00Z' })).toBe('future_timestamp');
    expect(meterReason({ ...meter, ts: '2025-01-15T12:10:00-05:00' })).toBe('future_timestamp');
    expect(meterReason({ ...meter, ts: '2025-01-15T17:05:00Z' })).toBeUndefined();
    // Snapping must not pull a reading back inside the window.
    expect(meterReason({ ...meter, ts: '2025-01-15T17:05:00.500Z' })).toBe('future_timestamp');
  });

  it('misaligned_timestamp: 12:02:30 is refused; within 1 s of a boundary snaps to it', () => {
    expect(meterReason({ ...meter, ts: '2025-01-15T16:52:30Z' })).toBe('misaligned_timestamp');
    expect(meterReason({ ...meter, ts: '2025-01-15T16:55:01.001Z' })).toBe('misaligned_timestamp');
    const snapped = ok({ meter: [{ ...meter, ts: '2025-01-15T16:54:59.200Z' }] });
    expect(snapped.rejected).toEqual([]);
    expect(snapped.meter[0]?.ts.toISOString()).toBe('2025-01-15T16:55:00.000Z');
    expect(ok({ meter: [{ ...meter, ts: '2025-01-15T11:55:01-05:00' }] }).meter[0]?.ts.toISOString()).toBe('2025-01-15T16:55:00.000Z');
  });

  it('unknown_device: only ids in knownDevices pass when the caller gives them', () => {
    expect(deviceReason(device, { knownDevices: new Set(['plug-2']) })).toBe('unknown_device');
    expect(deviceReason(device, { knownDevices: new Set(['plug-1']) })).toBeUndefined();
    expect(deviceReason(device)).toBeUndefined();
  });
});

describe('validateBatch: the batch as a whole', () => {
  it('refuses a 5001-reading batch whole, and takes 5000', () => {
    const readings = Array.from({ length: MAX_BATCH_READINGS }, (_, i) => ({ ...device, device: `plug-${i}` }));
    expect(validateBatch({ devices: readings, meter: [meter] }, now)).toMatchObject({ ok: false, reason: 'batch_too_large' });
    expect(ok({ devices: readings }).devices).toHaveLength(MAX_BATCH_READINGS);
  });

  it('refuses a non-object, an empty batch or a wrong envelope whole', () => {
    for (const body of [null, 'x', [meter], {}, { meter: [] }, { meter: meter }, { readings: [meter] }]) {
      expect(validateBatch(body, now)).toMatchObject({ ok: false, reason: 'invalid_payload' });
    }
  });

  it('one bad reading does not sink the others, and rejections carry index and series', () => {
    const result = ok({ meter: [meter, { ...meter, ts: '2025-01-15T16:50:00Z', productionKwh: -1 }], devices: [{ ...device, powerW: 'NaN' }, device] });
    expect(result.meter).toHaveLength(1);
    expect(result.devices).toHaveLength(1);
    expect(result.rejected.map(({ index, series, reason }) => ({ index, series, reason }))).toEqual([
      { index: 1, series: 'meter', reason: 'negative' },
      { index: 0, series: 'device', reason: 'not_finite' },
    ]);
    expect(result.rejected[0]?.message).toMatch(/cannot be negative.*productionKwh/);
  });

  it('a duplicate pair collapses to the last one and is counted', () => {
    const result = ok({ meter: [meter, { ...meter, productionKwh: 0.5 }], devices: [device, { ...device, device: 'plug-2' }] });
    expect(result.duplicates).toBe(1);
    expect(result.meter).toEqual([{ index: 1, ts: new Date(meter.ts), productionKwh: 0.5, consumptionKwh: 0.3, gridImportKwh: 0, gridExportKwh: 0.1 }]);
    expect(result.devices).toHaveLength(2);
  });

  it('an invalid reading never displaces a valid one with the same ts', () => {
    const result = ok({ meter: [meter, { ...meter, productionKwh: -0.5 }] });
    expect(result.duplicates).toBe(0);
    expect(result.meter[0]?.productionKwh).toBe(0.4);
    expect(result.rejected[0]?.reason).toBe('negative');
  });

  it('the same ts written differently (zone, snapping) is still one interval', () => {
    const result = ok({ meter: [meter, { ...meter, ts: '2025-01-15T11:55:00.4-05:00' }] });
    expect(result.duplicates).toBe(1);
    expect(result.meter).toHaveLength(1);
  });
});

describe('alignTimestamp', () => {
  it('snaps within 1 s either side of a boundary and refuses beyond', () => {
    expect(alignTimestamp(new Date('2025-01-15T12:05:01Z'))?.toISOString()).toBe('2025-01-15T12:05:00.000Z');
    expect(alignTimestamp(new Date('2025-01-15T12:04:59Z'))?.toISOString()).toBe('2025-01-15T12:05:00.000Z');
    expect(alignTimestamp(new Date('2025-01-15T12:04:58.999Z'))).toBeNull();
  });
});
