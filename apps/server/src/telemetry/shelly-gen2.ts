import { z } from 'zod';
import { type DeviceReadingInput, type IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { reasonFromIssues } from './issue-reason';

/**
 * Shelly Gen2/Gen3 plugs (Plus Plug S, Plus Plug US, Plug S Gen3, …) report over MQTT without
 * custom firmware. Formats, from the Shelly API docs:
 *  - Switch status (apower W, voltage V, current A, aenergy.total Wh cumulative,
 *    aenergy.by_minute mWh, aenergy.minute_ts unix s, temperature.tC):
 *    https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Switch
 *  - MQTT: full component status on `<topic_prefix>/status/<component:id>` ("Generic status
 *    update over MQTT", status_ntf), RPC notifications on `<topic_prefix>/events/rpc` (rpc_ntf),
 *    RPC requests on `<topic_prefix>/rpc`, answered on `<src>/rpc`; QoS 1:
 *    https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Mqtt
 *  - NotifyStatus `{ src, dst, method, params: { ts, "switch:0": {…changed keys only} } }`:
 *    https://shelly-api-docs.shelly.cloud/gen2/General/Notifications
 *  - Switch.Set `{ id, on }` request frame: https://shelly-api-docs.shelly.cloud/gen2/General/RPCChannels
 */

const finite = z.number();
const switchStatusSchema = z.looseObject({
  id: z.number().int().optional(),
  output: z.boolean().optional(),
  apower: finite.optional(),
  voltage: finite.optional(),
  current: finite.optional(),
  freq: finite.optional(),
  aenergy: z.looseObject({ total: finite }).optional(),
  temperature: z.looseObject({ tC: finite.nullable().optional() }).optional(),
});
type SwitchStatus = z.infer<typeof switchStatusSchema>;

const notificationSchema = z.looseObject({
  method: z.enum(['NotifyStatus', 'NotifyFullStatus', 'NotifyEvent']),
  params: z.looseObject({ ts: finite.optional() }),
});

/** What one Shelly message says about its first relay. Fields the message did not carry are absent. */
export type ShellySample = {
  device: string;
  /** When the sample was taken: the notification's ts, else the time the broker delivered it. */
  at: Date;
  on?: boolean;
  powerW?: number;
  /** aenergy.total / 1000. */
  counterKwh?: number;
  metrics: { voltage?: number; currentA?: number; frequencyHz?: number; temperatureC?: number };
};

export type ShellyParseResult =
  | { ok: true; sample: ShellySample }
  /** A valid message that says nothing about switch:0 (a NotifyEvent, a wifi status change). */
  | { ok: true; sample: null }
  | { ok: false; reason: IngestRejectionReason; message: string };

/** Shellies start with the clock at 1970 until SNTP syncs; such a ts is not a time. */
const EARLIEST_PLAUSIBLE_TS_S = 1_577_836_800; // 2020-01-01

/**
 * Parses either form: the bare status object from `…/status/switch:0`, or an RPC notification
 * from `…/events/rpc`. `receivedAt` dates the bare form, which carries no timestamp.
 */
export function parseShellyStatus(externalId: string, payload: unknown, receivedAt: Date): ShellyParseResult {
  if (typeof payload === 'object' && payload !== null && 'method' in payload) {
    const frame = notificationSchema.safeParse(payload, { reportInput: true });
    if (!frame.success) return fail(frame.error.issues);
    const component = frame.data.method === 'NotifyEvent' ? undefined : frame.data.params['switch:0'];
    if (component === undefined) return { ok: true, sample: null };
    const ts = frame.data.params.ts;
    const at = ts !== undefined && ts >= EARLIEST_PLAUSIBLE_TS_S ? new Date(Math.round(ts * 1000)) : receivedAt;
    return fromSwitchStatus(externalId, component, at);
  }
  return fromSwitchStatus(externalId, payload, receivedAt);
}

function fromSwitchStatus(device: string, payload: unknown, at: Date): ShellyParseResult {
  const parsed = switchStatusSchema.safeParse(payload, { reportInput: true });
  if (!parsed.success) return fail(parsed.error.issues);
  if (parsed.data.id !== undefined && parsed.data.id !== 0) return { ok: true, sample: null };
  return { ok: true, sample: toSample(device, parsed.data, at) };
}

function toSample(device: string, s: SwitchStatus, at: Date): ShellySample {
  const sample: ShellySample = { device, at, metrics: {} };
  if (s.output !== undefined) sample.on = s.output;
  if (s.apower !== undefined) sample.powerW = s.apower;
  // Wh with three decimals = 1e-6 kWh resolution; rounding drops float noise (6533.3 / 1000).
  if (s.aenergy !== undefined) sample.counterKwh = Math.round(s.aenergy.total * 1000) / 1e6;
  if (s.voltage !== undefined) sample.metrics.voltage = s.voltage;
  if (s.current !== undefined) sample.metrics.currentA = s.current;
  if (s.freq !== undefined) sample.metrics.frequencyHz = s.freq;
  if (typeof s.temperature?.tC === 'number') sample.metrics.temperatureC = s.temperature.tC;
  return sample;
}

/**
 * The device reading a sample stands for, in the documented JSON shape, ready for
 * validateBatch. The plug publishes about once a minute; its counter is stamped with the
 * 5-minute boundary at or before the sample, and storage keeps the first sample of each
 * interval, so the stored total is at most about a minute after the boundary. Null when the
 * sample carries no measurement (a relay change notification: see `sample.on`).
 */
export function shellySampleToReading(sample: ShellySample): DeviceReadingInput | null {
  if (sample.powerW === undefined && sample.counterKwh === undefined) return null;
  const ts = new Date(Math.floor(sample.at.getTime() / INTERVAL_MS) * INTERVAL_MS).toISOString();
  const reading: DeviceReadingInput = { device: sample.device, ts };
  if (sample.powerW !== undefined) reading.powerW = sample.powerW;
  if (sample.counterKwh !== undefined) reading.counterKwh = sample.counterKwh;
  if (sample.on !== undefined) reading.on = sample.on;
  const metrics = Object.fromEntries(Object.entries(sample.metrics).filter(([, v]) => v !== undefined));
  if (Object.keys(metrics).length > 0) reading.metrics = metrics;
  return reading;
}

/**
 * Shelly H&T (Plus, Gen3) rooms: the Temperature component's status `{ id, tC, tF }`
 * (https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Temperature), published bare on
 * `<prefix>/status/temperature:0` or inside a NotifyStatus / NotifyFullStatus frame on
 * `<prefix>/events/rpc` (the H&T sends the full status each time it wakes:
 * https://shelly-api-docs.shelly.cloud/gen2/Devices/Gen3/ShellyHTG3). Sample null: the message
 * carries no temperature:0 reading.
 */
export function parseShellyTemperature(externalId: string, payload: unknown, receivedAt: Date): ShellyParseResult {
  let at = receivedAt;
  let component: unknown = payload;
  if (typeof payload === 'object' && payload !== null && 'method' in payload) {
    const frame = notificationSchema.safeParse(payload, { reportInput: true });
    if (!frame.success) return fail(frame.error.issues);
    component = frame.data.method === 'NotifyEvent' ? undefined : frame.data.params['temperature:0'];
    const ts = frame.data.params.ts;
    if (ts !== undefined && ts >= EARLIEST_PLAUSIBLE_TS_S) at = new Date(Math.round(ts * 1000));
  }
  if (component === undefined) return { ok: true, sample: null };
  const parsed = temperatureStatusSchema.safeParse(component, { reportInput: true });
  if (!parsed.success) return fail(parsed.error.issues);
  // tC is null while the sensor has no reading (the docs' "null if not available").
  if (parsed.data.tC == null || (parsed.data.id !== undefined && parsed.data.id !== 0)) return { ok: true, sample: null };
  return { ok: true, sample: { device: externalId, at, metrics: { temperatureC: parsed.data.tC } } };
}

const temperatureStatusSchema = z.looseObject({ id: z.number().int().optional(), tC: finite.nullable().optional() });

/** A room temperature as a device reading: metrics only, stamped on its 5-minute boundary like every series. */
export function shellyTemperatureReading(sample: ShellySample): DeviceReadingInput | null {
  if (sample.metrics.temperatureC === undefined) return null;
  return { device: sample.device, ts: new Date(Math.floor(sample.at.getTime() / INTERVAL_MS) * INTERVAL_MS).toISOString(), metrics: { temperatureC: sample.metrics.temperatureC } };
}

export type ShellyRpcCommand = { topic: string; payload: string };

/**
 * Switch.Set for relay 0. The plug answers on `<src>/rpc`; src is `<prefix>/reply`, which keeps
 * the answer inside the household's topic tree where the ACL lets the plug publish.
 */
export function buildShellySwitchSet(prefix: string, on: boolean, requestId: number): ShellyRpcCommand {
  const frame = { id: requestId, src: `${prefix}/reply`, method: 'Switch.Set', params: { id: 0, on } };
  return { topic: `${prefix}/rpc`, payload: JSON.stringify(frame) };
}

function fail(issues: readonly z.core.$ZodIssue[]): ShellyParseResult {
  const { reason, detail } = reasonFromIssues(issues);
  return { ok: false, reason, message: detail };
}
