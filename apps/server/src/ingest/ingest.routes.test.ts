import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { issueIngestCredential } from '../modules/devices/ingest-credential.service';
import { revokeIngestCredential } from '../modules/devices/ingest-credentials.repository';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { readingTables, removeAllHouseholds, seedHousehold, type HouseholdFixture } from '../test/household-fixture';

const T0 = Date.parse('2026-01-15T17:00:00Z');
const at = (i: number) => new Date(T0 + i * 300_000).toISOString();
const meter = (i: number, c = 0.3) => ({ ts: at(i), productionKwh: 0.1, consumptionKwh: c, gridImportKwh: 0.2, gridExportKwh: 0 });

describe('POST /api/ingest/readings', () => {
  let t: TestApp;
  let home: HouseholdFixture;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await removeAllHouseholds(t.database.db);
    home = await seedHousehold(t.database.db, { 'heat-pump-1': 'power', 'plug-1': 'smart_plug' });
  });

  const send = async (body: unknown, token = home.credential.token) => {
    const res = await t.app.request('/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { accepted: number; corrected: number; duplicates: number; rejected: { index: number; series: string; reason: string }[]; error?: { code: string } } };
  };

  it('stores a batch once: resending it leaves every table identical and counts duplicates', async () => {
    const batch = {
      meter: [meter(0), meter(1), meter(2)],
      devices: [
        { device: 'heat-pump-1', ts: at(0), powerW: 2150, energyKwh: 0.18, efficiency: 92, metrics: { temperatureC: 41.5 } },
        { device: 'plug-1', ts: at(0), counterKwh: 10, powerW: 100, on: true },
        { device: 'plug-1', ts: at(1), counterKwh: 10.01, powerW: 120, on: true },
      ],
    };
    expect(await send(batch)).toEqual({ status: 200, body: { accepted: 6, corrected: 0, duplicates: 0, rejected: [] } });
    const first = await readingTables(t.database.db);
    expect(first.meter).toHaveLength(3);
    // plug-1: the counter step 10 → 10.01 is the energy of the interval starting at at(0).
    expect(first.devices.find((r) => r.energy_kwh !== null && Number(r.energy_kwh) === 0.01)).toBeDefined();
    expect(first.meterHourly).toEqual([expect.objectContaining({ consumption_kwh: 0.3 + 0.3 + 0.3, interval_count: 3 })]);

    expect(await send(batch)).toEqual({ status: 200, body: { accepted: 0, corrected: 0, duplicates: 6, rejected: [] } });
    expect(await readingTables(t.database.db)).toEqual(first);
  });


  describe('refuses every bad reading with its reason and writes nothing for it', () => {
    const cases: [string, string, string][] = [
      ['NaN as a string', JSON.stringify({ meter: [{ ...meter(0), productionKwh: 'NaN' }] }), 'not_finite'],
      ['1e999 (Infinity)', `{"meter":[{"ts":"${at(0)}","productionKwh":1e999,"consumptionKwh":0.3,"gridImportKwh":0.2,"gridExportKwh":0}]}`, 'not_finite'],
      ['a negative value', JSON.stringify({ meter: [{ ...meter(0), gridImportKwh: -0.001 }] }), 'negative'],
      ['too large', JSON.stringify({ meter: [{ ...meter(0), consumptionKwh: 300 }] }), 'too_large'],
      ['a far-future timestamp', JSON.stringify({ meter: [{ ...meter(0), ts: new Date(Math.ceil((Date.now() + 3_600_000) / 300_000) * 300_000).toISOString() }] }), 'future_timestamp'],
      ['a misaligned timestamp', JSON.stringify({ meter: [{ ...meter(0), ts: '2026-01-15T12:02:30Z' }] }), 'misaligned_timestamp'],
      ['a number in a string', JSON.stringify({ meter: [{ ...meter(0), productionKwh: '0.4' }] }), 'invalid_payload'],
      ['an unknown device', JSON.stringify({ devices: [{ device: 'not-mine', ts: at(0), powerW: 5 }] }), 'unknown_device'],
    ];
    it.each(cases)('%s', async (_name, body, reason) => {
      const before = await readingTables(t.database.db);
      const res = await send(body);
      expect(res.status).toBe(200);
      expect(res.body.accepted).toBe(0);
      expect(res.body.rejected.map((r) => r.reason)).toEqual([reason]);
      expect(await readingTables(t.database.db)).toEqual(before);
    });

    it('a counter reset: refused, baseline moved, interval left missing', async () => {
      await send({ devices: [{ device: 'plug-1', ts: at(0), counterKwh: 100 }] });
      const res = await send({ devices: [{ device: 'plug-1', ts: at(1), counterKwh: 0.02, powerW: 50 }] });
      expect(res.body).toMatchObject({ accepted: 0, rejected: [{ index: 0, series: 'device', reason: 'counter_reset' }] });
      const tables = await readingTables(t.database.db);
      expect(tables.devices).toEqual([]);
      expect(tables.counters).toEqual([expect.objectContaining({ counter_kwh: 0.02 })]);
      // The next total counts from the new baseline.
      await send({ devices: [{ device: 'plug-1', ts: at(2), counterKwh: 0.07 }] });
      const after = await readingTables(t.database.db);
      expect(after.devices.map((r) => [new Date(r.ts as string).toISOString(), r.energy_kwh])).toEqual([[at(1), 0.05]]);
    });

    it('a counter jump', async () => {
      await send({ devices: [{ device: 'plug-1', ts: at(0), counterKwh: 1 }] });
      const res = await send({ devices: [{ device: 'plug-1', ts: at(1), counterKwh: 2.7 }] });
      expect(res.body.rejected.map((r) => r.reason)).toEqual(['counter_jump']);
      expect((await readingTables(t.database.db)).devices).toEqual([]);
    });

    it('one bad reading does not sink the others', async () => {
      const res = await send({ meter: [meter(0), { ...meter(1), consumptionKwh: -1 }, meter(2)] });
      expect(res.body).toEqual({ accepted: 2, corrected: 0, duplicates: 0, rejected: [expect.objectContaining({ index: 1, series: 'meter', reason: 'negative' })] });
    });
  });

  it('refuses an oversized batch (413) and a non-batch body (400) whole', async () => {
    const before = await readingTables(t.database.db);
    const big = { meter: Array.from({ length: 5001 }, (_, i) => meter(i)) };
    expect(await send(big)).toMatchObject({ status: 413, body: { error: { code: 'batch_too_large' } } });
    expect(await send([meter(0)])).toMatchObject({ status: 400, body: { error: { code: 'invalid_payload' } } });
    expect(await send('{"meter": [')).toMatchObject({ status: 400, body: { error: { code: 'invalid_payload' } } });
    expect(await send({ meter: [] })).toMatchObject({ status: 400, body: { error: { code: 'invalid_payload' } } });
    expect(await readingTables(t.database.db)).toEqual(before);
  });

  it('accepts 5000 readings in a body larger than the 1 MB API limit', async () => {
    const devices = Array.from({ length: 5000 }, (_, i) => ({
      device: 'heat-pump-1',
      ts: at(i),
      powerW: 1000 + (i % 7),
      energyKwh: 0.08,
      efficiency: 90,
      metrics: { temperatureC: 41.5, flowLpm: 12.3, pressureKpa: 180, voltage: 240.1, currentA: 4.2, frequencyHz: 60.01 },
    }));
    const body = JSON.stringify({ devices });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(await send(body)).toEqual({ status: 200, body: { accepted: 5000, corrected: 0, duplicates: 0, rejected: [] } });
    const [daily] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select sum(interval_count)::int as n from device_daily`));
    expect(daily?.n).toBe(5000);
  });

  it('answers 401 to a missing, unknown or revoked token', async () => {
    const noAuth = await t.app.request('/api/ingest/readings', { method: 'POST', body: JSON.stringify({ meter: [meter(0)] }) });
    expect(noAuth.status).toBe(401);
    expect((await send({ meter: [meter(0)] }, 'pwi_unknown')).status).toBe(401);
    await revokeIngestCredential(t.database.db, home.household.id, home.credential.id);
    expect((await send({ meter: [meter(0)] })).status).toBe(401);
    expect((await readingTables(t.database.db)).meter).toEqual([]);
  });

  it('limits a device token to its own device: meter and sibling readings are refused', async () => {
    const plugToken = await issueIngestCredential(t.database.db, home.household.id, home.devices['plug-1']!.id);
    const res = await send(
      { meter: [meter(0)], devices: [{ device: 'plug-1', ts: at(0), powerW: 40 }, { device: 'heat-pump-1', ts: at(0), powerW: 900 }] },
      plugToken.token,
    );
    expect(res.body).toEqual({
      accepted: 1,
      corrected: 0,
      duplicates: 0,
      rejected: [expect.objectContaining({ index: 0, series: 'meter', reason: 'unknown_device' }), expect.objectContaining({ index: 1, series: 'device', reason: 'unknown_device' })],
    });
  });
});
