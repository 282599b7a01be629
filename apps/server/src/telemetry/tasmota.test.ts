import { describe, expect, it } from 'vitest';
import { parseTasmotaMessage, tasmotaPowerPayload } from './tasmota';

// Shapes from https://tasmota.github.io/docs/MQTT (tele/SENSOR with ENERGY, stat/POWER, stat/RESULT).
const at = new Date('2025-01-15T12:07:31Z');

describe('parseTasmotaMessage', () => {
  it('reads tele/SENSOR: Power W, Total kWh as the counter, voltage and current, dated on arrival', () => {
    const payload = { Time: '2025-01-15T07:07:30', ENERGY: { TotalStartTime: '2024-11-02T10:11:12', Total: 1.234, Yesterday: 0.4, Today: 0.1, Period: 0, Power: 62, Voltage: 120, Current: 0.52 } };
    expect(parseTasmotaMessage('lamp', 'tele', 'SENSOR', payload, at)).toEqual({
      ok: true,
      sample: { device: 'lamp', at, powerW: 62, counterKwh: 1.234, metrics: { voltage: 120, currentA: 0.52 } },
    });
  });

  it('reads the relay from stat/POWER text, stat/RESULT and tele/STATE, POWER1 on a multi-relay device', () => {
    expect(parseTasmotaMessage('lamp', 'stat', 'POWER', 'OFF', at)).toMatchObject({ ok: true, sample: { on: false } });
    expect(parseTasmotaMessage('lamp', 'stat', 'POWER', 'ON\n', at)).toMatchObject({ ok: true, sample: { on: true } });
    expect(parseTasmotaMessage('lamp', 'stat', 'RESULT', { POWER: 'ON' }, at)).toMatchObject({ ok: true, sample: { on: true } });
    expect(parseTasmotaMessage('lamp', 'stat', 'RESULT', { POWER1: 'OFF', POWER2: 'ON' }, at)).toMatchObject({ ok: true, sample: { on: false } });
    expect(parseTasmotaMessage('lamp', 'tele', 'STATE', { Time: 'x', Uptime: '0T01:00:00', POWER: 'OFF', Wifi: {} }, at)).toMatchObject({ ok: true, sample: { on: false } });
  });

  it('reads a thermometer’s SENSOR (https://tasmota.github.io/docs/AM2301): the first block with a Temperature, °F converted', () => {
    expect(parseTasmotaMessage('thermo', 'tele', 'SENSOR', { Time: '2025-01-15T07:07:30', AM2301: { Temperature: 21.4, Humidity: 40.1 }, TempUnit: 'C' }, at)).toEqual({
      ok: true,
      sample: { device: 'thermo', at, metrics: { temperatureC: 21.4 } },
    });
    // 68.9 °F = (68.9 − 32) × 5 / 9 = 20.5 °C.
    expect(parseTasmotaMessage('thermo', 'tele', 'SENSOR', { DS18B20: { Id: '01144A', Temperature: 68.9 }, TempUnit: 'F' }, at)).toMatchObject({ ok: true, sample: { metrics: { temperatureC: 20.5 } } });
  });

  it('says nothing for other messages, and refuses a malformed one', () => {
    expect(parseTasmotaMessage('lamp', 'stat', 'RESULT', { Dimmer: 40 }, at)).toEqual({ ok: true, sample: null });
    expect(parseTasmotaMessage('lamp', 'tele', 'SENSOR', { Time: 'x', TempUnit: 'C' }, at)).toEqual({ ok: true, sample: null });
    expect(parseTasmotaMessage('lamp', 'tele', 'LWT', 'Online', at)).toEqual({ ok: true, sample: null });
    expect(parseTasmotaMessage('lamp', 'stat', 'POWER', 'TOGGLE', at)).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(parseTasmotaMessage('lamp', 'tele', 'SENSOR', { ENERGY: { Power: '62' } }, at)).toMatchObject({ ok: false });
  });

  it('sends ON or OFF', () => {
    expect([tasmotaPowerPayload(true), tasmotaPowerPayload(false)]).toEqual(['ON', 'OFF']);
  });
});
