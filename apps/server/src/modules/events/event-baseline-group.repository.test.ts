import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { gridOnlyReading } from '../../test/grid-only-readings';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { peerPools, solarParticipants } from './event-baseline-group.repository';
import { upsertProgram } from './events.repository';

/*
 * The comparison group's "same solar status" (decision 112): a home is solar with a live panel, or
 * when its meter reported production or export in the look-back, so a home whose panels report
 * only through the meter is compared with solar homes, not with homes without panels.
 */

const HOUR = 3_600_000;

describe('solar status in the comparison group', () => {
  let t: TestApp;
  const now = new Date();
  const homes = new Map<string, string>();
  const names = ['member', 'plain', 'meterSolar', 'panelSolar', 'removedPanel', 'oldExport'] as const;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    const members = new Map<string, Member>();
    for (const name of names) {
      const m = await createMember(t.app);
      members.set(name, m);
      homes.set(name, (await ensureHouseholdForUser(t.database.db, m.userId)).id);
    }
    // An hour of readings two days ago for each home. The member's gateway reports its panels'
    // production and an export; meterSolar's meter knows only the grid (a Green Button file: no
    // production column), so its panels show only as export.
    const base = Math.floor((now.getTime() - 2 * 24 * HOUR) / HOUR) * HOUR;
    for (const name of names) {
      const token = (await issueIngestCredential(t.database.db, homes.get(name)!, null, 'test')).token;
      const meter = Array.from({ length: 12 }, (_, k) => {
        const ts = new Date(base + k * 300_000).toISOString();
        if (name === 'member') return { ts, productionKwh: 0.05, consumptionKwh: 0.1, gridImportKwh: 0.06, gridExportKwh: 0.01 };
        if (name === 'meterSolar') return { ts, productionKwh: 0, consumptionKwh: 0.06, gridImportKwh: 0.06, gridExportKwh: 0.01 };
        return gridOnlyReading(base + k * 300_000, 0.1);
      });
      const res = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
      expect(res.status).toBe(200);
    }
    // A live panel, a removed one, and an export 90 days back (outside the look-back).
    await t.database.db.execute(sql`insert into devices (household_id, external_id, name, kind) values (${homes.get('panelSolar')!}::uuid, 'panel-1', 'Panel 1', 'solar_panel')`);
    await t.database.db.execute(sql`insert into devices (household_id, external_id, name, kind, removed_at) values (${homes.get('removedPanel')!}::uuid, 'panel-1', 'Panel 1', 'solar_panel', now())`);
    await t.database.db.execute(sql`
      insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
      values (${homes.get('oldExport')!}::uuid, (now() - interval '90 days')::date, 0, 1, 0.5, 0.5, 288)`);
    const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const startsAt = new Date(Math.ceil((now.getTime() + 6 * HOUR) / HOUR) * HOUR);
    const created = await t.app.request('/api/ops/events', {
      method: 'POST',
      headers: asMember(operator),
      body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + HOUR).toISOString() }),
    });
    expect(created.status).toBe(201);
    eventId = ((await created.json()) as { id: string }).id;
    for (const name of ['member', 'plain'] as const) {
      const res = await t.app.request(`/api/events/${eventId}/participation`, { method: 'PUT', headers: asMember(members.get(name)!), body: JSON.stringify({ optedIn: true }) });
      expect(res.status).toBe(200);
    }
  }, 120_000);
  afterAll(() => t.close());

  const ids = (...which: (typeof names)[number][]) => which.map((n) => homes.get(n)!).sort();

  it('pools a home whose meter exports with solar homes, and a home without with the rest', async () => {
    const pools = await peerPools(t.database.db, eventId, ids('member', 'plain'));
    // The other opted-in home is called, so in no pool.
    expect([...(pools.get(homes.get('member')!) ?? [])].sort()).toEqual(ids('meterSolar', 'panelSolar'));
    expect([...(pools.get(homes.get('plain')!) ?? [])].sort()).toEqual(ids('removedPanel', 'oldExport'));
  });

  it('marks the opted-in homes that have solar', async () => {
    expect([...(await solarParticipants(t.database.db, eventId))]).toEqual(ids('member'));
  });
});
