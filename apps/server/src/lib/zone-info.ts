import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZoneOffsets } from '@peakwise/domain/local-time';

/**
 * UTC offsets read from the system's compiled zone files (TZif, RFC 8536), the data PostgreSQL
 * and the C library read too, so a zone whose rules changed after Node's bundled ICU was built
 * (British Columbia and Alberta stopped changing clocks in November 2026) is converted by its
 * current rules, as members' browsers do (decision 145). Updating the zones is then the system
 * package's job (tzdata), not a Node upgrade's.
 */

/** A zone's rules as its file gives them: transitions, then the footer's rule for later instants. */
type Zone = { transitions: number[]; offsets: number[]; initial: number; footer: PosixRule | null };

/** A POSIX TZ rule (the footer): standard offset, and daylight time between two dates a year. */
type PosixRule = { std: number; dst: number | null; start: RuleDate | null; end: RuleDate | null };
/** "Mm.w.d/time": day d (0 Sunday) of week w (5: the last) of month m, at local `seconds` past midnight. */
type RuleDate = { month: number; week: number; weekday: number; seconds: number };

const SECOND = 1000;

/**
 * Reads one zone's file. Only the version 2+ part is read (64-bit times); a version 1 file, or
 * one that does not parse, gives null and the caller falls back to Intl.
 */
export function parseTzif(data: Buffer): Zone | null {
  if (data.length < 44 || data.toString('latin1', 0, 4) !== 'TZif') return null;
  const version = data[4]!;
  if (version < 0x32) return null;
  const counts = (at: number) => ({
    isut: data.readUInt32BE(at + 20),
    isstd: data.readUInt32BE(at + 24),
    leap: data.readUInt32BE(at + 28),
    time: data.readUInt32BE(at + 32),
    type: data.readUInt32BE(at + 36),
    chars: data.readUInt32BE(at + 40),
  });
  const v1 = counts(0);
  const second = 44 + v1.time * 5 + v1.type * 6 + v1.chars + v1.leap * 8 + v1.isstd + v1.isut;
  if (data.length < second + 44 || data.toString('latin1', second, second + 4) !== 'TZif') return null;
  const c = counts(second);
  let at = second + 44;
  const times: number[] = [];
  for (let i = 0; i < c.time; i++, at += 8) times.push(Number(data.readBigInt64BE(at)));
  const indexes: number[] = [];
  for (let i = 0; i < c.time; i++, at += 1) indexes.push(data[at]!);
  const types: { offset: number; dst: boolean }[] = [];
  for (let i = 0; i < c.type; i++, at += 6) types.push({ offset: data.readInt32BE(at), dst: data[at + 4] === 1 });
  at += c.chars + c.leap * 12 + c.isstd + c.isut;
  if (types.length === 0) return null;
  const footerEnd = data.indexOf(0x0a, at + 1);
  const footer = data[at] === 0x0a && footerEnd > at ? parsePosixRule(data.toString('latin1', at + 1, footerEnd)) : null;
  // Before the first transition: the first standard-time type (RFC 8536 §3.2), else the first.
  const initial = (types.find((t) => !t.dst) ?? types[0]!).offset;
  return { transitions: times, offsets: indexes.map((i) => types[i]?.offset ?? initial), initial, footer };
}

/** "[+-]hh[:mm[:ss]]" in seconds; POSIX counts west of Greenwich as positive. */
function parseClock(text: string): number | null {
  const m = /^([+-]?)(\d{1,3})(?::(\d{2}))?(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

function parseRuleDate(text: string): RuleDate | null {
  const m = /^M(\d{1,2})\.(\d)\.(\d)(?:\/(.+))?$/.exec(text);
  if (!m) return null;
  const seconds = m[4] === undefined ? 7200 : parseClock(m[4]);
  if (seconds === null) return null;
  return { month: Number(m[1]), week: Number(m[2]), weekday: Number(m[3]), seconds };
}

/**
 * A footer such as "EST5EDT,M3.2.0,M11.1.0", "MST7", "<-06>6" or "NST3:30NDT,M3.2.0,M11.1.0".
 * Only the month-week-day form of dates is read (every Canadian zone's); another gives null.
 */
export function parsePosixRule(text: string): PosixRule | null {
  const m = /^(<[^>]+>|[A-Za-z]{3,})([+-]?\d{1,2}(?::\d{2}){0,2})(?:(<[^>]+>|[A-Za-z]{3,})([+-]?\d{1,2}(?::\d{2}){0,2})?(?:,([^,]+),([^,]+))?)?$/.exec(text);
  if (!m) return null;
  const std = parseClock(m[2]!);
  if (std === null) return null;
  if (m[3] === undefined) return { std: -std, dst: null, start: null, end: null };
  const dstClock = m[4] === undefined ? std - 3600 : parseClock(m[4]);
  const start = m[5] === undefined ? null : parseRuleDate(m[5]);
  const end = m[6] === undefined ? null : parseRuleDate(m[6]);
  if (dstClock === null || !start || !end) return null;
  return { std: -std, dst: -dstClock, start, end };
}

/** The rule date's local midnight in year y, as seconds of a UTC-read calendar. */
function ruleDay(year: number, date: RuleDate): number {
  const first = Date.UTC(year, date.month - 1, 1) / SECOND;
  const firstWeekday = new Date(first * SECOND).getUTCDay();
  let day = 1 + ((date.weekday - firstWeekday + 7) % 7) + (date.week - 1) * 7;
  const days = new Date(Date.UTC(year, date.month, 0)).getUTCDate();
  while (day > days) day -= 7;
  return Date.UTC(year, date.month - 1, day) / SECOND;
}

function footerOffset(rule: PosixRule, seconds: number): number {
  if (rule.dst === null || !rule.start || !rule.end) return rule.std;
  const year = new Date(seconds * SECOND).getUTCFullYear();
  // Daylight time starts at its local standard clock and ends at its local daylight clock.
  const start = ruleDay(year, rule.start) + rule.start.seconds - rule.std;
  const end = ruleDay(year, rule.end) + rule.end.seconds - rule.dst;
  const inDst = start < end ? seconds >= start && seconds < end : !(seconds >= end && seconds < start);
  return inDst ? rule.dst : rule.std;
}

/** The zone's offset at an instant, in ms (local − UTC). */
export function zoneOffsetMs(zone: Zone, ms: number): number {
  const seconds = Math.floor(ms / SECOND);
  const { transitions } = zone;
  if (transitions.length === 0 || seconds < transitions[0]!) return (transitions.length === 0 && zone.footer ? footerOffset(zone.footer, seconds) : zone.initial) * SECOND;
  if (seconds >= transitions.at(-1)! && zone.footer) return footerOffset(zone.footer, seconds) * SECOND;
  let lo = 0;
  let hi = transitions.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (transitions[mid]! <= seconds) lo = mid;
    else hi = mid - 1;
  }
  return zone.offsets[lo]! * SECOND;
}

/**
 * The offset source for local-time (`useZoneOffsets`): each zone's file read once, from the first
 * reader that has it. A reader answers undefined when it cannot tell yet (a database still
 * starting: asked again next time), null when it has no such file. A zone no reader has is left to
 * Intl, so a machine without the files behaves as before.
 */
export function zoneOffsetsFrom(...readers: ((zone: string) => Uint8Array | null | undefined)[]): ZoneOffsets {
  const zones = new Map<string, Zone | null>();
  return (ms, timeZone) => {
    let zone = zones.get(timeZone);
    if (zone === undefined) {
      if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return undefined;
      let pending = false;
      for (const read of readers) {
        const data = read(timeZone);
        if (data === undefined) pending = true;
        const parsed = data ? parseTzif(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) : null;
        if (parsed) {
          zone = parsed;
          break;
        }
      }
      if (zone === undefined && pending) return undefined;
      zones.set(timeZone, (zone ??= null));
    }
    return zone ? zoneOffsetMs(zone, ms) : undefined;
  };
}

/** The system's compiled zone files under `dir` (the C library's and a system PostgreSQL's). */
export function systemZoneFile(dir: string): (zone: string) => Uint8Array | null {
  return (zone) => {
    try {
      return readFileSync(join(dir, zone));
    } catch {
      return null;
    }
  };
}

/** The zone data's release ("2026f"), from the tzdata.zi the files are compiled from, or null. */
export function zoneDataVersion(dir: string): string | null {
  try {
    const head = readFileSync(join(dir, 'tzdata.zi'), 'latin1').slice(0, 64);
    return /^# version (\S+)/.exec(head)?.[1] ?? null;
  } catch {
    return null;
  }
}
