import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES, maintenanceOverviewSchema, recentAlertsSchema, type MaintenanceOverview } from '@peakwise/contracts/maintenance.contract';
import { addDays } from '@peakwise/domain/local-time';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { evaluateHousehold } from './maintenance-evaluation.service';
import { day, maintenanceHome, NOW, TODAY, type MaintenanceHome } from './maintenance.test-helper';

let t: TestApp;
let home: MaintenanceHome;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  home = await maintenanceHome(t);
  await evaluateHousehold(t.database.db, home.household.id, NOW);
  await t.database.db.execute(sql`update maintenance_components set next_maintenance = ${day(1)}::date where device_id = ${home.devices.thermo!.id}::uuid`);
  await evaluateHousehold(t.database.db, home.household.id, NOW);
  stranger = await createMember(t.app);
}, 60_000);
afterAll(() => t.close());

const post = (member: Member | null, path: string, body?: unknown) =>
  t.app.request(path, { method: 'POST', headers: member ? asMember(member) : { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function overview(member: Member = home.member): Promise<MaintenanceOverview> {
  const res = await t.app.request('/api/maintenance', { headers: asMember(member) });
  expect(res.status).toBe(200);
  return maintenanceOverviewSchema.parse(await res.json());
}
const alertOf = async (cause: string) => (await overview()).alerts.find((a) => a.cause === cause)!;
const componentOf = async (name: string) => (await overview()).components.find((c) => c.name === name)!;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: { message: string }[] } }).error;

/** Everything an action may change, to show a refused one changed nothing. */
async function state() {
  const q = async (text: string) => rowsOf(await t.database.db.execute(sql.raw(text)));
  return {
    components: await q('select id, last_maintenance, next_maintenance, next_maintenance_source from maintenance_components order by id'),
    alerts: await q('select id, resolved_at, dismissed_at, dismissed_by, scheduled_for from maintenance_alerts order by id'),
    actions: await q('select * from maintenance_actions order by id'),
  };
}

describe('maintenance actions: access', () => {
  it('401 anonymous on every route', async () => {
    const alert = await alertOf('night_flow');
    const component = await componentOf('p3');
    expect((await t.app.request('/api/maintenance')).status).toBe(401);
    expect((await t.app.request('/api/dashboard/alerts')).status).toBe(401);
    expect((await post(null, `/api/maintenance/alerts/${alert.id}/dismiss`)).status).toBe(401);
    expect((await post(null, `/api/maintenance/alerts/${alert.id}/schedule`, { date: TODAY })).status).toBe(401);
    expect((await post(null, `/api/maintenance/components/${component.id}/schedule`, { date: TODAY })).status).toBe(401);
    expect((await post(null, `/api/maintenance/components/${component.id}/complete`, {})).status).toBe(401);
  });

  it('another household’s alerts and components answer 404 like unknown and malformed ids, and nothing changes', async () => {
    const alert = await alertOf('night_flow');
    const component = await componentOf('p3');
    const before = await state();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [alert.id, unknown, 'not-a-uuid']) {
      for (const [path, body] of [[`/api/maintenance/alerts/${id}/dismiss`, undefined], [`/api/maintenance/alerts/${id}/schedule`, { date: addDays(TODAY, 3) }]] as const) {
        const res = await post(stranger, path, body);
        expect(res.status, path).toBe(404);
        expect(await errorOf(res)).toEqual({ code: 'not_found', message: MAINTENANCE_MESSAGES.alertNotFound });
      }
    }
    for (const id of [component.id, unknown, 'not-a-uuid']) {
      for (const [path, body] of [[`/api/maintenance/components/${id}/schedule`, { date: addDays(TODAY, 3) }], [`/api/maintenance/components/${id}/complete`, {}]] as const) {
        const res = await post(stranger, path, body);
        expect(res.status, path).toBe(404);
        expect(await errorOf(res)).toEqual({ code: 'not_found', message: MAINTENANCE_MESSAGES.componentNotFound });
      }
    }
    expect(await state()).toEqual(before);
    // The stranger's own screens are empty, not someone else's.
    const theirs = await overview(stranger);
    expect(theirs.components).toEqual([]);
    expect(theirs.alerts).toEqual([]);
    expect(theirs.cards).toEqual({ averageHealthPct: null, componentCount: 0, nextMaintenance: null, averageMttrHours: null });
    const recent = recentAlertsSchema.parse(await (await t.app.request('/api/dashboard/alerts', { headers: asMember(stranger) })).json());
    expect(recent.alerts).toEqual([]);
  });
});

describe('maintenance actions', () => {
  it('Dismiss hides the alert for good, with who and when; a re-evaluation does not bring it back', async () => {
    const leak = await alertOf('night_flow');
    const res = await post(home.member, `/api/maintenance/alerts/${leak.id}/dismiss`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: leak.id, dismissedAt: NOW.toISOString() });
    const [row] = rowsOf<{ dismissed_by: string }>(await t.database.db.execute(sql`select dismissed_by from maintenance_alerts where id = ${leak.id}::uuid`));
    expect(row!.dismissed_by).toBe(home.member.userId);

    await evaluateHousehold(t.database.db, home.household.id, new Date(NOW.getTime() + 60_000));
    expect((await overview()).alerts.map((a) => a.id)).not.toContain(leak.id);
    const recent = recentAlertsSchema.parse(await (await t.app.request('/api/dashboard/alerts', { headers: asMember(home.member) })).json());
    expect(recent.alerts.map((a) => a.id)).not.toContain(leak.id);
    const open = rowsOf(await t.database.db.execute(sql`select id from maintenance_alerts where cause = 'night_flow' and resolved_at is null`));
    expect(open).toEqual([{ id: leak.id }]);
    // Dismissing again changes nothing.
    expect(await (await post(home.member, `/api/maintenance/alerts/${leak.id}/dismiss`)).json()).toEqual({ id: leak.id, dismissedAt: NOW.toISOString() });
  });

  it('Take Action schedules the component’s maintenance, shows the date on its alert and records who asked', async () => {
    const dirt = await alertOf('panel_soiling');
    const date = addDays(TODAY, 3);
    const res = await post(home.member, `/api/maintenance/alerts/${dirt.id}/schedule`, { date });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { component: unknown }).component).toMatchObject({ name: 'p3', nextMaintenance: date, nextMaintenanceSource: 'scheduled' });
    expect((await alertOf('panel_soiling')).scheduledFor).toBe(date);
    const actions = rowsOf(await t.database.db.execute(sql`select action, date::text, alert_id::text, requested_by from maintenance_actions`));
    expect(actions).toEqual([{ action: 'scheduled', date, alert_id: dirt.id, requested_by: home.member.userId }]);
    // The overdue thermostat is still the earliest.
    expect((await overview()).cards.nextMaintenance).toMatchObject({ component: 'thermo', date: day(1) });
  });

  it('Schedule from the upcoming list moves the next maintenance and answers the preventive alert at once', async () => {
    const due = await alertOf('maintenance_due');
    expect(due).toMatchObject({ device: 'thermo', priority: 'high' });
    const thermo = await componentOf('thermo');
    const date = addDays(TODAY, 2);
    const res = await post(home.member, `/api/maintenance/components/${thermo.id}/schedule`, { date });
    expect(res.status).toBe(200);
    const o = await overview();
    expect(o.alerts.some((a) => a.cause === 'maintenance_due')).toBe(false);
    expect(o.cards.nextMaintenance).toEqual({ componentId: thermo.id, component: 'thermo', date });
    expect(o.upcoming.map((c) => [c.name, c.nextMaintenance])).toEqual([
      ['thermo', date],
      ['p3', addDays(TODAY, 3)],
      ['sump', addDays(TODAY, 90)],
    ]);
    // A cleared alert has nothing left to act on.
    const late = await post(home.member, `/api/maintenance/alerts/${due.id}/schedule`, { date });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({ message: MAINTENANCE_MESSAGES.alertResolved });
  });

  it('Mark as done records the day and counts the next routine date from it', async () => {
    const sump = await componentOf('sump');
    const res = await post(home.member, `/api/maintenance/components/${sump.id}/complete`, {});
    expect(res.status).toBe(200);
    // Sump pumps are tested every 90 days.
    expect(((await res.json()) as { component: unknown }).component).toMatchObject({ lastMaintenance: TODAY, nextMaintenance: addDays(TODAY, 90), nextMaintenanceSource: 'interval' });
    const done = rowsOf(await t.database.db.execute(sql`select date::text, requested_by from maintenance_actions where action = 'completed'`));
    expect(done).toEqual([{ date: TODAY, requested_by: home.member.userId }]);
  });

  it('refuses bad dates with the exact message and changes nothing', async () => {
    const p3 = await componentOf('p3');
    const before = await state();
    const cases: [string, unknown, string][] = [
      [`/api/maintenance/components/${p3.id}/schedule`, { date: day(1) }, MAINTENANCE_MESSAGES.scheduleInPast],
      [`/api/maintenance/components/${p3.id}/schedule`, { date: addDays(TODAY, 731) }, MAINTENANCE_MESSAGES.scheduleTooFar],
      [`/api/maintenance/components/${p3.id}/complete`, { date: addDays(TODAY, 1) }, MAINTENANCE_MESSAGES.completeInFuture],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(home.member, path, body);
      expect(res.status, message).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    for (const body of [{ date: '2026-02-30' }, { date: '20/02/2026' }, {}, { date: TODAY, extra: 1 }]) {
      const res = await post(home.member, `/api/maintenance/components/${p3.id}/schedule`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code).toBe('validation_failed');
    }
    const invalid = await errorOf(await post(home.member, `/api/maintenance/components/${p3.id}/schedule`, { date: '2026-02-30' }));
    expect(invalid.details).toEqual([{ path: 'date', message: 'Choose a valid date.' }]);
    // Today and exactly two years ahead are fine.
    expect(await state()).toEqual(before);
    expect((await post(home.member, `/api/maintenance/components/${p3.id}/schedule`, { date: addDays(TODAY, 730) })).status).toBe(200);
    expect((await post(home.member, `/api/maintenance/components/${p3.id}/schedule`, { date: TODAY })).status).toBe(200);
  });

  it('a removed device takes its component and alerts off the screen', async () => {
    const camera = await alertOf('resolution');
    const res = await t.app.request(`/api/devices/${home.devices.cam!.id}`, { method: 'DELETE', headers: asMember(home.member) });
    expect(res.status).toBe(204);
    const o = await overview();
    expect(o.components.map((c) => c.name)).not.toContain('cam');
    expect(o.alerts.map((a) => a.id)).not.toContain(camera.id);
    expect((await post(home.member, `/api/maintenance/alerts/${camera.id}/dismiss`)).status).toBe(404);
    await evaluateHousehold(t.database.db, home.household.id, NOW);
    const [row] = rowsOf<{ resolved: boolean }>(await t.database.db.execute(sql`select resolved_at is not null as resolved from maintenance_alerts where id = ${camera.id}::uuid`));
    expect(row!.resolved).toBe(true);
  });
});
