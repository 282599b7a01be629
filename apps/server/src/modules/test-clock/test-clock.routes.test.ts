import { TEST_CLOCK_MESSAGES } from '@peakwise/contracts/test-clock.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { upsertProgram } from '../events/events.repository';

const HOUR_MS = 3_600_000;

describe('test clock', () => {
  // A fixed real time, so every expected instant is worked out here by adding milliseconds.
  const real = Date.parse('2026-11-24T15:02:00Z');
  const clock = createClock({ realNow: () => real });
  let t: TestApp;
  let plain: TestApp;
  let unset: TestApp;
  let operator: Member;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => clock.now(), testClock: clock });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    plain = await createTestApp({ database: t.database });
    // The clock without the setting (as a wiring mistake would give) mounts nothing either.
    unset = await createTestApp({ database: t.database, testClock: clock, env: { TEST_CLOCK: 'false' } });
  });
  afterAll(async () => {
    await plain?.close();
    await unset?.close();
    await t?.close();
  });

  const call = (app: TestApp['app'], who: Member | null, method: string, path: string, body?: unknown) =>
    app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('does not exist on a server without the test-clock setting, even for an operator', async () => {
    expect((await call(plain.app, operator, 'GET', '/api/ops/clock')).status).toBe(404);
    expect((await call(plain.app, operator, 'PUT', '/api/ops/clock', { offsetMs: HOUR_MS })).status).toBe(404);
    expect((await call(unset.app, operator, 'PUT', '/api/ops/clock', { offsetMs: HOUR_MS })).status).toBe(404);
    expect(clock.offsetMs()).toBe(0);
  });

  it('is for operators only: 401 anonymous, 404 for a member', async () => {
    for (const [method, body] of [['GET'], ['PUT', { offsetMs: HOUR_MS }]] as const) {
      expect((await call(t.app, null, method, '/api/ops/clock', body)).status).toBe(401);
      const res = await call(t.app, member, method, '/api/ops/clock', body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect(clock.offsetMs()).toBe(0);
  });

  it('moves forward, back to real time, and refuses an offset behind real time or out of range', async () => {
    expect(await (await call(t.app, operator, 'GET', '/api/ops/clock')).json()).toEqual({ now: '2026-11-24T15:02:00.000Z', offsetMs: 0 });
    const moved = await call(t.app, operator, 'PUT', '/api/ops/clock', { offsetMs: 2 * HOUR_MS + 5 * 60_000 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: '2026-11-24T17:07:00.000Z', offsetMs: 7_500_000 });
    for (const body of [{ offsetMs: -1 }, { offsetMs: 1.5 }, { offsetMs: '60000' }, { offsetMs: 367 * 24 * HOUR_MS }, {}]) {
      const res = await call(t.app, operator, 'PUT', '/api/ops/clock', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(TEST_CLOCK_MESSAGES.offset);
    }
    expect(clock.offsetMs()).toBe(7_500_000);
    expect(await (await call(t.app, operator, 'PUT', '/api/ops/clock', { offsetMs: 0 })).json()).toEqual({ now: '2026-11-24T15:02:00.000Z', offsetMs: 0 });
  });

  it('is the clock the events API reads: opting in closes when the moved clock passes the start', async () => {
    const programId = await upsertProgram(t.database.db, { name: 'Clock test program', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    await call(t.app, member, 'GET', '/api/household');
    const startsAt = new Date(real + 30 * 60_000);
    const scheduled = await call(t.app, operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + HOUR_MS).toISOString() });
    expect(scheduled.status).toBe(201);
    const { id } = (await scheduled.json()) as { id: string };
    expect((await call(t.app, member, 'PUT', `/api/events/${id}/participation`, { optedIn: true })).status).toBe(200);

    await call(t.app, operator, 'PUT', '/api/ops/clock', { offsetMs: 31 * 60_000 });
    const late = await call(t.app, member, 'PUT', `/api/events/${id}/participation`, { optedIn: false });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('opt_in_closed');
    // An event the moved clock has passed can no longer be scheduled at that time either.
    const past = await call(t.app, operator, 'POST', '/api/ops/events', { programId, startsAt: new Date(real + 20 * 60_000).toISOString(), endsAt: new Date(real + 80 * 60_000).toISOString() });
    expect(past.status).toBe(400);
    await call(t.app, operator, 'PUT', '/api/ops/clock', { offsetMs: 0 });
  });
});
