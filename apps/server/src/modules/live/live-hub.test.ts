import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { notifySql, READINGS_CHANNEL } from '../../lib/notify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedHousehold } from '../../test/household-fixture';
import { asMember, createMember } from '../../test/test-session';
import { findHouseholdByOwner } from '../households/household.repository';
import { createLiveHub, type LiveHub, type LiveSubscriber } from './live-hub';

type HubEvent = Parameters<LiveSubscriber>[0];
import { recordLivePower } from './live-power.repository';

describe('LiveHub', () => {
  let t: TestApp;
  let database: Database;
  const hubs: LiveHub[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    database = t.database;
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.close()));
    await t.close();
  });
  const hub = () => {
    const h = createLiveHub(database);
    hubs.push(h);
    return h;
  };

  it('two hubs (two LISTEN sessions, as two server processes) both receive one NOTIFY, for their household only', async () => {
    const a: HubEvent[] = [];
    const b: HubEvent[] = [];
    const other: HubEvent[] = [];
    const [h1, h2] = [hub(), hub()];
    await h1.subscribe('hh-1', (e) => a.push(e));
    await h2.subscribe('hh-1', (e) => b.push(e));
    await h2.subscribe('hh-2', (e) => other.push(e));
    await database.db.execute(notifySql(READINGS_CHANNEL, { householdId: 'hh-1', latestTs: '2026-01-15T17:00:00.000Z', kinds: ['meter'] }));
    const expected = { event: 'readings', data: { householdId: 'hh-1', latestTs: '2026-01-15T17:00:00.000Z', kinds: ['meter'] } };
    await expect.poll(() => [a, b], { timeout: 5_000 }).toEqual([[expected], [expected]]);
    expect(other).toEqual([]);
  });

  it('hears nothing from a rolled-back transaction', async () => {
    const got: HubEvent[] = [];
    await hub().subscribe('hh-rollback', (e) => got.push(e));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(notifySql(READINGS_CHANNEL, { householdId: 'hh-rollback', latestTs: 'x', kinds: [] }));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.execute(notifySql(READINGS_CHANNEL, { householdId: 'hh-rollback', latestTs: 'after', kinds: [] }));
    await expect.poll(() => got.length, { timeout: 5_000 }).toBe(1);
    expect(got[0]).toMatchObject({ data: { latestTs: 'after' } });
  });

  it('pushes a newer live power sample, and not a stale one', async () => {
    const home = await seedHousehold(database.db);
    const got: HubEvent[] = [];
    await hub().subscribe(home.household.id, (e) => got.push(e));
    const ts = new Date('2026-01-15T17:00:03.000Z');
    await recordLivePower(database.db, home.household.id, { ts, powerW: 1520.5 });
    await recordLivePower(database.db, home.household.id, { ts: new Date(ts.getTime() - 1000), powerW: 1 });
    await expect.poll(() => got, { timeout: 5_000 }).toEqual([{ event: 'power', data: { householdId: home.household.id, ts: ts.toISOString(), powerW: 1520.5 } }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got).toHaveLength(1);
  });

  it('GET /api/live streams the signed-in member’s household events as SSE; 401 when signed out', async () => {
    expect((await t.app.request('/api/live')).status).toBe(401);
    const member = await createMember(t.app);
    const controller = new AbortController();
    const res = await t.app.request('/api/live', { headers: asMember(member), signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const household = await findHouseholdByOwner(database.db, member.userId);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    expect(text).toMatch(/retry: 5000/);
    await recordLivePower(database.db, household!.id, { ts: new Date('2026-01-15T17:00:00Z'), powerW: 640 });
    await readUntil('event: power');
    expect(text).toContain(`data: {"householdId":"${household!.id}","ts":"2026-01-15T17:00:00.000Z","powerW":640}`);
    controller.abort();
    await reader.cancel().catch(() => {});
    await database.db.execute(sql`select 1`);
  });
});
