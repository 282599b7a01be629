import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greenButtonImportResultSchema, type GreenButtonImportResult } from '@peakwise/contracts/green-button.contract';
import { zonedTimeToUtc } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import { memberWithHousehold } from '../../modules/energy/energy.test-helper';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, TEST_ORIGIN, type Member } from '../../test/test-session';
import { greenButtonFixture, series } from './green-button.test-helper';

// Every file below lies at least a week before "now", outside the correction window, as a
// utility's download does.
const now = new Date('2026-04-15T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const epoch = (date: string, hour = 0, minute = 0) => zonedTimeToUtc(date, hour, minute, 'America/Toronto').getTime() / 1000;

async function upload(member: Member, xml: string, headers: Record<string, string> = {}) {
  return t.app.request('/api/green-button/import', { method: 'POST', headers: asMember(member, { 'content-type': 'application/xml', ...headers }), body: xml });
}

async function imported(member: Member, xml: string): Promise<GreenButtonImportResult> {
  const res = await upload(member, xml);
  expect(res.status, await res.clone().text()).toBe(200);
  return greenButtonImportResultSchema.parse(await res.json());
}

async function rawCount(householdId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`));
  return row!.n;
}

async function daily(householdId: string) {
  return rowsOf<{ date: string; intervals: number; importKwh: number; consumptionKwh: number; exportKwh: number; productionKwh: number }>(
    await t.database.db.execute(
      sql`select local_date::text as date, interval_count as intervals, grid_import_kwh as "importKwh", consumption_kwh as "consumptionKwh", grid_export_kwh as "exportKwh", production_kwh as "productionKwh"
          from meter_daily where household_id = ${householdId}::uuid order by local_date`,
    ),
  );
}

describe('POST /api/green-button/import', () => {
  it('imports a 15-minute Wh file: each quarter hour becomes three 5-minute intervals and the day sums to the file', async () => {
    const { member, household } = await memberWithHousehold(t);
    // 96 quarter hours of 2026-02-10 (Toronto), value 100 + i Wh: the day is 96 × 100 + (0 + … + 95) = 14,160 Wh.
    const xml = greenButtonFixture([{ readings: series(epoch('2026-02-10'), 900, 96, (i) => 100 + i) }]);
    const result = await imported(member, xml);
    expect(result).toMatchObject({ readings: 96, refused: 0, refusedReadings: [], intervals: { accepted: 288, corrected: 0, duplicates: 0 }, intervalSeconds: [900] });
    expect(result.period).toEqual({ from: '2026-02-10T05:00:00.000Z', to: '2026-02-11T05:00:00.000Z' });
    const [day] = await daily(household.id);
    expect(day).toMatchObject({ date: '2026-02-10', intervals: 288, exportKwh: 0, productionKwh: 0 });
    expect(day!.importKwh).toBeCloseTo(14.16, 9);
    expect(day!.consumptionKwh).toBeCloseTo(14.16, 9);
    // The first quarter hour (100 Wh) is three intervals of 100/3 Wh.
    const first = rowsOf<{ kwh: number }>(await t.database.db.execute(sql`select grid_import_kwh as kwh from meter_readings where household_id = ${household.id}::uuid order by ts limit 3`));
    for (const r of first) expect(r.kwh).toBeCloseTo(0.1 / 3, 12);
  });

  it('cuts hourly readings into the local days of both DST changes: 25 hours in November, 23 in March', async () => {
    const { member, household } = await memberWithHousehold(t);
    // Toronto falls back on 2025-11-02 (local midnight to midnight is 25 hours) and springs
    // forward on 2026-03-08 (23 hours). Each hour carries 1 kWh as 1000 Wh.
    const fall = series(epoch('2025-11-02'), 3600, 25, () => 1000);
    const spring = series(epoch('2026-03-08'), 3600, 23, () => 1000);
    expect(epoch('2025-11-03') - epoch('2025-11-02')).toBe(25 * 3600);
    const result = await imported(member, greenButtonFixture([{ readings: [...fall, ...spring] }]));
    expect(result).toMatchObject({ readings: 48, refused: 0, intervals: { accepted: 48 * 12 } });
    const days = await daily(household.id);
    expect(days.map((d) => [d.date, d.intervals])).toEqual([
      ['2025-11-02', 300],
      ['2026-03-08', 276],
    ]);
    expect(days[0]!.importKwh).toBeCloseTo(25, 9);
    expect(days[1]!.importKwh).toBeCloseTo(23, 9);
  });

  it('imports a multi-month hourly file in kWh (multiplier 3) the same as the same file in Wh', async () => {
    const a = await memberWithHousehold(t);
    const b = await memberWithHousehold(t);
    const start = epoch('2025-12-01');
    const hours = 24 * 75; // December to mid-February: 21,600 intervals, several ingest batches
    const kwh = (i: number) => 0.5 + (i % 24) / 10; // 0.5 … 2.8 kWh, the same every day
    const inKwh = await imported(a.member, greenButtonFixture([{ powerOfTenMultiplier: 3, readings: series(start, 3600, hours, kwh) }]));
    const inWh = await imported(b.member, greenButtonFixture([{ powerOfTenMultiplier: 0, readings: series(start, 3600, hours, (i) => Math.round(kwh(i) * 1000)) }]));
    expect(inKwh.intervals.accepted).toBe(hours * 12);
    expect(inWh.intervals.accepted).toBe(hours * 12);
    const daysA = await daily(a.household.id);
    const daysB = await daily(b.household.id);
    expect(daysA).toHaveLength(75);
    // A day: 24 × 0.5 + (0 + … + 23) / 10 = 12 + 27.6 = 39.6 kWh.
    for (const [k, day] of daysA.entries()) {
      expect(day.importKwh).toBeCloseTo(39.6, 9);
      expect(daysB[k]!.importKwh).toBeCloseTo(day.importKwh, 9);
      expect(daysB[k]!.date).toBe(day.date);
    }
  });

  it('imports energy received as grid export beside the energy delivered', async () => {
    const { member, household } = await memberWithHousehold(t);
    const xml = greenButtonFixture([
      { flowDirection: 1, readings: series(epoch('2026-03-20'), 3600, 24, () => 600) },
      { flowDirection: 19, readings: series(epoch('2026-03-20', 10), 3600, 4, () => 1200) },
    ]);
    const result = await imported(member, xml);
    expect(result).toMatchObject({ readings: 28, refused: 0, intervals: { accepted: 288 } });
    const [day] = await daily(household.id);
    expect(day!.importKwh).toBeCloseTo(14.4, 9);
    expect(day!.exportKwh).toBeCloseTo(4.8, 9);
  });

  it('importing the same file twice changes nothing: the second answer is all duplicates', async () => {
    const { member, household } = await memberWithHousehold(t);
    const xml = greenButtonFixture([{ readings: series(epoch('2026-01-05'), 3600, 48, (i) => 300 + i * 7) }]);
    const first = await imported(member, xml);
    const before = await daily(household.id);
    const second = await imported(member, xml);
    expect(first.intervals).toEqual({ accepted: 576, corrected: 0, duplicates: 0 });
    expect(second.intervals).toEqual({ accepted: 0, corrected: 0, duplicates: 576 });
    expect(await rawCount(household.id)).toBe(576);
    expect(await daily(household.id)).toEqual(before);
  });

  it('two uploads of one file at once store it once: between them every interval is accepted once and a duplicate once', async () => {
    const { member, household } = await memberWithHousehold(t);
    const xml = greenButtonFixture([{ readings: series(epoch('2026-01-12'), 900, 96 * 3, (i) => 50 + (i % 40)) }]);
    const [a, b] = await Promise.all([imported(member, xml), imported(member, xml)]);
    expect(a.intervals.accepted + b.intervals.accepted).toBe(864);
    expect(a.intervals.duplicates + b.intervals.duplicates).toBe(864);
    expect(a.intervals.corrected + b.intervals.corrected).toBe(0);
    expect(await rawCount(household.id)).toBe(864);
    const days = await daily(household.id);
    expect(days.map((d) => d.intervals)).toEqual([288, 288, 288]);
  });

  it('a second file with different values corrects the last 7 days and is refused, reading by reading, before them', async () => {
    const { member, household } = await memberWithHousehold(t);
    // 2026-04-06 is more than 7 days before "now" (2026-04-15 12:00 UTC); 2026-04-14 is not.
    const old = epoch('2026-04-06');
    const recent = epoch('2026-04-14');
    const file = (wh: number) => greenButtonFixture([{ readings: [[old, 3600, wh], [recent, 3600, wh]] }]);
    expect((await imported(member, file(600))).intervals).toEqual({ accepted: 24, corrected: 0, duplicates: 0 });
    const second = await imported(member, file(1200));
    expect(second.intervals).toEqual({ accepted: 0, corrected: 12, duplicates: 0 });
    expect(second.refusedReadings.map((r) => [r.index, r.reason])).toEqual([[0, 'correction_window_closed']]);
    const hours = rowsOf<{ kwh: number }>(
      await t.database.db.execute(sql`select grid_import_kwh as kwh from meter_hourly where household_id = ${household.id}::uuid order by hour_start`),
    );
    expect(hours.map((h) => Math.round(h.kwh * 1e9) / 1e9)).toEqual([0.6, 1.2]);
  });

  it('stores the good readings of a partly bad file and lists the others with their reason', async () => {
    const { member, household } = await memberWithHousehold(t);
    const start = epoch('2026-02-02');
    const xml = greenButtonFixture([
      {
        readings: [
          [start, 3600, 500],
          [start + 3600 + 60, 3600, 500], // starts at 01:01
          [start + 7200, 1000, 500], // 16 min 40 s
          [start + 10_800, 3600, 200_000], // 200 kWh in an hour: 16.7 kWh per 5 minutes
          [Math.floor(now.getTime() / 1000) + 86_400, 3600, 500], // tomorrow
          [start + 14_400, 3600, 'n/a'],
          [epoch('2010-01-04'), 3600, 500], // beyond the ten-year horizon
        ],
      },
    ]);
    const result = await imported(member, xml);
    expect(result.readings).toBe(7);
    expect(result.refused).toBe(6);
    expect(result.refusedReadings.map((r) => [r.index, r.reason])).toEqual([
      [1, 'interval_misaligned'],
      [2, 'interval_not_multiple'],
      [3, 'too_large'],
      [4, 'future_timestamp'],
      [5, 'invalid_value'],
      [6, 'too_old'],
    ]);
    expect(result.refusedReadings[0]!.start).toBe(new Date((start + 3660) * 1000).toISOString());
    expect(result.refusedReadings[0]!.message).toMatch(/5-minute boundary/);
    expect(result.intervals.accepted).toBe(12);
    expect(result.period).toEqual({ from: new Date(start * 1000).toISOString(), to: new Date((start + 3600) * 1000).toISOString() });
    expect(await rawCount(household.id)).toBe(12);
  });

  it('refuses 2,000 daily readings from 1970 as too old, reading by reading, storing nothing', async () => {
    const { member, household } = await memberWithHousehold(t);
    // 1970-01-01 (epoch 0) onwards, a day each: all more than ten years before now.
    const result = await imported(member, greenButtonFixture([{ readings: series(0, 86_400, 2000, () => 12_000) }]));
    expect(result).toMatchObject({ readings: 2000, refused: 2000, intervals: { accepted: 0, corrected: 0, duplicates: 0 }, period: null });
    expect(result.refusedReadings).toHaveLength(100);
    expect(result.refusedReadings.map((r) => [r.index, r.start, r.reason])).toEqual(Array.from({ length: 100 }, (_, i) => [i, new Date(i * 86_400_000).toISOString(), 'too_old']));
    expect(await rawCount(household.id)).toBe(0);
  });

  it('refuses a foreign unit, malformed XML, an empty body and XML that is not Green Button with a message, writing nothing', async () => {
    const { member, household } = await memberWithHousehold(t);
    const readings = series(epoch('2026-02-03'), 3600, 24, () => 500);
    const cases: [string, string, RegExp][] = [
      // Gas only (uom 169): no energy the household meter can take, so the whole file is refused.
      [greenButtonFixture([{ uom: 169, readings }]), 'foreign_unit', /unit 169, not watt-hours/],
      [greenButtonFixture([{ uom: 23, readings }, { uom: 6, readings }]), 'foreign_unit', /unit 23, 6, not watt-hours/],
      [greenButtonFixture([{ readings }]).replace('</feed>', ''), 'malformed_xml', /not well-formed XML/],
      ['   ', 'missing_file', /empty/],
      ['<note><to>Tove</to></note>', 'not_green_button', /not a Green Button feed/],
    ];
    for (const [xml, code, message] of cases) {
      const res = await upload(member, xml);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(message);
    }
    expect(await rawCount(household.id)).toBe(0);
    expect(await daily(household.id)).toEqual([]);
  });

  it('takes the file as a multipart upload too', async () => {
    const { member, household } = await memberWithHousehold(t);
    const form = new FormData();
    form.set('file', new File([greenButtonFixture([{ readings: series(epoch('2026-02-04'), 3600, 2, () => 120) }])], 'Green_Button.xml', { type: 'text/xml' }));
    const res = await t.app.request('/api/green-button/import', { method: 'POST', headers: { cookie: member.cookie, origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(200);
    expect(greenButtonImportResultSchema.parse(await res.json()).intervals.accepted).toBe(24);
    expect(await rawCount(household.id)).toBe(24);
    const empty = await t.app.request('/api/green-button/import', { method: 'POST', headers: { cookie: member.cookie, origin: TEST_ORIGIN }, body: new FormData() });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('missing_file');
  });

  it('answers 401 without a session, and writes only to the member’s own household', async () => {
    const xml = greenButtonFixture([{ readings: series(epoch('2026-02-05'), 3600, 1, () => 120) }]);
    const anonymous = await t.app.request('/api/green-button/import', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/xml' }, body: xml });
    expect(anonymous.status).toBe(401);
    const a = await memberWithHousehold(t);
    const b = await memberWithHousehold(t);
    await imported(a.member, xml);
    expect(await rawCount(a.household.id)).toBe(12);
    expect(await rawCount(b.household.id)).toBe(0);
  });
});

describe('Green Button size limit', () => {
  it('refuses a file over GREEN_BUTTON_MAX_BYTES with 413 and a message, writing nothing', async () => {
    const small = await createTestApp({ clock: () => now, env: { GREEN_BUTTON_MAX_BYTES: String(64 * 1024) }, database: t.database });
    try {
      const { member, household } = await memberWithHousehold(small);
      const xml = greenButtonFixture([{ readings: series(epoch('2026-02-06'), 300, 2000, () => 10) }]);
      expect(xml.length).toBeGreaterThan(64 * 1024);
      const res = await small.app.request('/api/green-button/import', { method: 'POST', headers: asMember(member, { 'content-type': 'application/xml' }), body: xml });
      expect(res.status).toBe(413);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('payload_too_large');
      expect(body.error.message).toMatch(/larger than 0\.1 MB/);
      expect(await rawCount(household.id)).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/green-button/export', () => {
  it('round trip: exporting one household and importing the file into a fresh one gives the same hourly and daily rollups', async () => {
    const source = await memberWithHousehold(t);
    // Three weeks across the spring DST change, 15-minute delivered data shaped by the hour,
    // and received energy at midday.
    const start = epoch('2026-03-01');
    const quarters = (epoch('2026-03-22') - start) / 900;
    await imported(
      source.member,
      greenButtonFixture([
        { readings: series(start, 900, quarters, (i) => 80 + ((i * 37) % 250)) },
        { flowDirection: 19, readings: series(start, 900, quarters, (i) => (Math.floor(i / 4) % 24 >= 11 && Math.floor(i / 4) % 24 < 15 ? 150 + (i % 7) : 0)) },
      ]),
    );

    const res = await t.app.request('/api/green-button/export?from=2026-03-01&to=2026-03-21', { headers: asMember(source.member) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="peakwise-green-button-2026-03-01-2026-03-21.xml"');
    const xml = await res.text();
    expect(xml).toContain('<espi:tzOffset>-18000</espi:tzOffset>');
    expect(xml).toContain('<espi:dstOffset>3600</espi:dstOffset>');
    expect(xml).toContain('<espi:uom>72</espi:uom>');
    expect(xml).toContain('<espi:intervalLength>3600</espi:intervalLength>');

    const target = await memberWithHousehold(t);
    const result = await imported(target.member, xml);
    // 21 days, one of 23 hours; delivered and received both hourly.
    expect(result).toMatchObject({ readings: (21 * 24 - 1) * 2, refused: 0, intervalSeconds: [3600] });

    const hourly = (householdId: string) =>
      t.database.db.execute(
        sql`select hour_start, round(grid_import_kwh::numeric, 6) as imp, round(grid_export_kwh::numeric, 6) as exp, round(consumption_kwh::numeric, 6) as cons, production_kwh, interval_count
            from meter_hourly where household_id = ${householdId}::uuid order by hour_start`,
      );
    const days = (householdId: string) =>
      t.database.db.execute(
        sql`select local_date, round(grid_import_kwh::numeric, 6) as imp, round(grid_export_kwh::numeric, 6) as exp, round(consumption_kwh::numeric, 6) as cons, production_kwh, interval_count
            from meter_daily where household_id = ${householdId}::uuid order by local_date`,
      );
    const sourceHours = rowsOf(await hourly(source.household.id));
    expect(sourceHours).toHaveLength(21 * 24 - 1);
    expect(rowsOf(await hourly(target.household.id))).toEqual(sourceHours);
    const sourceDays = rowsOf<{ interval_count: number }>(await days(source.household.id));
    expect(sourceDays).toHaveLength(21);
    expect(sourceDays.map((d) => d.interval_count)).toContain(276); // 2026-03-08
    expect(rowsOf(await days(target.household.id))).toEqual(sourceDays);
  });

  it('validates the range, and answers 401 without a session', async () => {
    const { member } = await memberWithHousehold(t);
    for (const query of ['from=2026-03-10&to=2026-03-01', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-03-01', 'from=yesterday&to=2026-03-01', 'to=2026-03-01']) {
      const res = await t.app.request(`/api/green-button/export?${query}`, { headers: asMember(member) });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    const ok = await t.app.request('/api/green-button/export?from=2025-03-02&to=2026-04-05', { headers: asMember(member) });
    expect(ok.status).toBe(200); // 400 days exactly
    // The other members' households have data in this range; this member's download has none of it.
    expect(await ok.text()).not.toContain('<espi:IntervalBlock>');
    const anonymous = await t.app.request('/api/green-button/export?from=2026-03-01&to=2026-03-02');
    expect(anonymous.status).toBe(401);
  });
});
