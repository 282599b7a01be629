import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import { dashboardSchema, dashboardUsageSchema } from '@peakwise/contracts/energy.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { createDevice } from '../devices/devices.repository';
import { changeTariff } from '../households/household.service';
import { listRooms } from '../households/household.repository';
import { recordLivePower } from '../live/live-power.repository';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';
import { updateDevicesSeen } from '../readings/readings.repository';

let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const get = async (member: Member, path: string) => {
  const res = await t.app.request(path, { headers: asMember(member) });
  expect(res.status).toBe(200);
  return res.json();
};

describe('GET /api/dashboard', () => {
  it('member name, live power (stale after 15 min), today’s kWh and cost, active devices with rooms', async () => {
    const { member, household } = await memberWithHousehold(t, { 'panel-1': 'solar_panel', tv: 'smart_plug', lamp: 'lighting', idle: 'smart_plug' });
    const db = t.database.db;
    await changeTariff(db, household.id, 'on-tou', '2025-11-01');
    const kitchen = (await listRooms(db, household.id)).find((r) => r.name === 'Kitchen')!;
    await createDevice(db, household.id, { externalId: 'fridge', name: 'Refrigerator', kind: 'smart_plug', roomId: kitchen.id });
    now = new Date('2026-01-15T19:37:00Z'); // Thursday 14:37 EST
    const recent = local('2026-01-15', 14, 25).toISOString();
    await store(db, household.id, {
      // 11 a.m.–noon, mid-peak: 1.8 kWh used, 0.6 of it from the panels; 1.2 kWh imported = 18.84 ¢.
      meter: intervals(local('2026-01-15', 11), 12, { consumptionKwh: 0.15, productionKwh: 0.05, gridImportKwh: 0.1 }),
      devices: [
        { device: 'fridge', ts: recent, powerW: 120 },
        { device: 'tv', ts: recent, powerW: 0, on: true }, // switched on, idling: active
        { device: 'idle', ts: recent, powerW: 0, on: false },
        { device: 'panel-1', ts: recent, powerW: 800 }, // producing, not consuming
        { device: 'lamp', ts: local('2026-01-15', 14, 10).toISOString(), powerW: 60 }, // 27 minutes old: not current
      ],
    });
    await recordLivePower(db, household.id, { ts: new Date(now.getTime() - 30_000), powerW: 2400 }, now);

    const d = dashboardSchema.parse(await get(member, '/api/dashboard'));
    expect(d).toMatchObject({ memberName: 'Marie Tremblay', timeZone: 'America/Toronto', currentPowerKw: 2.4, currentPowerAt: '2026-01-15T19:36:30.000Z', tariffPlanId: 'on-tou' });
    expect(d.todayKwh).toBeCloseTo(12 * 0.15, 9);
    expect(d.todayGridImportKwh).toBeCloseTo(12 * 0.1, 9);
    expect(d.todayCostCents).toBeCloseTo(1.2 * 15.7, 9);
    expect(d.activeDeviceCount).toBe(2);
    expect(d.activeDevices).toEqual([
      { id: expect.any(String), name: 'Refrigerator', kind: 'smart_plug', room: 'Kitchen', powerKw: 0.12, status: 'operational' },
      { id: expect.any(String), name: 'tv', kind: 'smart_plug', room: null, powerKw: 0, status: 'operational' },
    ]);

    now = new Date(now.getTime() + 16 * 60_000);
    const later = dashboardSchema.parse(await get(member, '/api/dashboard'));
    expect(later.currentPowerKw).toBeNull();
    expect(later.currentPowerAt).toBeNull();
    expect(later.activeDeviceCount).toBe(0);
  });

  it('Active Devices counts what the IoT Devices screen counts: a plug switched off after its latest reading is not active', async () => {
    const { member, household, devices } = await memberWithHousehold(t, { heater: 'smart_plug', kettle: 'smart_plug' });
    now = new Date('2026-01-15T19:37:00Z');
    await store(t.database.db, household.id, {
      devices: [
        { device: 'heater', ts: '2026-01-15T19:30:00Z', powerW: 1500, on: true },
        { device: 'kettle', ts: '2026-01-15T19:30:00Z', powerW: 900 },
      ],
    });
    const both = async () => ({
      dashboard: dashboardSchema.parse(await get(member, '/api/dashboard')),
      devices: devicesOverviewSchema.parse(await get(member, '/api/devices')),
    });
    const before = await both();
    expect(before.dashboard.activeDeviceCount).toBe(2);
    expect(before.devices.cards.activeCount).toBe(2);

    // At 19:36 the heater's plug reports its relay open; its 19:30 reading still says 1500 W.
    await updateDevicesSeen(t.database.db, [{ id: devices.heater!.id, seen: Date.parse('2026-01-15T19:36:00Z'), relay: false, relayTs: Date.parse('2026-01-15T19:36:00Z') }]);
    const after = await both();
    expect(after.dashboard.activeDevices.map((d) => d.name)).toEqual(['kettle']);
    expect(after.dashboard.activeDeviceCount).toBe(1);
    expect(after.devices.cards.activeCount).toBe(1);
  });

  it('a household without data shows nulls, never zeros', async () => {
    const { member } = await memberWithHousehold(t);
    const d = dashboardSchema.parse(await get(member, '/api/dashboard'));
    expect(d).toMatchObject({ currentPowerKw: null, todayKwh: null, todayGridImportKwh: null, todayCostCents: null, activeDeviceCount: 0, activeDevices: [] });
  });
});

describe('GET /api/dashboard/usage', () => {
  it('24 local hours ending with the current one, or 7 / 30 local days ending today', async () => {
    const { member, household } = await memberWithHousehold(t);
    now = new Date('2026-01-15T19:37:00Z');
    await store(t.database.db, household.id, {
      meter: [...intervals(local('2026-01-15', 14), 7, { consumptionKwh: 0.1 }), ...intervals(local('2026-01-14', 15), 12, { consumptionKwh: 0.2 })],
    });
    const day = dashboardUsageSchema.parse(await get(member, '/api/dashboard/usage?period=24h'));
    expect(day.bucket).toBe('hour');
    expect(day.points).toHaveLength(24);
    expect(day.points[0]!.start).toBe('2026-01-14T20:00:00.000Z'); // 15:00 yesterday
    expect(day.points[0]!.kwh).toBeCloseTo(2.4, 9);
    expect(day.points[23]).toMatchObject({ start: '2026-01-15T19:00:00.000Z', coverage: { intervals: 7, expected: 7 } });
    expect(day.points[23]!.kwh).toBeCloseTo(0.7, 9);
    expect(day.points[5]).toEqual({ start: '2026-01-15T01:00:00.000Z', kwh: null, coverage: { intervals: 0, expected: 12 } });

    const week = dashboardUsageSchema.parse(await get(member, '/api/dashboard/usage?period=7d'));
    expect(week.points.map((p) => p.start.slice(0, 10))).toEqual(['09', '10', '11', '12', '13', '14', '15'].map((d) => `2026-01-${d}`));
    expect(week.points[5]!.kwh).toBeCloseTo(2.4, 9);
    expect(week.points[0]!.kwh).toBeNull();
    const month = dashboardUsageSchema.parse(await get(member, '/api/dashboard/usage?period=30d'));
    expect(month.points).toHaveLength(30);
    expect((await t.app.request('/api/dashboard/usage?period=1y', { headers: asMember(member) })).status).toBe(400);
  });
});
