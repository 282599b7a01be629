import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { readingTables, removeAllHouseholds, seedHousehold, type HouseholdFixture } from '../test/household-fixture';

const FIVE_MINUTES = 300_000;
const DAY = 24 * 60 * 60_000;
/** An interval boundary `daysAgo` days before now (decision 031: corrections within 7 days). */
const boundary = (daysAgo: number, i = 0) => new Date(Math.floor((Date.now() - daysAgo * DAY) / FIVE_MINUTES) * FIVE_MINUTES + i * FIVE_MINUTES).toISOString();
const meter = (ts: string, consumptionKwh: number) => ({ ts, productionKwh: 0.1, consumptionKwh, gridImportKwh: 0.2, gridExportKwh: 0 });

describe('late readings and corrections', () => {
  let t: TestApp;
  let home: HouseholdFixture;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await removeAllHouseholds(t.database.db);
    home = await seedHousehold(t.database.db, { 'heat-pump-1': 'power' });
  });

  const send = async (body: unknown) => {
    const res = await t.app.request('/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${home.credential.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { accepted: number; corrected: number; duplicates: number; rejected: { index: number; series: string; reason: string; message: string }[] } };
  };
  const corrections = async () =>
    rowsOf<{ series: string; previous: Record<string, unknown>; corrected: Record<string, unknown> }>(
      await t.database.db.execute(sql`select series, previous, corrected from reading_corrections order by id`),
    );

  it('refuses readings older than the horizon, year 1 and 1970 included, and stores nothing for them', async () => {
    const res = await send({ meter: [meter('0001-01-01T00:00:00Z', 0.3), meter('1970-01-01T00:00:00Z', 0.3), meter(boundary(3661), 0.3), meter(boundary(1), 0.3)] });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected.map((r) => [r.index, r.reason])).toEqual([
      [0, 'too_old'],
      [1, 'too_old'],
      [2, 'too_old'],
    ]);
    expect(res.body.rejected[0]!.message).toBe('The timestamp is more than 3660 days in the past.');
    const tables = await readingTables(t.database.db);
    expect(tables.meter).toHaveLength(1);
    // Raw, hourly and daily agree: one interval each.
    expect(tables.meterHourly.map((r) => r.interval_count)).toEqual([1]);
    expect(tables.meterDaily.map((r) => r.interval_count)).toEqual([1]);
  });

  it('a different value within the correction window replaces the stored one, is reported as corrected, and leaves an audit row', async () => {
    const ts = boundary(2);
    expect((await send({ meter: [meter(ts, 0.3)] })).body).toMatchObject({ accepted: 1, corrected: 0, duplicates: 0 });
    expect((await send({ meter: [meter(ts, 0.3)] })).body).toMatchObject({ accepted: 0, corrected: 0, duplicates: 1 });
    expect((await send({ meter: [meter(ts, 0.45)] })).body).toEqual({ accepted: 0, corrected: 1, duplicates: 0, rejected: [] });
    const tables = await readingTables(t.database.db);
    expect(tables.meter.map((r) => r.consumption_kwh)).toEqual([0.45]);
    expect(tables.meterHourly.map((r) => r.consumption_kwh)).toEqual([0.45]);
    expect(tables.meterDaily.map((r) => r.consumption_kwh)).toEqual([0.45]);
    expect(await corrections()).toEqual([
      {
        series: 'meter',
        previous: { productionKwh: 0.1, consumptionKwh: 0.3, gridImportKwh: 0.2, gridExportKwh: 0 },
        corrected: { productionKwh: 0.1, consumptionKwh: 0.45, gridImportKwh: 0.2, gridExportKwh: 0 },
      },
    ]);
  });

  it('past the window the stored value stands: the reading is refused with its reason and nothing changes', async () => {
    const old = boundary(8);
    const recent = boundary(1);
    await send({ meter: [meter(old, 0.3), meter(recent, 0.3)] });
    const before = await readingTables(t.database.db);
    const res = await send({ meter: [meter(old, 0.9), meter(old, 0.3).ts === old ? meter(recent, 0.3) : meter(recent, 0.3)] });
    expect(res.body.accepted).toBe(0);
    expect(res.body.corrected).toBe(0);
    expect(res.body.duplicates).toBe(1);
    expect(res.body.rejected).toEqual([
      { index: 0, series: 'meter', reason: 'correction_window_closed', message: 'A different value is already stored for this interval, and intervals can only be corrected within 7 days.' },
    ]);
    expect(await readingTables(t.database.db)).toEqual(before);
    expect(await corrections()).toEqual([]);
    // A resend of the same old value is still just a duplicate.
    expect((await send({ meter: [meter(old, 0.3)] })).body).toEqual({ accepted: 0, corrected: 0, duplicates: 1, rejected: [] });
  });

  it('device readings follow the same rule; filling a missing field of an old interval is not a correction', async () => {
    const old = boundary(9);
    const recent = boundary(1);
    await send({ devices: [{ device: 'heat-pump-1', ts: old, powerW: 1000 }, { device: 'heat-pump-1', ts: recent, powerW: 1000 }] });
    const res = await send({
      devices: [
        { device: 'heat-pump-1', ts: old, powerW: 2000 },
        { device: 'heat-pump-1', ts: recent, powerW: 1500 },
        { device: 'heat-pump-1', ts: old, efficiency: 90 },
      ],
    });
    // The first and third readings land on the same old interval; the later one (only filling
    // efficiency) is what the batch keeps for it, so nothing old is replaced.
    expect(res.body).toMatchObject({ accepted: 1, corrected: 1, rejected: [] });
    const rows = (await readingTables(t.database.db)).devices.map((r) => [r.power_w, r.efficiency]);
    expect(rows).toEqual([
      [1000, 90],
      [1500, null],
    ]);
    expect((await corrections()).map((c) => [c.series, c.previous.powerW, c.corrected.powerW])).toEqual([['device', 1000, 1500]]);

    const refused = await send({ devices: [{ device: 'heat-pump-1', ts: old, powerW: 2500 }] });
    expect(refused.body.rejected).toEqual([expect.objectContaining({ index: 0, series: 'device', reason: 'correction_window_closed' })]);
    expect((await readingTables(t.database.db)).devices[0]).toMatchObject({ power_w: 1000 });
  });
});
