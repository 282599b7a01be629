import { execFileSync } from 'node:child_process';
import { localParts, useZoneOffsets } from '@peakwise/domain/local-time';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { parsePosixRule, parseTzif, systemZoneFile, zoneDataVersion, zoneOffsetMs, zoneOffsetsFrom } from './zone-info';

const HOUR = 3_600_000;

/** A version 2 zone file: a minimal version 1 block, then the 64-bit data and the footer (RFC 8536). */
function tzif(transitions: readonly [number, number][], types: readonly { offset: number; dst: boolean }[], footer: string): Buffer {
  const header = (counts: number[]) => {
    const b = Buffer.alloc(44);
    b.write('TZif2', 0, 'latin1');
    counts.forEach((n, i) => b.writeUInt32BE(n, 20 + i * 4));
    return b;
  };
  // isut, isstd, leap, time, type, chars
  const v1 = Buffer.concat([header([0, 0, 0, 0, 1, 1]), Buffer.from([0, 0, 0, 0, 0, 0, 0])]);
  const times = Buffer.alloc(transitions.length * 8);
  transitions.forEach(([t], i) => times.writeBigInt64BE(BigInt(t), i * 8));
  const ttinfo = Buffer.alloc(types.length * 6);
  types.forEach((t, i) => {
    ttinfo.writeInt32BE(t.offset, i * 6);
    ttinfo[i * 6 + 4] = t.dst ? 1 : 0;
  });
  return Buffer.concat([
    v1,
    header([0, 0, 0, transitions.length, types.length, 1]),
    times,
    Buffer.from(transitions.map(([, type]) => type)),
    ttinfo,
    Buffer.from([0]),
    Buffer.from(`\n${footer}\n`, 'latin1'),
  ]);
}

const at = (iso: string) => Date.parse(iso);

describe('a zone file read by hand', () => {
  // Two transitions of 2026 (EDT from 8 March 07:00 UTC, EST from 1 November 06:00 UTC), then the rule.
  const zone = parseTzif(
    tzif(
      [
        [at('2026-03-08T07:00:00Z') / 1000, 1],
        [at('2026-11-01T06:00:00Z') / 1000, 0],
      ],
      [
        { offset: -5 * 3600, dst: false },
        { offset: -4 * 3600, dst: true },
      ],
      'EST5EDT,M3.2.0,M11.1.0',
    ),
  )!;

  it('gives each transition’s offset from its second on, and the standard type before the first', () => {
    expect(zoneOffsetMs(zone, at('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(zoneOffsetMs(zone, at('2026-03-08T06:59:59Z'))).toBe(-5 * HOUR);
    expect(zoneOffsetMs(zone, at('2026-03-08T07:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs(zone, at('2026-10-31T12:00:00Z'))).toBe(-4 * HOUR);
  });

  it('after the last transition follows the footer’s rule: 2030’s second Sunday of March and first of November', () => {
    // 1 March 2030 is a Friday: Sundays the 3rd and 10th; 1 November 2030 a Friday: first Sunday the 3rd.
    expect(zoneOffsetMs(zone, at('2030-03-10T06:59:59Z'))).toBe(-5 * HOUR);
    expect(zoneOffsetMs(zone, at('2030-03-10T07:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs(zone, at('2030-11-03T05:59:59Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs(zone, at('2030-11-03T06:00:00Z'))).toBe(-5 * HOUR);
  });

  it('reads the footers Canadian zones have: fixed, bracketed, and half-hour offsets', () => {
    expect(parsePosixRule('MST7')).toEqual({ std: -7 * 3600, dst: null, start: null, end: null });
    expect(parsePosixRule('<-06>6')).toEqual({ std: -6 * 3600, dst: null, start: null, end: null });
    expect(parsePosixRule('NST3:30NDT,M3.2.0,M11.1.0')).toMatchObject({ std: -3.5 * 3600, dst: -2.5 * 3600, start: { month: 3, week: 2, weekday: 0, seconds: 7200 } });
    expect(parsePosixRule('J60/2,J300')).toBeNull();
    expect(parseTzif(Buffer.from('not a zone file'))).toBeNull();
  });
});

describe('the machine’s zone files, against the C library’s reading of them (zdump)', () => {
  const dir = '/usr/share/zoneinfo';
  const source = zoneOffsetsFrom(systemZoneFile(dir));
  afterEach(() => useZoneOffsets(null));

  it('agrees with zdump on every transition of every Canadian zone from 2020 to 2035, either side of it', () => {
    const zones = ['America/St_Johns', 'America/Halifax', 'America/Moncton', 'America/Toronto', 'America/Winnipeg', 'America/Regina', 'America/Edmonton', 'America/Vancouver', 'America/Whitehorse'];
    const out = execFileSync('zdump', ['-v', '-c', '2020,2035', ...zones], { encoding: 'utf8' });
    let checked = 0;
    for (const line of out.split('\n')) {
      const m = /^(\S+)\s+\w{3} (\w{3})\s+(\d+) (\d\d:\d\d:\d\d) (\d{4}) UT = .* gmtoff=(-?\d+)$/.exec(line);
      if (!m) continue;
      const instant = Date.parse(`${m[2]} ${m[3]}, ${m[5]} ${m[4]} UTC`);
      expect(source(instant, m[1]!), line).toBe(Number(m[6]) * 1000);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('turns local-time’s conversions to the files: British Columbia’s clocks as the machine’s zone data has them', () => {
    useZoneOffsets(source);
    const version = zoneDataVersion(dir)!;
    // The data from 2026b on: British Columbia stays on −7 after 1 November 2026; before it, −8 in winter.
    const bcStaysOnDaylight = version >= '2026b';
    expect(localParts(new Date('2026-12-02T01:30:00Z'), 'America/Vancouver')).toMatchObject({ day: 1, hour: bcStaysOnDaylight ? 18 : 17, minute: 30 });
    expect(source(at('2026-12-02T01:30:00Z'), 'Not/A_Zone')).toBeUndefined();
    expect(source(at('2026-12-02T01:30:00Z'), '../etc/passwd')).toBeUndefined();
  });
});

describe('the embedded database’s own zone files (PGlite)', () => {
  afterEach(() => useZoneOffsets(null));

  it('give Node the offsets PGlite’s SQL converts by, for every Canadian zone, either side of 1 November 2026 and in 2027', async () => {
    const database = createDatabase({ dataDir: 'memory' });
    try {
      await database.ping();
      const source = zoneOffsetsFrom((zone) => database.zoneFile(zone));
      const zones = ['America/St_Johns', 'America/Halifax', 'America/Toronto', 'America/Winnipeg', 'America/Regina', 'America/Edmonton', 'America/Vancouver'];
      const instants = ['2026-07-01T12:00:00Z', '2026-10-31T12:00:00Z', '2026-12-02T01:30:00Z', '2027-01-15T12:00:00Z', '2027-07-15T12:00:00Z'];
      for (const zone of zones)
        for (const instant of instants) {
          const [row] = rowsOf<{ local: string }>(await database.db.execute(sql`select to_char(${instant}::timestamptz at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as local`));
          expect(source(Date.parse(instant), zone), `${zone} at ${instant}`).toBe(Date.parse(row!.local) - Date.parse(instant));
        }
    } finally {
      await database.close();
    }
  });

  it('asks a reader that cannot tell yet again, and keeps what a reader had', () => {
    let ready = false;
    const file = tzif([], [{ offset: -7 * 3600, dst: false }], 'MST7');
    const source = zoneOffsetsFrom((zone) => (zone === 'America/Vancouver' ? (ready ? file : undefined) : null));
    expect(source(0, 'America/Vancouver')).toBeUndefined();
    ready = true;
    expect(source(0, 'America/Vancouver')).toBe(-7 * HOUR);
    expect(source(0, 'America/Toronto')).toBeUndefined();
  });
});

