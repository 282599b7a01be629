import { HOUR_MS } from './time-constants';

/**
 * What an OpenADR 3 event asks of Peakwise, read from its intervals (docs/decisions/104): one
 * window from the first interval's start to the last one's end, and the payloads Peakwise can act
 * on. Anything else is a refusal with a reason the operator console shows; the VTN's event is
 * never half-understood.
 */

/** The payload types Peakwise runs an event for; any other type in an event refuses the whole event. */
export const OPENADR_PAYLOAD_TYPES = ['SIMPLE', 'IMPORT_CAPACITY_LIMIT'] as const;
export type OpenAdrPayloadType = (typeof OPENADR_PAYLOAD_TYPES)[number];

export const OPENADR_REFUSALS = [
  'no_intervals',
  'no_interval_period',
  'unsupported_duration',
  'immediate_start',
  'overlapping_intervals',
  'starts_in_past',
  'unknown_payload_type',
  'bad_payload_value',
  'no_reduction_requested',
  'too_long',
] as const;
export type OpenAdrRefusal = (typeof OPENADR_REFUSALS)[number];

export type OpenAdrIntervalPeriod = { start?: string | null; duration?: string | null };
export type OpenAdrInterval = { id: number; intervalPeriod?: OpenAdrIntervalPeriod | null; payloads: { type: string; values: unknown[] }[] };
export type OpenAdrEventShape = { intervalPeriod?: OpenAdrIntervalPeriod | null; intervals?: OpenAdrInterval[] | null };

export type OpenAdrWindow = {
  startsAt: Date;
  endsAt: Date;
  /** Highest SIMPLE level asked for (1-3), or null when the event carries none. */
  simpleLevel: number | null;
  /** Lowest import limit asked for, in the units of its descriptor (kW unless said otherwise), or null. */
  importCapacityLimit: number | null;
};

export type OpenAdrWindowResult = { ok: true; window: OpenAdrWindow } | { ok: false; reason: OpenAdrRefusal; detail: string };

const DURATION = /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * An ISO 8601 duration in milliseconds. Years and months have no fixed length and an event of
 * Peakwise lasts hours, so they are refused rather than guessed (P9999Y, "until further notice",
 * included); a negative duration is refused too.
 */
export function parseOpenAdrDuration(value: string): number | null {
  const match = DURATION.exec(value);
  if (!match) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  return (((Number(weeks ?? 0) * 7 + Number(days ?? 0)) * 24 + Number(hours ?? 0)) * 60 + Number(minutes ?? 0)) * 60_000 + Math.round(Number(seconds ?? 0) * 1000);
}

const refuse = (reason: OpenAdrRefusal, detail: string): OpenAdrWindowResult => ({ ok: false, reason, detail });

/**
 * Intervals without a period of their own follow one another from the event's start, each lasting
 * the event's duration (the User Guide's default); one with its own period starts where it says.
 */
export function openAdrEventWindow(event: OpenAdrEventShape, now: Date, maxHours: number): OpenAdrWindowResult {
  const intervals = event.intervals ?? [];
  if (intervals.length === 0) return refuse('no_intervals', 'The event has no intervals');
  const spans: { start: number; end: number }[] = [];
  let cursor: number | null = null;
  for (const interval of intervals) {
    const startText: string | null | undefined = interval.intervalPeriod?.start ?? (cursor === null ? event.intervalPeriod?.start : undefined);
    const durationText = interval.intervalPeriod?.duration ?? event.intervalPeriod?.duration;
    if (!durationText || (!startText && cursor === null)) return refuse('no_interval_period', `Interval ${interval.id} has no start or duration`);
    if (startText && startText.startsWith('0001-01-01')) return refuse('immediate_start', `Interval ${interval.id} starts "now" (0001-01-01), which needs the members' notice`);
    const start: number = startText ? Date.parse(startText) : (cursor as number);
    const duration = parseOpenAdrDuration(durationText);
    if (Number.isNaN(start)) return refuse('no_interval_period', `Interval ${interval.id} has an unreadable start`);
    if (duration === null || duration <= 0) return refuse('unsupported_duration', `Interval ${interval.id} lasts ${durationText}`);
    spans.push({ start, end: start + duration });
    cursor = start + duration;
  }
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]!.start < sorted[i - 1]!.end) return refuse('overlapping_intervals', 'Two intervals overlap');
  }
  const startsAt = sorted[0]!.start;
  const endsAt = Math.max(...sorted.map((s) => s.end));
  if (startsAt <= now.getTime()) return refuse('starts_in_past', `The event starts at ${new Date(startsAt).toISOString()}, before now`);
  if (endsAt - startsAt > maxHours * HOUR_MS) return refuse('too_long', `The event lasts more than ${maxHours} hours`);

  let simpleLevel: number | null = null;
  let importCapacityLimit: number | null = null;
  for (const interval of intervals) {
    for (const payload of interval.payloads) {
      if (!(OPENADR_PAYLOAD_TYPES as readonly string[]).includes(payload.type)) return refuse('unknown_payload_type', `Payload type ${payload.type.slice(0, 128)} is not one Peakwise runs`);
      const value = payload.values[0];
      if (payload.values.length !== 1 || typeof value !== 'number' || !Number.isFinite(value)) return refuse('bad_payload_value', `A ${payload.type} payload needs one number`);
      if (payload.type === 'SIMPLE') {
        // SIMPLE levels are 0 (normal) to 3 (the highest curtailment) in the Definition's enumeration.
        if (!Number.isInteger(value) || value < 0 || value > 3) return refuse('bad_payload_value', `SIMPLE level ${value} is not 0-3`);
        simpleLevel = Math.max(simpleLevel ?? 0, value);
      } else {
        if (value < 0) return refuse('bad_payload_value', `IMPORT_CAPACITY_LIMIT ${value} is negative`);
        importCapacityLimit = Math.min(importCapacityLimit ?? value, value);
      }
    }
  }
  if (importCapacityLimit === null && !simpleLevel) return refuse('no_reduction_requested', 'No interval asks for a reduction (SIMPLE level 0 or no payload)');
  return { ok: true, window: { startsAt: new Date(startsAt), endsAt: new Date(endsAt), simpleLevel, importCapacityLimit } };
}
