import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@peakwise/contracts/account.contract';
import { usageHistorySchema } from '@peakwise/contracts/energy.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { localDateOf } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { createProfileService } from '../profile/profile.service';
import { priceDays } from '../energy/energy-daily-cost.service';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';
import { dailySums } from '../energy/energy-rollups.repository';
import { changeHouseholdTimeZone } from './household-time-zone.service';
import { changeTariff } from './household.service';
import { findHouseholdByOwner } from './household.repository';

const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';
// The zone moved to: Atlantic time, an hour ahead, falling back on 1 November 2026 as Toronto does.
// (Vancouver, Edmonton and Winnipeg no longer fall back from November 2026 in the zone data since
// 2026b: decision 145; Halifax's rule is the same in every release.)
const HALIFAX = 'America/Halifax';

// Toronto local 2026-10-31 00:00 → 2026-11-03 00:00: three local days around the fall-back change
// (Sunday 1 November has 25 hours), 876 five-minute intervals. Dyadic values (0.125, 0.0625…) add
// up exactly in any order, so "restored exactly" can be checked with toEqual.
const FIRST = local('2026-10-31', 0);
const COUNT = 876;
const at = (i: number) => new Date(FIRST.getTime() + i * INTERVAL_MS).toISOString();

let now = new Date('2026-11-03T20:00:00Z'); // Tuesday: 4 p.m. in Halifax, 3 p.m. in Toronto
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

type Daily = { d: string; p: number; c: number; i: number; e: number; n: number };
type DeviceDaily = { id: string; d: string; en: number | null; pw: number | null; li: number | null; n: number; ne: number };

const meterDaily = (householdId: string) =>
  q<Daily>(sql`select local_date::text as d, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e, interval_count as n
    from meter_daily where household_id = ${householdId}::uuid order by local_date`);
const deviceDaily = (householdId: string) =>
  q<DeviceDaily>(sql`select dd.device_id::text as id, dd.local_date::text as d, dd.energy_kwh as en, dd.avg_power_w as pw, dd.litres as li, dd.interval_count as n, dd.energy_interval_count as ne
    from device_daily dd join devices dv on dv.id = dd.device_id where dv.household_id = ${householdId}::uuid order by dd.device_id, dd.local_date`);

/** The meter's raw rows summed by local day in `zone`, in JS: the independent expectation. */
async function rawMeterByDay(householdId: string, zone: string): Promise<Daily[]> {
  const raw = await q<{ ms: number; p: number; c: number; i: number; e: number }>(
    sql`select (extract(epoch from ts) * 1000)::float8 as ms, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e
      from meter_readings where household_id = ${householdId}::uuid`,
  );
  const days = new Map<string, Daily>();
  for (const r of raw) {
    const d = localDateOf(new Date(r.ms), zone);
    const day = days.get(d) ?? { d, p: 0, c: 0, i: 0, e: 0, n: 0 };
    day.p += r.p;
    day.c += r.c;
    day.i += r.i;
    day.e += r.e;
    day.n += 1;
    days.set(d, day);
  }
  return [...days.values()].sort((a, b) => a.d.localeCompare(b.d));
}

async function rawDeviceByDay(householdId: string, zone: string): Promise<DeviceDaily[]> {
  const raw = await q<{ id: string; ms: number; en: number | null; pw: number | null; li: number | null }>(
    sql`select r.device_id::text as id, (extract(epoch from r.ts) * 1000)::float8 as ms, r.energy_kwh as en, r.power_w as pw, (r.metrics->>'litres')::float8 as li
      from device_readings r join devices dv on dv.id = r.device_id where dv.household_id = ${householdId}::uuid`,
  );
  const days = new Map<string, DeviceDaily & { pwSum: number; pwN: number }>();
  for (const r of raw) {
    const d = localDateOf(new Date(r.ms), zone);
    const key = `${r.id}|${d}`;
    const day = days.get(key) ?? { id: r.id, d, en: null, pw: null, li: null, n: 0, ne: 0, pwSum: 0, pwN: 0 };
    day.n += 1;
    if (r.en !== null) {
      day.en = (day.en ?? 0) + r.en;
      day.ne += 1;
    }
    if (r.li !== null) day.li = (day.li ?? 0) + r.li;
    if (r.pw !== null) {
      day.pwSum += r.pw;
      day.pwN += 1;
    }
    days.set(key, day);
  }
  return [...days.values()]
    .map(({ pwSum, pwN, ...day }) => ({ ...day, pw: pwN > 0 ? pwSum / pwN : null }))
    .sort((a, b) => (a.id === b.id ? a.d.localeCompare(b.d) : a.id.localeCompare(b.id)));
}

async function putPreferences(member: Member, body: unknown) {
  return t.app.request('/api/profile/preferences', { method: 'PUT', headers: asMember(member), body: JSON.stringify(body) });
}

async function history(member: Member) {
  const res = await t.app.request('/api/usage/history?range=7', { headers: asMember(member) });
  expect(res.status).toBe(200);
  return usageHistorySchema.parse(await res.json());
}

/** A Toronto household on Ontario time-of-use with a meter, a water heater and a plug removed after reporting. */
async function torontoHome() {
  const { member, household, devices } = await memberWithHousehold(t, { plug: 'smart_plug', heater: 'water_heater' });
  await changeTariff(t.database.db, household.id, 'on-tou', '2025-11-01');
  await store(t.database.db, household.id, {
    meter: intervals(FIRST, COUNT, { consumptionKwh: 0.125, gridImportKwh: 0.125 }).map((r, i) => (i % 4 === 0 ? { ...r, productionKwh: 0.0625, gridExportKwh: 0.0625 } : r)),
    devices: Array.from({ length: COUNT }, (_, i) => [
      { device: 'plug', ts: at(i), energyKwh: 0.03125, powerW: 375 },
      ...(i % 2 === 0 ? [{ device: 'heater', ts: at(i), energyKwh: 0.0625, powerW: 750, metrics: { litres: 2 } }] : []),
    ]).flat(),
  });
  const removed = await t.app.request(`/api/devices/${devices.plug!.id}`, { method: 'DELETE', headers: asMember(member) });
  expect(removed.status).toBe(204);
  return { member, household, devices };
}

describe('changing the time zone re-cuts the household’s days', () => {
  it('Toronto → Halifax: daily rollups, interval counts and daily costs follow the Halifax day; back to Toronto restores them exactly', async () => {
    const { member, household, devices } = await torontoHome();
    now = new Date('2026-11-03T20:00:00Z');

    const torontoMeter = await meterDaily(household.id);
    const torontoDevices = await deviceDaily(household.id);
    expect(torontoMeter.map((r) => [r.d, r.n, r.c])).toEqual([
      ['2026-10-31', 288, 36],
      ['2026-11-01', 300, 37.5],
      ['2026-11-02', 288, 36],
    ]);
    const before = await history(member);
    expect(before.days.map((d) => d.date)).toEqual(['2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
    // Ontario TOU, Nov 2025 prices: off-peak 9.8, mid-peak 15.7, on-peak 20.3 ¢/kWh; weekends all off-peak.
    // Monday 2 Nov (winter): 12 h off-peak, 6 h on-peak (7–11, 17–19), 6 h mid-peak (11–17), 1.5 kWh an hour.
    expect(before.days[2]).toMatchObject({ kwh: null, costCents: null });
    expect(before.days[3]!.costCents).toBeCloseTo(36 * 9.8, 9);
    expect(before.days[4]!.costCents).toBeCloseTo(37.5 * 9.8, 9);
    expect(before.days[5]!.costCents).toBeCloseTo(18 * 9.8 + 9 * 20.3 + 9 * 15.7, 9);
    expect(before.days[4]!.coverage).toEqual({ intervals: 300, expected: 300 });
    const cachedBefore = await q<{ d: string }>(sql`select local_date::text as d from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null order by 1`);
    expect(cachedBefore.map((r) => r.d)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);

    const res = await putPreferences(member, { timeZone: HALIFAX });
    expect(res.status).toBe(200);
    const profile = profileSchema.strict().parse(await res.json());
    expect(profile.timeZone).toBe(HALIFAX);
    expect((await findHouseholdByOwner(t.database.db, member.userId))!.timeZone).toBe(HALIFAX);
    // The prices of Toronto-cut days are gone before anything reads them.
    expect(await q(sql`select 1 from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null`)).toEqual([]);

    // Toronto midnight 31 Oct is 1 a.m. in Halifax (23 h that day), and Toronto's last midnight is
    // 1 a.m. on 3 Nov in Halifax (1 h); Halifax's 1 November also has 25 hours.
    const halifaxMeter = await meterDaily(household.id);
    expect(halifaxMeter.map((r) => [r.d, r.n, r.c, r.i])).toEqual([
      ['2026-10-31', 276, 34.5, 34.5],
      ['2026-11-01', 300, 37.5, 37.5],
      ['2026-11-02', 288, 36, 36],
      ['2026-11-03', 12, 1.5, 1.5],
    ]);
    expect(halifaxMeter).toEqual(await rawMeterByDay(household.id, HALIFAX));
    const halifaxDevices = await deviceDaily(household.id);
    expect(halifaxDevices).toEqual(await rawDeviceByDay(household.id, HALIFAX));
    // The removed plug's readings were re-cut too: 1 h of 0.375 kWh on 3 November.
    expect(halifaxDevices.filter((r) => r.id === devices.plug!.id).map((r) => [r.d, r.n, r.en])).toEqual([
      ['2026-10-31', 276, 8.625],
      ['2026-11-01', 300, 9.375],
      ['2026-11-02', 288, 9],
      ['2026-11-03', 12, 0.375],
    ]);
    expect(halifaxDevices.filter((r) => r.id === devices.heater!.id).map((r) => [r.d, r.n, r.li])).toEqual([
      ['2026-10-31', 138, 276],
      ['2026-11-01', 150, 300],
      ['2026-11-02', 144, 288],
      ['2026-11-03', 6, 12],
    ]);

    // Costs follow: Saturday 31 Oct from 1 a.m. and Sunday are off-peak; Monday 2 Nov, a whole
    // day now, 12 h off-peak, 6 h on-peak, 6 h mid-peak.
    const after = await history(member);
    expect(after.timeZone).toBe(HALIFAX);
    expect(after.days.map((d) => d.date)).toEqual(['2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
    expect(after.days[2]).toMatchObject({ kwh: null, costCents: null });
    expect(after.days[3]!.costCents).toBeCloseTo(34.5 * 9.8, 9);
    expect(after.days[3]!.coverage).toEqual({ intervals: 276, expected: 288 });
    expect(after.days[4]!.costCents).toBeCloseTo(37.5 * 9.8, 9);
    expect(after.days[4]!.coverage).toEqual({ intervals: 300, expected: 300 });
    expect(after.days[5]!.costCents).toBeCloseTo(18 * 9.8 + 9 * 20.3 + 9 * 15.7, 9);
    expect(after.days[5]!.kwh).toBe(36);
    const cachedAfter = await q<{ d: string; n: number }>(
      sql`select local_date::text as d, interval_count as n from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null order by 1`,
    );
    expect(cachedAfter.filter((r) => r.d < '2026-11-03')).toEqual([
      { d: '2026-10-31', n: 276 },
      { d: '2026-11-01', n: 300 },
      { d: '2026-11-02', n: 288 },
    ]);

    // Ingest after the change cuts its days in Halifax time: 1 a.m. on 3 Nov goes on the 3rd.
    await store(t.database.db, household.id, { meter: intervals(local('2026-11-03', 1, 0, HALIFAX), 1, { consumptionKwh: 0.5, gridImportKwh: 0.5 }) });
    expect((await meterDaily(household.id)).find((r) => r.d === '2026-11-03')).toMatchObject({ n: 13, c: 2 });
    expect(await meterDaily(household.id)).toEqual(await rawMeterByDay(household.id, HALIFAX));

    // Back to Toronto: the late reading (Toronto 3 Nov, midnight) lands on its own day, the rest is
    // exactly what it was before the round trip.
    expect((await putPreferences(member, { timeZone: TORONTO })).status).toBe(200);
    const restored = await meterDaily(household.id);
    expect(restored.slice(0, 3)).toEqual(torontoMeter);
    expect(restored[3]).toEqual({ d: '2026-11-03', p: 0, c: 0.5, i: 0.5, e: 0, n: 1 });
    expect(await deviceDaily(household.id)).toEqual(torontoDevices);
    const back = await history(member);
    for (const i of [3, 4, 5]) expect(back.days[i]!.costCents).toBeCloseTo(before.days[i]!.costCents!, 9);
  });

  it('refuses a zone that is not Canadian and changes neither the profile nor the rollups', async () => {
    const { member, household } = await torontoHome();
    const meter = await meterDaily(household.id);
    const devicesBefore = await deviceDaily(household.id);

    for (const timeZone of ['Europe/Paris', 'America/Regina', 'Not/AZone', '']) {
      const res = await putPreferences(member, { language: 'fr', timeZone });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const profile = profileSchema.parse(await (await t.app.request('/api/profile', { headers: asMember(member) })).json());
    expect(profile).toMatchObject({ language: 'en', timeZone: TORONTO });
    expect((await findHouseholdByOwner(t.database.db, member.userId))!.timeZone).toBe(TORONTO);
    expect(await meterDaily(household.id)).toEqual(meter);
    expect(await deviceDaily(household.id)).toEqual(devicesBefore);
  });

  it('is all or nothing: when the household refuses the zone, the profile is not saved either', async () => {
    const { member, household } = await torontoHome();
    const meter = await meterDaily(household.id);
    // Past the route's schema (as a future caller might be): the household service still validates.
    const service = createProfileService({ db: t.database.db, ...t.accounts });
    await expect(service.updatePreferences(member.userId, { language: 'es', timeZone: 'America/Regina' })).rejects.toMatchObject({ status: 400, code: 'invalid_time_zone' });
    const profile = await service.get(member.userId);
    expect(profile).toMatchObject({ language: 'en', timeZone: TORONTO });
    expect((await findHouseholdByOwner(t.database.db, member.userId))!.timeZone).toBe(TORONTO);
    expect(await meterDaily(household.id)).toEqual(meter);
  });

  it('does nothing when the zone is unchanged', async () => {
    const { household } = await torontoHome();
    // A price that an actual change would drop.
    await t.database.db.execute(sql`update meter_daily set cost_plan_id = 'on-tou', cost_cents = 352.8 where household_id = ${household.id}::uuid and local_date = '2026-10-31'`);
    const meter = await meterDaily(household.id);
    expect(await changeHouseholdTimeZone(t.database.db, household.id, TORONTO)).toEqual({ changed: false, timeZone: TORONTO });
    expect(await meterDaily(household.id)).toEqual(meter);
    expect(await q(sql`select 1 from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null`)).toHaveLength(1);
  });

  it('a reader that cut its days in the old zone does not cache their costs after the change', async () => {
    const { household } = await torontoHome();
    const torontoDays = await dailySums(t.database.db, household.id, '2026-10-31', '2026-11-02');
    await changeHouseholdTimeZone(t.database.db, household.id, HALIFAX);
    // A request that loaded the household (and its days) just before the change, pricing after it.
    const costs = await priceDays(t.database.db, { id: household.id, timeZone: TORONTO, province: 'ON' }, [...torontoDays.keys()]);
    expect(costs.get('2026-10-31')).toBeCloseTo(36 * 9.8, 9);
    expect(await q(sql`select 1 from meter_daily where household_id = ${household.id}::uuid and cost_plan_id is not null`)).toEqual([]);
  });

  it('a batch stored while the change holds the household waits and cuts its days in the new zone', async () => {
    const { household } = await torontoHome();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const change = t.database.db.transaction(async (tx) => {
      await changeHouseholdTimeZone(tx, household.id, HALIFAX);
      locked();
      await held;
    });
    await lockTaken;
    // 1 a.m. on 3 Nov in Halifax is midnight on the 3rd in Toronto.
    const batch = store(t.database.db, household.id, { meter: intervals(local('2026-11-03', 1, 0, HALIFAX), 1, { consumptionKwh: 0.5, gridImportKwh: 0.5 }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([change, batch]);
    expect(await meterDaily(household.id)).toEqual(await rawMeterByDay(household.id, HALIFAX));
    expect((await meterDaily(household.id)).find((r) => r.d === '2026-11-03')).toMatchObject({ n: 13 });
  });

  it('a zone chosen right after sign-up moves the household made with the account (decision 051)', async () => {
    const member = await createMember(t.app);
    expect(await findHouseholdByOwner(t.database.db, member.userId)).toMatchObject({ timeZone: 'America/Toronto' });
    expect((await putPreferences(member, { timeZone: VANCOUVER })).status).toBe(200);
    expect(await findHouseholdByOwner(t.database.db, member.userId)).toMatchObject({ timeZone: VANCOUVER });
    const res = await t.app.request('/api/household', { headers: asMember(member) });
    expect(await res.json()).toMatchObject({ timeZone: VANCOUVER, province: 'ON' });
  });
});
