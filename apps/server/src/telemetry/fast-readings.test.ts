import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceReadingSchema, meterReadingSchema } from '@peakwise/contracts/ingest.contract';
import { fastDeviceReading, fastEnvelope, fastMeterReading } from './fast-readings';

const meter = { ts: '2025-01-15T16:55:00Z', productionKwh: 0.4, consumptionKwh: 0.3, gridImportKwh: 0, gridExportKwh: 0.1 };
const device = { device: 'plug-1', ts: '2025-01-15T16:55:00-05:00', powerW: 120, energyKwh: 0.01, on: true, metrics: { voltage: 120.4 } };

/** Values near every boundary the schemas draw, plus the wrong types a sender might use. */
const oddValue = fc.oneof(
  fc.constantFrom(0, -0, -0.001, 1e-9, 5, 10, 10.0001, 100, 100.5, 1.6666666666666667, 1.67, 20_000, 20_000.5, 1_000_000, 1_000_001),
  fc.constantFrom(NaN, Infinity, -Infinity, '0.4', 'NaN', null, true, false, [], {}, undefined),
  fc.double(),
  fc.constantFrom('2025-01-15T16:55:00Z', '2025-01-15T16:55:00', '2025-02-29T00:00:00Z', '2024-02-29T00:00:00Z', '2025-01-15T16:55:00.123+05:30', '2025-01-15 16:55:00Z', 'x'),
);
const key = fc.constantFrom('ts', 'productionKwh', 'consumptionKwh', 'gridImportKwh', 'gridExportKwh', 'intervalMinutes', 'device', 'powerW', 'energyKwh', 'counterKwh', 'efficiency', 'on', 'metrics', 'extra', '__proto__');
const metrics = fc.oneof(
  fc.dictionary(fc.constantFrom('voltage', 'flowLpm', 'x', '1bad', 'a'.repeat(33), 'constructor', 'toString'), oddValue, { maxKeys: 4 }),
  fc.constant(Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`m${i}`, i]))),
);
/** A valid reading with a few fields replaced, removed or added. */
const mutated = (base: Record<string, unknown>) =>
  fc
    .tuple(fc.array(fc.tuple(key, fc.oneof(oddValue, metrics)), { maxLength: 3 }), fc.array(key, { maxLength: 2 }))
    .map(([sets, removals]) => {
      const reading: Record<string, unknown> = JSON.parse(JSON.stringify(base));
      for (const [k, v] of sets) reading[k] = v;
      for (const k of removals) delete reading[k];
      return reading;
    });

describe('fast reading checks', () => {
  it('accept the plain valid readings, so the fast path is actually taken', () => {
    expect(fastMeterReading(meter)).toEqual(meter);
    expect(fastMeterReading({ ...meter, intervalMinutes: 5 })).toEqual(meter);
    expect(fastDeviceReading(device)).toEqual(device);
    expect(fastDeviceReading({ device: 'p', ts: meter.ts, counterKwh: 12.5 })).toEqual({ device: 'p', ts: meter.ts, counterKwh: 12.5 });
    expect(fastEnvelope({ meter: [meter] })).toEqual({ meter: [meter], devices: [] });
  });

  it('never accept what the zod schemas refuse, and give the same data when they accept', () => {
    fc.assert(
      fc.property(mutated(meter), (reading) => {
        const fast = fastMeterReading(reading);
        if (fast === null) return;
        const parsed = meterReadingSchema.safeParse(reading);
        expect(parsed.success).toBe(true);
        const { intervalMinutes: _interval, ...data } = parsed.data!;
        expect(fast).toEqual(data);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(mutated(device), (reading) => {
        const fast = fastDeviceReading(reading);
        if (fast === null) return;
        const parsed = deviceReadingSchema.safeParse(reading);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('leave odd bodies to zod', () => {
    expect(fastEnvelope([])).toBeNull();
    expect(fastEnvelope({ meter: [], extra: 1 })).toBeNull();
    expect(fastEnvelope({ meter: {} })).toBeNull();
    expect(fastEnvelope(Object.create({ meter: [] }))).toBeNull();
    expect(fastMeterReading(Object.assign(Object.create({ extra: 1 }), meter))).toBeNull();
  });
});
