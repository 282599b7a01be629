import { describe, expect, it } from 'vitest';
import { buildShellySwitchSet, parseShellyStatus, parseShellyTemperature, shellySampleToReading, shellyTemperatureReading } from './shelly-gen2';
import { validateBatch } from './validate-readings';
import { shellyTopicPrefix } from './topics';

// Re-typed after the Switch status and NotifyStatus examples of the Shelly Gen2 API docs
// (ComponentsAndServices/Switch, General/Notifications), values changed.
const statusTopicPayload = {
  id: 0,
  source: 'init',
  output: true,
  apower: 8.9,
  voltage: 121.4,
  freq: 60,
  current: 0.081,
  aenergy: { total: 6532.148, by_minute: [145.199, 147.141, 148.397], minute_ts: 1736960640 },
  temperature: { tC: 23.5, tF: 74.4 },
};
const notifyStatus = {
  src: 'shellyplugus-a1b2c3d4e5f6',
  dst: 'peakwise/hh1/shelly/plug-1/events',
  method: 'NotifyStatus',
  params: { ts: 1736960701.27, 'switch:0': { id: 0, output: false, source: 'button' } },
};
const received = new Date('2025-01-15T17:07:12Z');

describe('parseShellyStatus', () => {
  it('reads the bare status of …/status/switch:0, dated by delivery', () => {
    expect(parseShellyStatus('plug-1', statusTopicPayload, received)).toEqual({
      ok: true,
      sample: {
        device: 'plug-1',
        at: received,
        on: true,
        powerW: 8.9,
        counterKwh: 6.532148,
        metrics: { voltage: 121.4, currentA: 0.081, frequencyHz: 60, temperatureC: 23.5 },
      },
    });
  });

  it('reads a NotifyStatus frame from …/events/rpc: only the keys it carries, dated by params.ts', () => {
    expect(parseShellyStatus('plug-1', notifyStatus, received)).toEqual({
      ok: true,
      sample: { device: 'plug-1', at: new Date(1736960701270), on: false, metrics: {} },
    });
  });

  it('reads a once-a-minute energy notification', () => {
    const frame = { ...notifyStatus, params: { ts: 1736960760.01, 'switch:0': { id: 0, aenergy: { total: 6533.3, by_minute: [1151.9, 0, 0], minute_ts: 1736960760 } } } };
    const result = parseShellyStatus('plug-1', frame, received);
    expect(result).toMatchObject({ ok: true, sample: { counterKwh: 6.5333 } });
  });

  it('falls back to delivery time while the plug clock is unsynced (ts near 1970)', () => {
    const frame = { ...notifyStatus, params: { ts: 12.5, 'switch:0': { id: 0, output: true } } };
    expect(parseShellyStatus('plug-1', frame, received)).toMatchObject({ ok: true, sample: { at: received } });
  });

  it('ignores notifications about other components, other relays and NotifyEvent', () => {
    const wifi = { ...notifyStatus, params: { ts: 1736960701, wifi: { rssi: -60 } } };
    const event = { ...notifyStatus, method: 'NotifyEvent', params: { ts: 1736960701, events: [] } };
    expect(parseShellyStatus('plug-1', wifi, received)).toEqual({ ok: true, sample: null });
    expect(parseShellyStatus('plug-1', event, received)).toEqual({ ok: true, sample: null });
    expect(parseShellyStatus('plug-1', { ...statusTopicPayload, id: 1 }, received)).toEqual({ ok: true, sample: null });
  });

  it('refuses a malformed payload with a reason', () => {
    expect(parseShellyStatus('plug-1', 'on', received)).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(parseShellyStatus('plug-1', { ...statusTopicPayload, apower: 'NaN' }, received)).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(parseShellyStatus('plug-1', { ...statusTopicPayload, aenergy: { total: '6532' } }, received)).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(parseShellyStatus('plug-1', { method: 'NotifyStatus' }, received)).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });
});

describe('shellySampleToReading', () => {
  it('gives a counter reading on the 5-minute boundary that validateBatch accepts', () => {
    const result = parseShellyStatus('plug-1', statusTopicPayload, received);
    if (!result.ok || !result.sample) throw new Error('parse failed');
    const reading = shellySampleToReading(result.sample);
    expect(reading).toEqual({
      device: 'plug-1',
      ts: '2025-01-15T17:05:00.000Z',
      powerW: 8.9,
      counterKwh: 6.532148,
      on: true,
      metrics: { voltage: 121.4, currentA: 0.081, frequencyHz: 60, temperatureC: 23.5 },
    });
    const batch = validateBatch({ devices: [reading] }, received, { knownDevices: new Set(['plug-1']) });
    expect(batch).toMatchObject({ ok: true, rejected: [], devices: [{ device: 'plug-1', counterKwh: 6.532148 }] });
  });

  it('is null for a relay-only notification', () => {
    const result = parseShellyStatus('plug-1', notifyStatus, received);
    if (!result.ok || !result.sample) throw new Error('parse failed');
    expect(shellySampleToReading(result.sample)).toBeNull();
  });
});

describe('buildShellySwitchSet', () => {
  it('builds the Switch.Set frame for <prefix>/rpc, answered inside the household tree', () => {
    const prefix = shellyTopicPrefix('hh1', 'plug-1');
    const command = buildShellySwitchSet(prefix, false, 42);
    expect(command.topic).toBe('peakwise/hh1/shelly/plug-1/rpc');
    expect(JSON.parse(command.payload)).toEqual({ id: 42, src: 'peakwise/hh1/shelly/plug-1/reply', method: 'Switch.Set', params: { id: 0, on: false } });
  });
});

// Shelly H&T: the Temperature component {id, tC, tF} (https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Temperature).
describe('parseShellyTemperature', () => {
  const delivered = new Date('2025-01-15T12:07:31Z');
  it('reads the bare status of …/status/temperature:0, dated by delivery, and a wake-up NotifyFullStatus, dated by params.ts', () => {
    expect(parseShellyTemperature('ht', { id: 0, tC: 19.8, tF: 67.6 }, delivered)).toEqual({ ok: true, sample: { device: 'ht', at: delivered, metrics: { temperatureC: 19.8 } } });
    const frame = { src: 'ht', dst: 'x/events', method: 'NotifyFullStatus', params: { ts: 1736942851.62, 'humidity:0': { id: 0, rh: 42.2 }, 'temperature:0': { id: 0, tC: 18.4, tF: 65.1 } } };
    expect(parseShellyTemperature('ht', frame, delivered)).toEqual({ ok: true, sample: { device: 'ht', at: new Date(1736942851620), metrics: { temperatureC: 18.4 } } });
  });
  it('says nothing without a reading, and refuses a malformed one', () => {
    expect(parseShellyTemperature('ht', { id: 0, tC: null, tF: null }, delivered)).toEqual({ ok: true, sample: null });
    expect(parseShellyTemperature('ht', { method: 'NotifyStatus', params: { 'humidity:0': { rh: 40 } } }, delivered)).toEqual({ ok: true, sample: null });
    expect(parseShellyTemperature('ht', { id: 0, tC: '19' }, delivered)).toMatchObject({ ok: false });
  });
  it('becomes a metrics-only reading on its 5-minute boundary', () => {
    expect(shellyTemperatureReading({ device: 'ht', at: delivered, metrics: { temperatureC: 19.8 } })).toEqual({ device: 'ht', ts: '2025-01-15T12:05:00.000Z', metrics: { temperatureC: 19.8 } });
  });
});
