import { describe, expect, it } from 'vitest';
import { shellyTopicPrefix, tasmotaTopic } from '../telemetry/topics';
import { decodeMessage, parseMessage } from './mqtt-decode';

const HOME = '3f1c2a8e-5b7d-4c1e-9a2f-0d6b8e4c7a11';
const THERMO = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const receivedAt = new Date('2026-01-15T22:07:31Z');
const contexts = new Map([[HOME, { deviceIds: new Map([['ht-1', THERMO]]) }]]);
const decode = (topic: string, payload: unknown) => decodeMessage(parseMessage(topic, Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload))), contexts, receivedAt);

/** A room thermometer's reading as the worker would store it: a metrics-only device reading, and the device seen. */
const stored = (ts: string, temperatureC: number, at: Date) => ({
  kind: 'readings',
  readingTimes: [ts],
  input: { householdId: HOME, keepExisting: true, validated: expect.objectContaining({ devices: [expect.objectContaining({ device: 'ht-1', ts: new Date(ts), metrics: { temperatureC } })] }) },
  report: { deviceId: THERMO, at },
});

describe('room thermometers over MQTT', () => {
  it('a Shelly H&T: the bare temperature:0 status and the frame it sends when it wakes', () => {
    expect(decode(`${shellyTopicPrefix(HOME, 'ht-1')}/status/temperature:0`, { id: 0, tC: 19.8, tF: 67.6 })).toMatchObject(stored('2026-01-15T22:05:00.000Z', 19.8, receivedAt));
    const frame = { src: 'ht-1', method: 'NotifyFullStatus', params: { ts: 1768514700.5, 'humidity:0': { id: 0, rh: 41 }, 'temperature:0': { id: 0, tC: 18.4, tF: 65.1 } } };
    // ts 1768514700.5 = 2026-01-15T22:05:00.500Z, on the 22:05 boundary.
    expect(decode(`${shellyTopicPrefix(HOME, 'ht-1')}/events/rpc`, frame)).toMatchObject(stored('2026-01-15T22:05:00.000Z', 18.4, new Date(1768514700500)));
  });

  it('a Tasmota thermometer’s SENSOR', () => {
    expect(decode(tasmotaTopic(HOME, 'ht-1', 'tele', 'SENSOR'), { Time: '2026-01-15T17:07:30', AM2301: { Temperature: 20.1, Humidity: 38 }, TempUnit: 'C' })).toMatchObject(
      stored('2026-01-15T22:05:00.000Z', 20.1, receivedAt),
    );
  });

  it('a frame without a temperature is ignored, and an unknown thermometer’s reading refused', () => {
    expect(decode(`${shellyTopicPrefix(HOME, 'ht-1')}/events/rpc`, { method: 'NotifyStatus', params: { wifi: { rssi: -60 } } })).toMatchObject({ kind: 'ignored' });
    // As for an unknown plug: the reading goes to the store refused by validation, and no device is marked seen.
    const unknown = decode(`${shellyTopicPrefix(HOME, 'ht-2')}/status/temperature:0`, { id: 0, tC: 19 });
    expect(unknown).toMatchObject({ kind: 'readings', input: { validated: { devices: [], rejected: [{ reason: 'unknown_device' }] } } });
    expect(unknown).not.toHaveProperty('report');
  });
});
