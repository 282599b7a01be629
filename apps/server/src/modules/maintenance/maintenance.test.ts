import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceOverviewSchema, recentAlertsSchema, type MaintenanceOverview } from '@peakwise/contracts/maintenance.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { store } from '../energy/energy.test-helper';
import { evaluateHousehold } from './maintenance-evaluation.service';
import { day, maintenanceHome, NOW, PANEL3_FACTOR, panel4Factor, TODAY, type MaintenanceHome } from './maintenance.test-helper';

let now = NOW;
let t: TestApp;
let home: MaintenanceHome;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  home = await maintenanceHome(t);
  // The first pass creates the components; then the thermostat's filter is a day overdue.
  await evaluateHousehold(t.database.db, home.household.id, now);
  await t.database.db.execute(sql`update maintenance_components set next_maintenance = ${day(1)}::date where device_id = ${home.devices.thermo!.id}::uuid`);
  await evaluateHousehold(t.database.db, home.household.id, now);
}, 60_000);
afterAll(() => t.close());

async function overview(member: Member, range = '30d'): Promise<MaintenanceOverview> {
  const res = await t.app.request(`/api/maintenance?range=${range}`, { headers: asMember(member) });
  expect(res.status).toBe(200);
  return maintenanceOverviewSchema.parse(await res.json());
}
const byName = (o: MaintenanceOverview, name: string) => o.components.find((c) => c.name === name)!;

// The latest scores, worked out from the stored data: panels against the median panel (1.0),
// the array against its usual level, everything else by the share of yesterday's 288 intervals.
const EXPECTED_LATEST = {
  p1: 100,
  p2: 100,
  p3: 100 * PANEL3_FACTOR,
  p4: 100 * panel4Factor(1),
  p5: 100,
  'Solar array': 100,
  cam: (100 * 24) / 288,
  wm: (100 * (288 - 24)) / 288,
  sump: (100 * 150) / 288,
};
const expectedAverage = Object.values(EXPECTED_LATEST).reduce((s, v) => s + v, 0) / Object.values(EXPECTED_LATEST).length;

describe('GET /api/maintenance', () => {
  it('scores every component from its readings and sorts the table healthiest first', async () => {
    const o = await overview(home.member);
    expect(o.today).toBe(TODAY);
    expect(o.cards.componentCount).toBe(10);
    for (const [name, health] of Object.entries(EXPECTED_LATEST)) expect(byName(o, name).healthPct, name).toBeCloseTo(health, 9);
    expect(byName(o, 'thermo')).toMatchObject({ healthPct: null, status: 'unknown', kind: 'hvac' });
    expect(byName(o, 'p4')).toMatchObject({ status: 'warning' });
    expect(byName(o, 'sump')).toMatchObject({ status: 'critical', kind: 'sump_pump' });
    expect(byName(o, 'p3')).toMatchObject({ status: 'operational', task: 'clean_panel', nextMaintenance: null });
    const healths = o.components.map((c) => c.healthPct ?? -1);
    expect(healths).toEqual([...healths].sort((a, b) => b - a));
  });

  it('summarises: average health, count, the earliest due date, average MTTR', async () => {
    const o = await overview(home.member);
    expect(o.cards.averageHealthPct).toBeCloseTo(expectedAverage, 9);
    expect(o.cards.nextMaintenance).toEqual({ componentId: byName(o, 'thermo').id, component: 'thermo', date: day(1) });
    const mttrs = o.components.map((c) => c.mttrHours).filter((v): v is number => v !== null);
    expect(o.cards.averageMttrHours).toBeCloseTo(mttrs.reduce((s, v) => s + v, 0) / mttrs.length, 9);
  });

  it('MTBF and MTTR from the water meter’s one two-hour outage', async () => {
    // Watched from the hour after its first (D-2 01:00 local) to the last whole hour (today 11:00): 59 hours.
    const wm = byName(await overview(home.member), 'wm');
    expect(wm).toMatchObject({ reliabilitySource: 'observed', mttrHours: 2, mtbfHours: 59 - 2 });
  });

  it('finds each kind of alert, highest priority first', async () => {
    const o = await overview(home.member);
    const found = o.alerts.map((a) => [a.device, a.type, a.cause, a.priority, a.metric.kind, a.metric.value]);
    expect(found[0]).toEqual(['thermo', 'preventive', 'maintenance_due', 'high', 'days_until_due', -1]);
    expect(found.at(-1)).toEqual(['wm', 'leak', 'night_flow', 'low', 'litres_per_hour', 1.2]);
    expect(found.slice(1, -1)).toEqual(
      expect.arrayContaining([
        // 100 → 88.4 in 30 days: 11.6 %; 88.4 reaches 75 in 34 days at 0.4 a day.
        ['p4', 'predictive', 'health_decline', 'medium', 'degradation_pct', 11.6],
        ['p3', 'cleaning', 'panel_soiling', 'medium', 'hours_to_clean', 0.75],
        ['sump', 'quality', 'cycling', 'medium', 'times_per_day', 40],
        ['cam', 'quality', 'resolution', 'medium', 'resolution_p', 720],
      ]),
    );
    expect(o.alerts).toHaveLength(6);
    expect(o.alerts.find((a) => a.device === 'p4')!.params).toMatchObject({ healthPct: 88.4, daysToCritical: 34 });
    expect(o.alerts.find((a) => a.device === 'p3')!.params).toEqual({ shortfallPct: 10 });
    expect(o.alerts.find((a) => a.device === 'sump')!.params).toEqual({ usualPerDay: 6 });
    expect(o.alerts.find((a) => a.device === 'cam')!.params).toEqual({ usualP: 1080 });
    expect(o.alerts.find((a) => a.device === 'wm')!.params).toEqual({ night: TODAY });
  });

  it('charts daily health over 30 days, 90 days or a year, missing days as null', async () => {
    for (const [range, days] of [['30d', 30], ['90d', 90], ['365d', 365]] as const) {
      const o = await overview(home.member, range);
      expect(o.performance).toHaveLength(days);
      expect(o.performance.at(-1)!.date).toBe(day(1));
      expect(o.performance[0]!.date).toBe(day(days));
    }
    const o = await overview(home.member, '30d');
    // Yesterday: every scored component. 30 days ago only the array: a panel's first day is partial.
    expect(o.performance.at(-1)!.averageHealthPct).toBeCloseTo(expectedAverage, 9);
    expect(o.performance.at(-1)!.lowestHealthPct).toBeCloseTo(EXPECTED_LATEST.cam, 9);
    expect(o.performance[0]).toEqual({ date: day(30), averageHealthPct: 100, lowestHealthPct: 100 });
    expect((await overview(home.member, '90d')).performance.at(-31)).toEqual({ date: day(31), averageHealthPct: null, lowestHealthPct: null });
    const bad = await t.app.request('/api/maintenance?range=7d', { headers: asMember(home.member) });
    expect(bad.status).toBe(400);
  });

  it('sets each device’s status from its component, which the Solar screen shows', async () => {
    const res = await t.app.request('/api/solar/summary?period=today', { headers: asMember(home.member) });
    const panels = ((await res.json()) as { panels: { name: string; status: string }[] }).panels;
    expect(Object.fromEntries(panels.map((p) => [p.name, p.status]))).toEqual({ p1: 'operational', p2: 'operational', p3: 'operational', p4: 'warning', p5: 'operational' });
  });

  it('the Dashboard’s Recent Alerts: the newest four', async () => {
    const res = await t.app.request('/api/dashboard/alerts', { headers: asMember(home.member) });
    const body = recentAlertsSchema.parse(await res.json());
    expect(body.alerts).toHaveLength(4);
    expect(body.timeZone).toBe('America/Toronto');
  });

  it('re-running an evaluation changes nothing', async () => {
    const snapshot = async () => ({
      alerts: rowsOf(await t.database.db.execute(sql`select id, cause, priority, metric_value, params, detected_at, resolved_at from maintenance_alerts order by id`)),
      health: rowsOf(await t.database.db.execute(sql`select * from component_health order by component_id, local_date`)),
    });
    const before = await snapshot();
    expect(await evaluateHousehold(t.database.db, home.household.id, now)).toEqual({ scoredDays: 0, opened: 0, resolved: 0 });
    const after = await snapshot();
    expect(after.health).toEqual(before.health);
    expect(after.alerts).toEqual(before.alerts);
  });

  it('an alert whose cause clears resolves itself (the camera back at 1080p a day later)', async () => {
    const camera = (await overview(home.member)).alerts.find((a) => a.cause === 'resolution')!;
    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    const readings = [];
    for (let ms = NOW.getTime(); ms < later.getTime(); ms += 3_600_000) {
      readings.push({ device: 'cam', ts: new Date(ms).toISOString(), powerW: 5, energyKwh: 0.0004, metrics: { resolutionP: 1080, motionEvents: 0 } });
    }
    await store(t.database.db, home.household.id, { devices: readings });
    now = later;
    await evaluateHousehold(t.database.db, home.household.id, now);
    const o = await overview(home.member);
    expect(o.alerts.map((a) => a.id)).not.toContain(camera.id);
    const [row] = rowsOf<{ resolved_at: Date | string | null }>(await t.database.db.execute(sql`select resolved_at from maintenance_alerts where id = ${camera.id}::uuid`));
    expect(new Date(row!.resolved_at!).toISOString()).toBe(later.toISOString());
    // The sump pump sent nothing since: its rule cannot tell, so its alert stays open.
    expect(o.alerts.some((a) => a.cause === 'cycling')).toBe(true);
  });
});
