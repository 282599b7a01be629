import { deviceStateSchema, ingestRejectionReasonSchema, MAX_FUTURE_SKEW_MS, type IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { isUuid } from '../lib/uuid';
import { livePowerSampleSchema } from '../telemetry/live-power-sample';
import type { StoreInput } from '../modules/readings/reading-store';
import type { DeviceReport, MeterCounterWrite } from './ingest-batch.service';
import { parseEmDataStatus, parseEmStatus } from '../telemetry/shelly-pro-3em';
import type { StoreContext } from '../modules/readings/readings.repository';
import { mqttPayloadToBatch } from '../telemetry/mqtt-batch';
import { parseShellyStatus, parseShellyTemperature, shellySampleToReading, shellyTemperatureReading, type ShellyParseResult, type ShellySample } from '../telemetry/shelly-gen2';
import { parseTasmotaMessage } from '../telemetry/tasmota';
import { parseGen1Topic, parseGen1Value, type Gen1Route } from '../telemetry/shelly-gen1-em';
import type { Gen1Meter } from '../modules/readings/shelly-gen1.repository';
import type { Gen1Write } from './shelly-gen1-meter.service';
import { parseTopic, type TopicRoute } from '../telemetry/topics';
import { validateBatch } from '../telemetry/validate-readings';

/**
 * What one MQTT message asks the worker to write, decided before any write so a whole batch of
 * messages can be stored in one transaction. `refused` can never be stored (acknowledged and
 * logged); `ignored` is not ours to store. `readingTimes` are the readings' `ts` as the device
 * sent them, in order, so a receipt can name them back (decision 065).
 */
export type DecodedMessage =
  | { kind: 'ignored'; detail?: string }
  | { kind: 'refused'; detail: string; reason?: IngestRejectionReason; readingTimes?: string[] }
  | { kind: 'readings'; input: StoreInput; readingTimes: string[]; report?: DeviceReport }
  | { kind: 'report'; report: DeviceReport }
  | { kind: 'power'; householdId: string; ts: Date; powerW: number; report?: DeviceReport }
  | { kind: 'meter-counter'; counter: MeterCounterWrite; report: DeviceReport }
  | { kind: 'gen1'; write: Gen1Write };

/** Device → server routes the worker writes; the others (online, RPC replies) are not stored. */
const STORED_ROUTES = new Set<TopicRoute['kind']>(['meter', 'meter-power', 'device-reading', 'device-state', 'shelly-status', 'shelly-events', 'tasmota-tele', 'tasmota-stat']);

/** Step 1, no I/O: the route and the JSON, or why the message goes no further. */
export type ParsedMessage =
  | { kind: 'parsed'; route: TopicRoute; householdId: string; payload: unknown }
  /** A first-generation Shelly EM's value: its home is known only once its id is looked up. */
  | { kind: 'gen1'; route: Gen1Route; value: number }
  | Extract<DecodedMessage, { kind: 'ignored' | 'refused' }>;

export function parseMessage(topic: string, message: Buffer): ParsedMessage {
  const gen1 = parseGen1Topic(topic);
  if (gen1) {
    const value = parseGen1Value(gen1.leaf, message);
    return value.ok ? { kind: 'gen1', route: gen1, value: value.value } : { kind: 'refused', detail: `${value.reason}: ${value.message}`, reason: value.reason };
  }
  const route = parseTopic(topic);
  if (!route || !isUuid(route.householdId)) return { kind: 'ignored', detail: 'not a Peakwise ingest topic' };
  // Tasmota's stat/…/POWER is the bare word ON or OFF, not JSON.
  if (route.kind === 'tasmota-stat' && route.leaf === 'POWER') return { kind: 'parsed', route, householdId: route.householdId.toLowerCase(), payload: message.toString('utf8') };
  try {
    // PostgreSQL answers uuids in lower case; contexts are keyed that way.
    return { kind: 'parsed', route, householdId: route.householdId.toLowerCase(), payload: JSON.parse(message.toString('utf8')) };
  } catch {
    return { kind: 'refused', detail: 'The message is not JSON.' };
  }
}

/**
 * Step 2: validation against the household's context (loaded for the whole batch at once). The
 * same rules as HTTP: validateBatch for readings; a device topic narrows the writable devices to
 * the one it names, so a payload naming another device is refused as unknown.
 */
export function decodeMessage(parsed: ParsedMessage, contexts: ReadonlyMap<string, StoreContext>, receivedAt: Date, gen1Meters: ReadonlyMap<string, Gen1Meter> = new Map()): DecodedMessage {
  if (parsed.kind === 'gen1') return decodeGen1(parsed, contexts, receivedAt, gen1Meters);
  if (parsed.kind !== 'parsed') return parsed;
  const { route, householdId, payload } = parsed;
  const context = contexts.get(householdId);
  const refuse = (detail: string): DecodedMessage => ({ kind: 'refused', detail });
  const readings = (batch: unknown, ctx: StoreContext, keepExisting: boolean): DecodedMessage => {
    const validated = validateBatch(batch, receivedAt, { knownDevices: new Set(ctx.deviceIds.keys()) });
    const times = readingTimes(batch);
    if (!validated.ok) return { kind: 'refused', detail: `${validated.reason}: ${validated.message}`, reason: validated.reason, readingTimes: times };
    return { kind: 'readings', input: { householdId, validated, context: ctx, keepExisting }, readingTimes: times };
  };

  if (!STORED_ROUTES.has(route.kind)) return { kind: 'ignored' };
  if (!context) return refuse('unknown household');

  switch (route.kind) {
    case 'meter':
      return readings(mqttPayloadToBatch(route, payload), context, false);
    case 'device-reading':
      return readings(mqttPayloadToBatch(route, payload), onlyDevice(context, route.externalId), false);
    case 'shelly-status':
      if (route.component === 'em:0' || route.component === 'emdata:0') {
        // A Shelly Pro 3EM: the household's meter, reported by the device paired under this prefix.
        const deviceId = context.deviceIds.get(route.externalId);
        if (!deviceId) return refuse(`unknown_device: ${route.externalId}`);
        if (route.component === 'em:0') {
          const power = parseEmStatus(payload);
          if (!power.ok) return refuse(`${power.reason}: ${power.message}`);
          if (power.value === null) return { kind: 'ignored', detail: 'not em:0' };
          return { kind: 'power', householdId, ts: receivedAt, powerW: power.value, report: { deviceId, at: receivedAt } };
        }
        const counters = parseEmDataStatus(payload, receivedAt);
        if (!counters.ok) return refuse(`${counters.reason}: ${counters.message}`);
        if (counters.value === null) return { kind: 'ignored', detail: 'not emdata:0' };
        return { kind: 'meter-counter', counter: { householdId, deviceId, context, sample: counters.value }, report: { deviceId, at: receivedAt } };
      }
      if (route.component === 'temperature:0') return roomTemperature(parseShellyTemperature(route.externalId, payload, receivedAt));
    // falls through: a switch status
    case 'shelly-events':
    case 'tasmota-tele':
    case 'tasmota-stat': {
      // Every form (Shelly's bare status or NotifyStatus frame, Tasmota's SENSOR, STATE, POWER or
      // RESULT) becomes one sample, and every sample reports the plug's state as of its own time:
      // that is what confirms a switch and what the screens show, while the interval reading
      // keeps the interval's first sample.
      const parsedStatus =
        route.kind === 'tasmota-tele' || route.kind === 'tasmota-stat'
          ? parseTasmotaMessage(route.externalId, route.kind === 'tasmota-tele' ? 'tele' : 'stat', route.leaf, payload, receivedAt)
          : parseShellyStatus(route.externalId, payload, receivedAt);
      if (!parsedStatus.ok) return refuse(`${parsedStatus.reason}: ${parsedStatus.message}`);
      // A Shelly H&T's wake-up frame carries no switch, but its room's temperature.
      if (!parsedStatus.sample && route.kind === 'shelly-events') return roomTemperature(parseShellyTemperature(route.externalId, payload, receivedAt));
      if (!parsedStatus.sample) return { kind: 'ignored', detail: 'no relay or energy status' };
      // A Tasmota thermometer's SENSOR: a temperature and no energy (tasmota.ts reads no temperature otherwise).
      if (route.kind === 'tasmota-tele' && parsedStatus.sample.metrics.temperatureC !== undefined && parsedStatus.sample.powerW === undefined && parsedStatus.sample.counterKwh === undefined) {
        return roomTemperature({ ok: true, sample: parsedStatus.sample });
      }
      const deviceId = context.deviceIds.get(route.externalId);
      // A plug whose clock runs ahead would otherwise hold its state until that time came.
      const future = parsedStatus.sample.at.getTime() > receivedAt.getTime() + MAX_FUTURE_SKEW_MS;
      const report = deviceId && !future ? shellyReport(deviceId, parsedStatus.sample) : undefined;
      const reading = shellySampleToReading(parsedStatus.sample);
      // An unknown plug's reading is refused by validation, as over HTTP.
      if (reading) {
        const decoded = readings({ devices: [reading] }, onlyDevice(context, route.externalId), true);
        return decoded.kind === 'readings' && report ? { ...decoded, report } : decoded;
      }
      if (parsedStatus.sample.on === undefined) return { kind: 'ignored', detail: 'no measurement' };
      if (future) return refuse('future_timestamp');
      if (!report) return refuse(`unknown_device: ${route.externalId}`);
      return { kind: 'report', report };
    }
    case 'device-state': {
      const state = deviceStateSchema.safeParse(payload);
      if (!state.success) return refuse('invalid_payload: not a device state');
      const deviceId = context.deviceIds.get(route.externalId);
      if (!deviceId) return refuse(`unknown_device: ${route.externalId}`);
      return { kind: 'report', report: { deviceId, on: state.data.on, at: state.data.ts ? new Date(state.data.ts) : receivedAt } };
    }
    case 'meter-power': {
      const sample = livePowerSampleSchema.safeParse(payload);
      if (!sample.success) return refuse(`invalid_payload: ${sample.error.issues[0]?.message ?? 'not a power sample'}`);
      const ts = new Date(sample.data.ts);
      if (ts.getTime() > receivedAt.getTime() + MAX_FUTURE_SKEW_MS) return refuse('future_timestamp');
      return { kind: 'power', householdId, ts, powerW: sample.data.powerW };
    }
    default:
      return { kind: 'ignored' };
  }

  /** A room thermometer's reading (decision 109): stored as a device reading of metrics only, and the device marked seen. */
  function roomTemperature(result: ShellyParseResult): DecodedMessage {
    if (!result.ok) return refuse(`${result.reason}: ${result.message}`);
    const reading = result.sample ? shellyTemperatureReading(result.sample) : null;
    if (!result.sample || !reading) return { kind: 'ignored', detail: 'no temperature' };
    const decoded = readings({ devices: [reading] }, onlyDevice(context!, result.sample.device), true);
    const deviceId = context!.deviceIds.get(result.sample.device);
    return decoded.kind === 'readings' && deviceId ? { ...decoded, report: { deviceId, at: result.sample.at } } : decoded;
  }
}

/**
 * A first-generation Shelly EM's value, for the meter its topic's id names: an id that names no
 * live Gen1 meter is refused, so a value is only ever stored for the home that paired the id.
 * A channel the member said has no clamp is not read.
 */
function decodeGen1(parsed: Extract<ParsedMessage, { kind: 'gen1' }>, contexts: ReadonlyMap<string, StoreContext>, receivedAt: Date, meters: ReadonlyMap<string, Gen1Meter>): DecodedMessage {
  const { route, value } = parsed;
  const meter = meters.get(route.gen1Id);
  if (!meter) return { kind: 'refused', detail: `unknown_device: ${route.gen1Id}`, reason: 'unknown_device' };
  const context = contexts.get(meter.householdId);
  if (!context) return { kind: 'refused', detail: 'unknown household' };
  if (route.channel >= meter.clamps) return { kind: 'ignored', detail: 'a channel without a clamp' };
  return { kind: 'gen1', write: { meter, context, channel: route.channel, leaf: route.leaf, value, at: receivedAt } };
}

/**
 * The `ts` of each reading in a batch, as sent (a reading without a string `ts` gives ''), in the
 * order rejections index them. Read from the raw batch so a refused one can be named as well.
 */
function readingTimes(batch: unknown): string[] {
  if (typeof batch !== 'object' || batch === null) return [];
  const { meter, devices } = batch as { meter?: unknown; devices?: unknown };
  const list = Array.isArray(meter) ? meter : Array.isArray(devices) ? devices : [];
  return list.map((reading: unknown) => {
    const ts = typeof reading === 'object' && reading !== null ? (reading as { ts?: unknown }).ts : undefined;
    return typeof ts === 'string' ? ts : '';
  });
}

/** The stable code at the start of a refusal's detail ("unknown_device: plug-1"), if it has one. */
export function refusalReason(message: Extract<DecodedMessage, { kind: 'refused' }>): IngestRejectionReason {
  if (message.reason) return message.reason;
  const code = ingestRejectionReasonSchema.safeParse(message.detail.split(':')[0]);
  return code.success ? code.data : 'invalid_payload';
}

function onlyDevice(context: StoreContext, externalId: string): StoreContext {
  const id = context.deviceIds.get(externalId);
  return { ...context, deviceIds: new Map(id ? [[externalId, id]] : []) };
}

/** The relay state and power a Shelly sample reports, if it carries either. */
function shellyReport(deviceId: string, sample: ShellySample): DeviceReport | undefined {
  if (sample.on === undefined && sample.powerW === undefined) return undefined;
  const report: DeviceReport = { deviceId, at: sample.at };
  if (sample.on !== undefined) report.on = sample.on;
  if (sample.powerW !== undefined) report.powerW = sample.powerW;
  return report;
}
