import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greenButtonImportResultSchema, type GreenButtonImportResult } from '@peakwise/contracts/green-button.contract';
import { rowsOf } from '../../db/rows';
import { memberWithHousehold } from '../../modules/energy/energy.test-helper';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { countIntervalReadings, kelvinFeed, localHours, madeUpWh, torontoEpoch, touSplitFeed, utilityFeed, type FeedBlock } from './fixtures/utility-feed.fixture';

// Files shaped like real utilities' downloads (issue 30): every reading of the file is accounted
// for, and the sum of the outcomes is checked against the IntervalReading elements counted in
// the file's text, not against anything the import reports about itself.
const now = new Date('2026-04-15T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function imported(member: Member, xml: string): Promise<GreenButtonImportResult> {
  const res = await t.app.request('/api/green-button/import', { method: 'POST', headers: asMember(member, { 'content-type': 'application/xml' }), body: xml });
  expect(res.status, await res.clone().text()).toBe(200);
  const result = greenButtonImportResultSchema.parse(await res.json());
  const { stored, duplicate, superseded, refused, skipped } = result.outcomes;
  expect(stored + duplicate + superseded + refused + skipped).toBe(countIntervalReadings(xml));
  expect(result.readings).toBe(countIntervalReadings(xml));
  expect(refused).toBe(result.refused);
  return result;
}

async function hourlyWh(householdId: string): Promise<Map<number, number>> {
  const rows = rowsOf<{ ms: number; wh: number }>(
    await t.database.db.execute(sql`select (extract(epoch from hour_start) * 1000)::float8 as ms, grid_import_kwh * 1000 as wh from meter_hourly where household_id = ${householdId}::uuid order by hour_start`),
  );
  return new Map(rows.map((r) => [Number(r.ms) / 1000, Number(r.wh)]));
}

/** The file's readings as [start, duration, value], read with a regex: independent of the import's parser. */
function readingsOf(xml: string, entryTitle?: RegExp): [number, number, number][] {
  const entries = xml.split('<entry>').slice(1);
  const out: [number, number, number][] = [];
  for (const entry of entries) {
    if (entryTitle && !entryTitle.test(/<title>([^<]*)<\/title>/.exec(entry)?.[1] ?? '')) continue;
    for (const m of entry.matchAll(/<espi:duration>(\d+)<\/espi:duration><espi:start>(\d+)<\/espi:start><\/espi:timePeriod><espi:value>(\d+)<\/espi:value>/g)) out.push([Number(m[2]), Number(m[1]), Number(m[3])]);
  }
  return out;
}

describe('real utilities’ Green Button files', () => {
  it('imports the energy of a file that carries temperatures in kelvin, and lists the temperatures as skipped', async () => {
    const { member, household } = await memberWithHousehold(t);
    const dates = ['2026-01-12', '2026-01-13'];
    const xml = kelvinFeed(dates);
    const result = await imported(member, xml);
    // Two 24-hour days: 48 energy hours and 48 temperatures.
    expect(result.outcomes).toEqual({ stored: 48, duplicate: 0, superseded: 0, refused: 0, skipped: 48 });
    expect(result.skippedSeries).toEqual([
      { meterReading: expect.stringMatching(/\/MeterReading\/2$/), uom: 6, flowDirection: 1, readings: 48, reason: 'not_energy', message: expect.any(String) },
    ]);
    const hours = await hourlyWh(household.id);
    const expected = readingsOf(xml, /^Electricity consumption$/);
    expect(expected).toHaveLength(48);
    expect([...hours.keys()]).toEqual(expected.map(([s]) => s));
    for (const [s, , wh] of expected) expect(hours.get(s)).toBeCloseTo(wh, 6);
  });

  it('still refuses a file with no energy at all with a clear 400', async () => {
    const { member } = await memberWithHousehold(t);
    const hours = localHours('2026-01-14');
    const xml = utilityFeed([{ title: 'Temperature', uom: 6, intervalLength: 3600 }], [{ meter: 0, readings: hours.map((s) => [s, 3600, 270]) }]);
    const res = await t.app.request('/api/green-button/import', { method: 'POST', headers: asMember(member, { 'content-type': 'application/xml' }), body: xml });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('foreign_unit');
    expect(body.error.message).toMatch(/unit 6, not watt-hours/);
  });

  it('merges a meter split into off-, mid- and on-peak MeterReadings into one series whose hours are the sums of the split readings', async () => {
    const { member, household } = await memberWithHousehold(t);
    const xml = touSplitFeed(['2026-02-09', '2026-02-10'], { quarterHours: true });
    const result = await imported(member, xml);
    // 2 days × 96 quarter hours, spread over three MeterReadings, none overlapping.
    expect(result.outcomes).toEqual({ stored: 192, duplicate: 0, superseded: 0, refused: 0, skipped: 0 });
    expect(result.skippedSeries).toEqual([]);
    // By hand: each hour's Wh is the sum of the quarter hours of whichever period's block holds them.
    const expected = new Map<number, number>();
    for (const [start, , wh] of readingsOf(xml)) expected.set(start - (start % 3600), (expected.get(start - (start % 3600)) ?? 0) + wh);
    expect(expected.size).toBe(48);
    const hours = await hourlyWh(household.id);
    expect([...hours.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [hour, wh] of expected) expect(hours.get(hour)).toBeCloseTo(wh, 6);
    // 07:00 local on 2026-02-09 is on-peak (tou 3): four quarters of madeUpWh / 4 rounded, + 3 each.
    const seven = torontoEpoch('2026-02-09', 7);
    const byHand = [0, 900, 1800, 2700].reduce((sum, q) => sum + Math.round(madeUpWh(seven + q) / 4) + 3, 0);
    expect(hours.get(seven)).toBeCloseTo(byHand, 6);
  });

  it('keeps both hours of the autumn DST change: two local 1 a.m. hours, two UTC starts', async () => {
    const { member, household } = await memberWithHousehold(t);
    const hours = localHours('2025-11-02');
    expect(hours).toHaveLength(25);
    // The repeated local hour: 01:00 EDT is 05:00 UTC and 01:00 EST is 06:00 UTC.
    expect(hours[1]! * 1000).toBe(Date.parse('2025-11-02T05:00:00Z'));
    expect(hours[2]! * 1000).toBe(Date.parse('2025-11-02T06:00:00Z'));
    const xml = utilityFeed([{ title: 'Electricity consumption', intervalLength: 3600 }], [{ meter: 0, readings: hours.map((s, h) => [s, 3600, 1000 + h]) }]);
    const result = await imported(member, xml);
    expect(result.outcomes).toEqual({ stored: 25, duplicate: 0, superseded: 0, refused: 0, skipped: 0 });
    const stored = await hourlyWh(household.id);
    expect(stored.get(hours[1]!)).toBeCloseTo(1001, 6);
    expect(stored.get(hours[2]!)).toBeCloseTo(1002, 6);
    const [day] = rowsOf<{ wh: number; n: number }>(
      await t.database.db.execute(sql`select grid_import_kwh * 1000 as wh, interval_count as n from meter_daily where household_id = ${household.id}::uuid and local_date = '2025-11-02'`),
    );
    // 25 × 1000 + (0 + 1 + … + 24) = 25,300 Wh over 300 intervals.
    expect(Number(day!.wh)).toBeCloseTo(25_300, 6);
    expect(day!.n).toBe(300);
  });

  it('counts a reading repeated with the same start: the later one in the file is kept, the earlier a duplicate when equal and superseded when not', async () => {
    const { member, household } = await memberWithHousehold(t);
    const hours = localHours('2025-11-02');
    // A file that writes the second 1 a.m. with the first one's start (its local time taken as
    // the same instant), then appends a correction of 03:00 and an exact repeat of 04:00.
    const main: [number, number, number][] = hours.map((s, h) => [h === 2 ? hours[1]! : s, 3600, 1000 + h]);
    const extra: [number, number, number][] = [
      [hours[4]!, 3600, 777],
      [hours[5]!, 3600, 1005],
    ];
    const blocks: FeedBlock[] = [
      { meter: 0, readings: main },
      { meter: 0, readings: extra },
    ];
    const xml = utilityFeed([{ title: 'Electricity consumption', intervalLength: 3600 }], blocks);
    const result = await imported(member, xml);
    // 27 readings: 1 a.m. twice (1001, then 1002: superseded), hour 4 corrected to 777 (superseded),
    // hour 5 repeated as is (duplicate); 24 distinct hours stored, the real 06:00 UTC hour missing.
    expect(result.outcomes).toEqual({ stored: 24, duplicate: 1, superseded: 2, refused: 0, skipped: 0 });
    const stored = await hourlyWh(household.id);
    expect(stored.get(hours[1]!)).toBeCloseTo(1002, 6);
    expect(stored.has(hours[2]!)).toBe(false);
    expect(stored.get(hours[4]!)).toBeCloseTo(777, 6);
    expect(stored.get(hours[5]!)).toBeCloseTo(1005, 6);
  });

  it('imports several years of hourly and 15-minute blocks with TOU splits and temperatures, and a second import is all duplicates', async () => {
    const { member } = await memberWithHousehold(t);
    // A week in each of three years (hourly, with temperatures), and two days of 15-minute TOU data.
    const weeks = ['2017-01-09', '2021-07-05', '2025-12-01'].flatMap((monday) => Array.from({ length: 7 }, (_, d) => new Date(Date.parse(`${monday}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10)));
    const hourly = kelvinFeed(weeks);
    const result = await imported(member, hourly);
    expect(result.outcomes).toEqual({ stored: 21 * 24, duplicate: 0, superseded: 0, refused: 0, skipped: 21 * 24 });
    const quarters = touSplitFeed(['2026-03-02', '2026-03-03'], { quarterHours: true });
    expect((await imported(member, quarters)).outcomes.stored).toBe(192);
    // Importing the same files again stores nothing: every energy reading is a duplicate.
    expect((await imported(member, hourly)).outcomes).toEqual({ stored: 0, duplicate: 21 * 24, superseded: 0, refused: 0, skipped: 21 * 24 });
    expect((await imported(member, quarters)).outcomes).toEqual({ stored: 0, duplicate: 192, superseded: 0, refused: 0, skipped: 0 });
  });

  it('refuses readings by name, still counting them: a misaligned and a too-old reading beside good ones', async () => {
    const { member } = await memberWithHousehold(t);
    const hours = localHours('2026-01-20');
    const xml = utilityFeed(
      [{ title: 'Electricity consumption', intervalLength: 3600 }],
      [{ meter: 0, readings: [...hours.map((s): [number, number, number] => [s, 3600, 500]), [hours[0]! + 24 * 3600 + 60, 3600, 500], [0, 3600, 500]] }],
    );
    const result = await imported(member, xml);
    expect(result.outcomes).toEqual({ stored: 24, duplicate: 0, superseded: 0, refused: 2, skipped: 0 });
    expect(result.refusedReadings.map((r) => r.reason)).toEqual(['interval_misaligned', 'too_old']);
  });

  it('round trip: an imported utility file exported, imported elsewhere and exported again gives the same file', async () => {
    const a = await memberWithHousehold(t);
    const b = await memberWithHousehold(t);
    await imported(a.member, touSplitFeed(['2026-02-16', '2026-02-17']));
    await imported(a.member, kelvinFeed(['2026-02-18']));
    const exportOf = async (member: Member) => {
      const res = await t.app.request('/api/green-button/export?from=2026-02-16&to=2026-02-18', { headers: asMember(member) });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await exportOf(a.member);
    expect(countIntervalReadings(first)).toBe(72);
    const result = await imported(b.member, first);
    expect(result.outcomes).toEqual({ stored: 72, duplicate: 0, superseded: 0, refused: 0, skipped: 0 });
    const second = await exportOf(b.member);
    // Only the feed's identity and timestamps may differ; every reading is the same.
    const readingsPart = (xml: string) => xml.match(/<espi:IntervalBlock>[\s\S]*?<\/espi:IntervalBlock>/g);
    expect(readingsPart(second)).toEqual(readingsPart(first));
  });
});
