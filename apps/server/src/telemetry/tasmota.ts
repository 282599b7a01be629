import { z } from 'zod';
import type { IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { reasonFromIssues } from './issue-reason';
import type { ShellySample } from './shelly-gen2';

/**
 * Tasmota plugs (Sonoff S31, Athom, …) report over MQTT with their stock firmware
 * (https://tasmota.github.io/docs/MQTT): telemetry every TelePeriod on `tele/<topic>/SENSOR`, the
 * relay on `stat/<topic>/POWER` (plain `ON`/`OFF`) and `stat/<topic>/RESULT` (`{"POWER":"ON"}`)
 * after a command on `cmnd/<topic>/POWER`, and the relay again in the periodic `tele/<topic>/STATE`.
 * The SENSOR payload's ENERGY block (https://tasmota.github.io/docs/Commands/, energy)
 * gives Power in W, Voltage V, Current A and Total in kWh since TotalStartTime: a cumulative
 * counter like a Shelly's aenergy.total. Its Time is local time without a zone, so a sample is
 * dated on arrival.
 */

const energySchema = z.looseObject({
  Total: z.number().optional(),
  Power: z.number().optional(),
  Voltage: z.number().optional(),
  Current: z.number().optional(),
});
const sensorSchema = z.looseObject({ ENERGY: energySchema.optional(), TempUnit: z.string().optional() });
/** A temperature sensor's block in SENSOR, named after the sensor (AM2301, DS18B20, SI7021, BME280, …). */
const thermometerSchema = z.looseObject({ Temperature: z.number() });
const relayWord = z.enum(['ON', 'OFF']);
/** RESULT and STATE: the relay as POWER (one relay) or POWER1 (the first of several). */
const relayObjectSchema = z.looseObject({ POWER: relayWord.optional(), POWER1: relayWord.optional() });

export type TasmotaParseResult =
  | { ok: true; sample: ShellySample }
  /** Valid, but nothing about the first relay or its energy (a RESULT of another command, a sensor without ENERGY). */
  | { ok: true; sample: null }
  | { ok: false; reason: IngestRejectionReason; message: string };

/**
 * Reads one Tasmota message. `leaf` is the topic's last level; `payload` the parsed JSON, or the
 * raw text for `stat/…/POWER`. Leaves other than SENSOR, STATE, POWER and RESULT say nothing we store.
 */
export function parseTasmotaMessage(externalId: string, kind: 'tele' | 'stat', leaf: string, payload: unknown, receivedAt: Date): TasmotaParseResult {
  const sample: ShellySample = { device: externalId, at: receivedAt, metrics: {} };
  if (kind === 'tele' && leaf === 'SENSOR') {
    const parsed = sensorSchema.safeParse(payload, { reportInput: true });
    if (!parsed.success) return fail(parsed.error.issues);
    const energy = parsed.data.ENERGY;
    if (!energy) return thermometer(sample, parsed.data);
    if (energy.Power !== undefined) sample.powerW = energy.Power;
    // kWh with three decimals; rounding to 1e-6 drops float noise as for Shelly.
    if (energy.Total !== undefined) sample.counterKwh = Math.round(energy.Total * 1e6) / 1e6;
    if (energy.Voltage !== undefined) sample.metrics.voltage = energy.Voltage;
    if (energy.Current !== undefined) sample.metrics.currentA = energy.Current;
    return sample.powerW === undefined && sample.counterKwh === undefined ? { ok: true, sample: null } : { ok: true, sample };
  }
  if (kind === 'stat' && leaf === 'POWER') {
    const word = relayWord.safeParse(typeof payload === 'string' ? payload.trim().toUpperCase() : payload);
    if (!word.success) return { ok: false, reason: 'invalid_payload', message: 'stat/POWER is ON or OFF' };
    return { ok: true, sample: { ...sample, on: word.data === 'ON' } };
  }
  if ((kind === 'stat' && leaf === 'RESULT') || (kind === 'tele' && leaf === 'STATE')) {
    const parsed = relayObjectSchema.safeParse(payload, { reportInput: true });
    if (!parsed.success) return fail(parsed.error.issues);
    const relay = parsed.data.POWER ?? parsed.data.POWER1;
    return relay === undefined ? { ok: true, sample: null } : { ok: true, sample: { ...sample, on: relay === 'ON' } };
  }
  return { ok: true, sample: null };
}

/**
 * A room thermometer on Tasmota: SENSOR carries one block per sensor with its Temperature, and
 * TempUnit for all of them, e.g. `{"Time":…,"AM2301":{"Temperature":24.6,"Humidity":58.2},"TempUnit":"C"}`
 * (https://tasmota.github.io/docs/AM2301). The first block with a Temperature is the room's; a
 * Fahrenheit device is converted.
 */
function thermometer(sample: ShellySample, payload: Record<string, unknown>): TasmotaParseResult {
  for (const value of Object.values(payload)) {
    const block = thermometerSchema.safeParse(value);
    if (!block.success) continue;
    const celsius = payload.TempUnit === 'F' ? ((block.data.Temperature - 32) * 5) / 9 : block.data.Temperature;
    return { ok: true, sample: { ...sample, metrics: { temperatureC: Math.round(celsius * 10) / 10 } } };
  }
  return { ok: true, sample: null };
}

/** The command that sets the first relay: Tasmota reads `ON`/`OFF` on `cmnd/<topic>/POWER`. */
export function tasmotaPowerPayload(on: boolean): string {
  return on ? 'ON' : 'OFF';
}

function fail(issues: readonly z.core.$ZodIssue[]): TasmotaParseResult {
  const { reason, detail } = reasonFromIssues(issues);
  return { ok: false, reason, message: detail };
}
