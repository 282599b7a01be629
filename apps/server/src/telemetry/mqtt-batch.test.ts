import { describe, expect, it } from 'vitest';
import { mqttPayloadToBatch } from './mqtt-batch';
import { parseTopic } from './topics';
import { validateBatch } from './validate-readings';

const now = new Date('2025-01-15T17:00:00Z');
const meter = { ts: '2025-01-15T16:55:00Z', productionKwh: 0.4, consumptionKwh: 0.3, gridImportKwh: 0, gridExportKwh: 0.1 };
const route = (topic: string) => {
  const r = parseTopic(topic);
  if (!r) throw new Error(topic);
  return r;
};

describe('mqttPayloadToBatch', () => {
  it('takes one meter reading or { readings: [...] }', () => {
    expect(mqttPayloadToBatch(route('peakwise/h1/meter'), meter)).toEqual({ meter: [meter] });
    expect(mqttPayloadToBatch(route('peakwise/h1/meter'), { readings: [meter, meter] })).toEqual({ meter: [meter, meter] });
  });

  it('fills the device id from the topic, and a payload naming another device is refused', () => {
    const topic = route('peakwise/h1/devices/plug-1/reading');
    const batch = mqttPayloadToBatch(topic, { ts: meter.ts, powerW: 5 });
    expect(batch).toEqual({ devices: [{ device: 'plug-1', ts: meter.ts, powerW: 5 }] });
    const other = validateBatch(mqttPayloadToBatch(topic, { device: 'plug-2', ts: meter.ts, powerW: 5 }), now, { knownDevices: new Set(['plug-1']) });
    expect(other).toMatchObject({ ok: true, rejected: [{ reason: 'unknown_device' }] });
  });

  it('takes { readings: [...] } on a device topic, each reading for the topic’s device', () => {
    const topic = route('peakwise/h1/devices/plug-1/reading');
    const later = '2025-01-15T17:00:00Z';
    expect(mqttPayloadToBatch(topic, { readings: [{ ts: meter.ts, powerW: 5 }, { ts: later, energyKwh: 0.01 }] })).toEqual({
      devices: [
        { device: 'plug-1', ts: meter.ts, powerW: 5 },
        { device: 'plug-1', ts: later, energyKwh: 0.01 },
      ],
    });
    const other = validateBatch(mqttPayloadToBatch(topic, { readings: [{ device: 'plug-2', ts: meter.ts, powerW: 5 }] }), now, { knownDevices: new Set(['plug-1']) });
    expect(other).toMatchObject({ ok: true, rejected: [{ reason: 'unknown_device' }] });
    expect(validateBatch(mqttPayloadToBatch(topic, { readings: 'x' }), now)).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });

  it('is null for topics without readings', () => {
    expect(mqttPayloadToBatch(route('peakwise/h1/devices/plug-1/state'), { on: true })).toBeNull();
  });
});
