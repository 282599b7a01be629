import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceHistory, DevicesOverview } from '@peakwise/contracts/devices.contract';
import { rowsOf } from '../../db/rows';
import { devices } from '../../db/schema/device.schema';
import { rooms } from '../../db/schema/household.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember } from '../../test/test-session';
import { memberWithHousehold, store } from '../energy/energy.test-helper';
import { updateDevicesSeen } from '../readings/readings.repository';
import { removeDevice } from './devices.repository';

const MIN = 60_000;
// 14:37 in Toronto; the current 5-minute interval started at 19:35 UTC.
const now = new Date('2026-01-15T19:37:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let a: Awaited<ReturnType<typeof memberWithHousehold>>;
let b: Awaited<ReturnType<typeof memberWithHousehold>>;
let kitchenId: string;

// The lamp: 12 readings 18:30–19:25 UTC, power 40, 45, … 95 W, brightness 0…11.
const lampReadings = Array.from({ length: 12 }, (_, i) => ({
  device: 'lamp',
  ts: new Date(at('2026-01-15T18:30:00Z').getTime() + i * 5 * MIN).toISOString(),
  powerW: 40 + 5 * i,
  energyKwh: ((40 + 5 * i) * 5) / 60 / 1000,
  metrics: { brightnessPct: i },
}));

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  a = await memberWithHousehold(t, { lamp: 'lighting', heater: 'temperature', panel: 'solar_panel', plug: 'smart_plug', cam: 'camera', gone: 'power', kettle: 'smart_plug' });
  b = await memberWithHousehold(t, { 'b-lamp': 'lighting' });
  const db = t.database.db;
  // Every household starts with the spec's five rooms; the lamp goes in the kitchen.
  const [kitchen] = await db.select().from(rooms).where(and(eq(rooms.householdId, a.household.id), eq(rooms.name, 'Kitchen')));
  kitchenId = kitchen!.id;
  await db.update(devices).set({ roomId: kitchenId, x: 120, y: 90 }).where(eq(devices.id, a.devices.lamp!.id));
  await store(db, a.household.id, {
    devices: [
      ...lampReadings,
      { device: 'heater', ts: '2026-01-15T19:30:00Z', powerW: 1500, efficiency: 90, metrics: { indoorTempC: 21.5, setpointC: 21 } },
      { device: 'panel', ts: '2026-01-15T19:30:00Z', powerW: 2000, efficiency: 80 },
      // Switched on but idle: active all the same.
      { device: 'kettle', ts: '2026-01-15T19:30:00Z', powerW: 0, on: true },
      // 37 minutes old at "now": offline, not active, and not in the total.
      { device: 'plug', ts: '2026-01-15T19:00:00Z', powerW: 100 },
      { device: 'gone', ts: '2026-01-15T19:30:00Z', powerW: 700 },
    ],
  });
  await store(db, b.household.id, { devices: [{ device: 'b-lamp', ts: '2026-01-15T19:30:00Z', powerW: 9 }] });
  await removeDevice(db, a.household.id, a.devices.gone!.id);
});
afterAll(() => t.close());

const get = async <T>(member: { cookie: string }, path: string) => {
  const res = await t.app.request(path, { headers: asMember(member) });
  return { status: res.status, body: (await res.json()) as T };
};

describe('GET /api/devices', () => {
  it('computes the cards from the stored readings', async () => {
    const { status, body } = await get<DevicesOverview>(a.member, '/api/devices');
    expect(status).toBe(200);
    // Recent consumers: lamp's last reading (95 W) + heater (1500 W); the panel produces, the plug is stale.
    expect(body.cards.totalPowerW).toBe(lampReadings[11]!.powerW + 1500);
    // Recent consumers drawing power or switched on: lamp, heater, kettle (a panel never counts).
    // The removed device is not listed at all.
    expect(body.cards.activeCount).toBe(3);
    // "3 of 5": six live devices, but the panel can never be active, so it is not in the total.
    expect(body.cards.deviceCount).toBe(5);
    expect(body.cards.averageEfficiencyPct).toBe((90 + 80) / 2);
    // Expected intervals from each device's first reading to 19:35: lamp 13 (18:30…19:30), heater 1,
    // panel 1, kettle 1, plug 7 (19:00…19:30); the camera never reported (its window is empty).
    const seen = lampReadings.length + 1 + 1 + 1 + 1;
    expect(body.cards.uptimePct).toBeCloseTo((seen / (13 + 1 + 1 + 1 + 7)) * 100, 10);
  });

  it('Uptime: readings received in the window over the intervals in it, the window opening on the hour after 30 days ago', async () => {
    const home = await memberWithHousehold(t, { old: 'power' });
    // 30 days before now (19:37) is 2025-12-16 19:37 UTC; the window opens at 20:00. The device
    // reported 19:40–20:55 that day and never again.
    const readings = Array.from({ length: 16 }, (_, i) => ({ device: 'old', ts: new Date(Date.parse('2025-12-16T19:40:00Z') + i * 5 * MIN).toISOString(), powerW: 10 }));
    await store(t.database.db, home.household.id, { devices: readings });
    const from = Date.parse('2025-12-16T20:00:00Z');
    const to = Date.parse('2026-01-15T19:35:00Z'); // the last complete interval ends at 19:35
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from device_readings where device_id = ${home.devices.old!.id}::uuid and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz`),
    ) as [{ n: number }];
    expect(n).toBe(12);
    const expected = (to - from) / (5 * MIN); // 8635
    const { body } = await get<DevicesOverview>(home.member, '/api/devices');
    expect(body.cards.uptimePct).toBeCloseTo((n / expected) * 100, 10);
  });

  it('Avg. Efficiency: each device’s latest efficiency from the last 30 days, averaged over the devices that have one', async () => {
    const home = await memberWithHousehold(t, { pv: 'solar_panel', heat: 'temperature', lamp2: 'lighting' });
    const readings = [
      // The panel reported 20 % at noon; its evening readings carry no efficiency.
      { device: 'pv', ts: '2026-01-15T17:00:00Z', powerW: 300, efficiency: 21 },
      { device: 'pv', ts: '2026-01-15T17:05:00Z', powerW: 280, efficiency: 20 },
      { device: 'pv', ts: '2026-01-15T19:30:00Z', powerW: 0 },
      // The heater: 95 % forty days ago (outside the window), 88 % last week.
      { device: 'heat', ts: '2025-12-06T12:00:00Z', powerW: 900, efficiency: 95 },
      { device: 'heat', ts: '2026-01-08T12:00:00Z', powerW: 900, efficiency: 88 },
      // The lamp never reports an efficiency: not counted as 0.
      { device: 'lamp2', ts: '2026-01-15T19:30:00Z', powerW: 9 },
    ];
    await store(t.database.db, home.household.id, { devices: readings });
    const { body } = await get<DevicesOverview>(home.member, '/api/devices');
    expect(body.cards.averageEfficiencyPct).toBeCloseTo((20 + 88) / 2, 10);
    expect(Object.fromEntries(body.devices.map((d) => [d.name, d.efficiencyPct]))).toEqual({ pv: 20, heat: 88, lamp2: null });
  });

  it('lists rooms with geometry and devices with placement, status and latest values', async () => {
    const { body } = await get<DevicesOverview>(a.member, '/api/devices');
    const stored = await t.database.db.select().from(rooms).where(eq(rooms.householdId, a.household.id));
    expect(body.rooms.map((r) => r.name).sort()).toEqual(['Bathroom', 'Bedroom', 'Kitchen', 'Living Room', 'Office']);
    for (const room of stored) expect(body.rooms).toContainEqual({ id: room.id, name: room.name, x: room.x, y: room.y, width: room.width, height: room.height });
    const byName = Object.fromEntries(body.devices.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['cam', 'heater', 'kettle', 'lamp', 'panel', 'plug']);
    expect(byName.lamp).toMatchObject({ kind: 'lighting', roomId: kitchenId, room: 'Kitchen', x: 120, y: 90, status: 'operational', powerW: 95, active: true, efficiencyPct: null });
    expect(byName.lamp!.lastSeenAt).toBe('2026-01-15T19:25:00.000Z');
    expect(byName.heater).toMatchObject({ powerW: 1500, efficiencyPct: 90, room: null, x: null });
    expect(byName.kettle).toMatchObject({ active: true, relayOn: true, powerW: 0 });
    expect(byName.panel).toMatchObject({ active: false, powerW: 2000 });
    expect(byName.plug).toMatchObject({ status: 'offline', powerW: null, active: false });
    expect(byName.cam).toMatchObject({ status: 'offline', powerW: null, lastSeenAt: null });
  });
});

describe('GET /api/devices after a plug is switched off', () => {
  it('reads zero power from the plug’s "off" report, though its latest interval reading still shows the draw', async () => {
    const home = await memberWithHousehold(t, { heater: 'smart_plug' });
    await store(t.database.db, home.household.id, { devices: [{ device: 'heater', ts: '2026-01-15T19:30:00Z', powerW: 1500, on: true }] });
    const before = (await get<DevicesOverview>(home.member, '/api/devices')).body;
    expect(before.devices[0]).toMatchObject({ powerW: 1500, relayOn: true, active: true });
    expect(before.cards.totalPowerW).toBe(1500);

    // The plug reports its relay open at 19:36, after the 19:30 interval it measured.
    await updateDevicesSeen(t.database.db, [{ id: home.devices.heater!.id, seen: Date.parse('2026-01-15T19:36:00Z'), relay: false, relayTs: Date.parse('2026-01-15T19:36:00Z') }]);
    const after = (await get<DevicesOverview>(home.member, '/api/devices')).body;
    expect(after.devices[0]).toMatchObject({ powerW: 0, relayOn: false, active: false });
    expect(after.cards.totalPowerW).toBe(0);
    expect(after.cards.activeCount).toBe(0);
  });
});

describe('GET /api/devices/:id/history', () => {
  it('24h: hourly mean power from the rollups, null where nothing was read', async () => {
    const { status, body } = await get<DeviceHistory>(a.member, `/api/devices/${a.devices.lamp!.id}/history?range=24h`);
    expect(status).toBe(200);
    expect(body.bucket).toBe('hour');
    expect(body.points).toHaveLength(24);
    expect(body.points[0]!.start).toBe('2026-01-14T20:00:00.000Z');
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const hour18 = body.points.find((p) => p.start === '2026-01-15T18:00:00.000Z')!;
    const hour19 = body.points.find((p) => p.start === '2026-01-15T19:00:00.000Z')!;
    expect(hour18.avgPowerW).toBeCloseTo(mean(lampReadings.slice(0, 6).map((r) => r.powerW)), 10);
    expect(hour19.avgPowerW).toBeCloseTo(mean(lampReadings.slice(6).map((r) => r.powerW)), 10);
    expect(hour19.coverage).toEqual({ intervals: 6, expected: 7 });
    const others = body.points.filter((p) => p !== hour18 && p !== hour19);
    expect(others.every((p) => p.avgPowerW === null && p.energyKwh === null)).toBe(true);
    expect(body.latest).toEqual({ ts: '2026-01-15T19:25:00.000Z', powerW: 95, efficiencyPct: null, metrics: { brightnessPct: 11 } });
  });

  it('7d and 30d: local days ending today from the daily rollups', async () => {
    const week = await get<DeviceHistory>(a.member, `/api/devices/${a.devices.lamp!.id}/history?range=7d`);
    expect(week.body.bucket).toBe('day');
    expect(week.body.points).toHaveLength(7);
    const today = week.body.points[6]!;
    expect(today.start).toBe('2026-01-15T05:00:00.000Z'); // local midnight in Toronto
    expect(today.energyKwh).toBeCloseTo(lampReadings.reduce((s, r) => s + r.energyKwh, 0), 10);
    expect(today.avgPowerW).toBeCloseTo(lampReadings.reduce((s, r) => s + r.powerW, 0) / lampReadings.length, 10);
    expect(week.body.points.slice(0, 6).every((p) => p.avgPowerW === null)).toBe(true);
    const month = await get<DeviceHistory>(a.member, `/api/devices/${a.devices.heater!.id}/history?range=30d`);
    expect(month.body.points).toHaveLength(30);
    expect(month.body.latest).toMatchObject({ powerW: 1500, efficiencyPct: 90, metrics: { indoorTempC: 21.5, setpointC: 21 } });
  });

  it('a device that never reported has an all-missing chart and no latest reading', async () => {
    const { body } = await get<DeviceHistory>(a.member, `/api/devices/${a.devices.cam!.id}/history`);
    expect(body.range).toBe('24h');
    expect(body.points.every((p) => p.avgPowerW === null)).toBe(true);
    expect(body.latest).toBeNull();
  });

  it('answers 400 with the allowed values for a bad range', async () => {
    const res = await t.app.request(`/api/devices/${a.devices.lamp!.id}/history?range=1y`, { headers: asMember(a.member) });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('validation_failed');
    expect(text).toContain('range must be one of 24h, 7d or 30d');
  });
});

describe('devices routes: access control', () => {
  const NOT_FOUND = { error: { code: 'not_found', message: 'No such device in your household.' } };

  it.each(['/api/devices', '/api/devices/00000000-0000-4000-8000-000000000000/history'])('%s answers 401 without a session', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
  });

  it('another household’s device, a removed one, an unknown and a malformed id all answer the same 404', async () => {
    const ids = [a.devices.lamp!.id, a.devices.gone!.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%27%20or%201=1'];
    for (const id of ids) {
      const member = id === a.devices.gone!.id ? a.member : b.member;
      const res = await t.app.request(`/api/devices/${id}/history?range=7d`, { headers: asMember(member) });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it('each member sees only their own household', async () => {
    const asB = await t.app.request('/api/devices', { headers: asMember(b.member) });
    const text = await asB.text();
    for (const d of Object.values(a.devices)) expect(text).not.toContain(d.id);
    expect(text).not.toContain(kitchenId);
    expect(text).not.toContain(a.household.id);
    const body = JSON.parse(text) as DevicesOverview;
    expect(body.devices.map((d) => d.name)).toEqual(['b-lamp']);
    expect(body.cards.totalPowerW).toBe(9);
    // A household id in the query string changes nothing.
    const probe = await get<DevicesOverview>(b.member, `/api/devices?householdId=${a.household.id}`);
    expect(probe.body.devices.map((d) => d.name)).toEqual(['b-lamp']);
  });
});

describe('GET /api/devices over raw, compacted and late readings', () => {
  type Sent = { device: string; ts: string; powerW: number; efficiency?: number };
  const H = 60 * MIN;
  const iso = (ms: number) => new Date(ms).toISOString();
  // The service's window: from the hour after 30 days before now to the start of the current interval.
  const windowStart = Date.parse('2025-12-16T20:00:00Z');
  const windowEnd = Date.parse('2026-01-15T19:35:00Z');

  // What the screen should show, worked out from the readings as sent (the last one sent for an
  // interval standing), not from anything the server stored.
  function expectedFrom(sent: Sent[], names: string[]) {
    const byKey = new Map<string, Sent>();
    for (const r of sent) byKey.set(`${r.device} ${r.ts}`, { ...byKey.get(`${r.device} ${r.ts}`), ...r });
    const rows = [...byKey.values()];
    const efficiency: Record<string, number | null> = {};
    let seen = 0;
    let intervals = 0;
    for (const name of names) {
      const mine = rows.filter((r) => r.device === name).sort((x, y) => Date.parse(x.ts) - Date.parse(y.ts));
      const withEfficiency = mine.filter((r) => r.efficiency !== undefined && Date.parse(r.ts) >= windowStart);
      efficiency[name] = withEfficiency.at(-1)?.efficiency ?? null;
      seen += mine.filter((r) => Date.parse(r.ts) >= windowStart && Date.parse(r.ts) < windowEnd).length;
      // Registered "now" on the wall clock, long after the test's clock: the first reading opens the window.
      intervals += (windowEnd - Math.max(windowStart, Date.parse(mine[0]!.ts))) / (5 * MIN);
    }
    const known = Object.values(efficiency).filter((e): e is number => e !== null);
    return {
      efficiency,
      averageEfficiencyPct: known.length ? known.reduce((x, y) => x + y, 0) / known.length : null,
      uptimePct: (seen / intervals) * 100,
    };
  }

  async function compactAll() {
    const { runReadingCompaction } = await import('../readings/reading-compaction.service');
    let after: string | null = null;
    for (;;) {
      const batch = await runReadingCompaction(t.database.db, now, after);
      if (batch.households.length < 20) return;
      after = batch.households.at(-1)!;
    }
  }

  it('gives the answers worked out from the readings, before and after the closed days are compacted and after late readings', async () => {
    const home = await memberWithHousehold(t, { pv: 'solar_panel', heat: 'temperature', lamp3: 'lighting', fresh: 'power', since: 'power' });
    const names = ['pv', 'heat', 'lamp3', 'fresh', 'since'];
    const sent: Sent[] = [];
    const day = (d: string, hhmm: string) => `${d}T${hhmm}:00.000Z`;
    // The panel: an efficiency at noon and 12:05 on each of the last 25 days, none in the evening.
    for (let i = 25; i >= 1; i--) {
      const d = iso(Date.parse('2026-01-15T00:00:00Z') - i * 24 * H).slice(0, 10);
      sent.push({ device: 'pv', ts: day(d, '12:00'), powerW: 300, efficiency: 20 + (i % 5) });
      sent.push({ device: 'pv', ts: day(d, '12:05'), powerW: 280, efficiency: 19 + (i % 7) });
      sent.push({ device: 'pv', ts: day(d, '18:40'), powerW: 0 });
    }
    sent.push({ device: 'pv', ts: '2026-01-15T19:30:00.000Z', powerW: 0 });
    // The heater: 95 % before the window, 88 % on a day that gets compacted, none since.
    sent.push({ device: 'heat', ts: '2025-12-06T12:00:00.000Z', powerW: 900, efficiency: 95 });
    sent.push({ device: 'heat', ts: '2026-01-02T07:15:00.000Z', powerW: 900, efficiency: 88 });
    sent.push({ device: 'heat', ts: '2026-01-02T07:20:00.000Z', powerW: 900 });
    sent.push({ device: 'heat', ts: '2026-01-12T07:20:00.000Z', powerW: 900 });
    // The lamp: from before the window, never an efficiency.
    for (let i = 0; i < 48; i++) sent.push({ device: 'lamp3', ts: iso(Date.parse('2025-12-01T00:00:00Z') + i * 24 * H + (i % 12) * 5 * MIN), powerW: 9 });
    // First seen inside the window, off the hour: once on a day that gets compacted, once on an open day.
    for (let i = 0; i < 30; i++) sent.push({ device: 'since', ts: iso(Date.parse('2025-12-20T07:25:00Z') + i * 5 * MIN), powerW: 50 });
    for (let i = 0; i < 30; i++) sent.push({ device: 'fresh', ts: iso(Date.parse('2026-01-10T03:35:00Z') + i * 5 * MIN), powerW: 70 });
    await store(t.database.db, home.household.id, { devices: sent });

    // The expectation agrees with the raw rows as stored.
    const raw = rowsOf<{ name: string; n: number; first: string }>(
      await t.database.db.execute(sql`select d.name, count(*)::int as n, min(r.ts) as first from device_readings r join devices d on d.id = r.device_id
        where d.household_id = ${home.household.id}::uuid group by d.name`),
    );
    for (const name of names) {
      const mine = sent.filter((r) => r.device === name);
      expect(raw.find((r) => r.name === name)).toMatchObject({ n: mine.length });
      expect(new Date(raw.find((r) => r.name === name)!.first).toISOString()).toBe(mine.map((r) => r.ts).sort()[0]);
    }

    const check = async () => {
      const expected = expectedFrom(sent, names);
      const { body } = await get<DevicesOverview>(home.member, '/api/devices');
      expect(Object.fromEntries(body.devices.map((d) => [d.name, d.efficiencyPct]))).toEqual(expected.efficiency);
      expect(body.cards.averageEfficiencyPct).toBeCloseTo(expected.averageEfficiencyPct!, 10);
      expect(body.cards.uptimePct).toBeCloseTo(expected.uptimePct, 10);
      return body;
    };
    const before = await check();
    // Sanity of the scenario: the panel's newest efficiency is yesterday's 12:05, the heater's the compacted 88.
    expect(before.devices.find((d) => d.name === 'heat')!.efficiencyPct).toBe(88);

    await compactAll();
    const [{ days }] = rowsOf<{ days: number }>(
      await t.database.db.execute(sql`select count(*)::int as days from device_reading_days x join devices d on d.id = x.device_id where d.household_id = ${home.household.id}::uuid`),
    ) as [{ days: number }];
    expect(days).toBeGreaterThan(0);
    expect(await check()).toEqual(before);

    // Late readings inside the correction window: a newer efficiency for both, an earlier first reading.
    const late: Sent[] = [
      { device: 'pv', ts: '2026-01-15T10:00:00.000Z', powerW: 150, efficiency: 23 },
      { device: 'heat', ts: '2026-01-13T08:00:00.000Z', powerW: 900, efficiency: 91 },
      { device: 'fresh', ts: '2026-01-09T22:10:00.000Z', powerW: 70 },
      { device: 'pv', ts: '2026-01-15T19:30:00.000Z', powerW: 0 },
    ];
    await store(t.database.db, home.household.id, { devices: late });
    sent.push(...late);
    const after = await check();
    expect(Object.fromEntries(after.devices.map((d) => [d.name, d.efficiencyPct]))).toMatchObject({ pv: 23, heat: 91 });
    expect(after.cards.uptimePct).not.toBeCloseTo(before.cards.uptimePct!, 6);

    // And a correction of the newest efficiency.
    const correction: Sent[] = [{ device: 'pv', ts: '2026-01-15T10:00:00.000Z', powerW: 150, efficiency: 24 }];
    await store(t.database.db, home.household.id, { devices: correction });
    sent.push(...correction);
    expect((await check()).devices.find((d) => d.name === 'pv')!.efficiencyPct).toBe(24);
  });
});
