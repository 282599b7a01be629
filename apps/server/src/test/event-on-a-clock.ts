import { setOperator } from '../modules/auth/user-role.repository';
import { upsertProgram } from '../modules/events/events.repository';
import { createTestApp, type TestApp } from './test-app';
import { asMember, createMember, type Member } from './test-session';

/**
 * Test support: the app on a clock the test moves, an operator, a member and an Ontario program
 * with the usual defaults (100 points at a 10 % cut, 4 hours' notice), for tests that take one
 * event from its announcement to its settlement.
 */
export type EventOnAClock = {
  t: TestApp;
  operator: Member;
  member: Member;
  programId: string;
  /** What the app and the jobs read as now. */
  clock: { now: Date };
  call(who: Member, method: string, path: string, body?: unknown): Response | Promise<Response>;
  /** The operator announces the event and the member opts in; answers its id. */
  scheduleOptedIn(startsAt: Date, endsAt: Date): Promise<string>;
};

export async function startEventOnAClock(): Promise<EventOnAClock> {
  const clock = { now: new Date() };
  const t = await createTestApp({ clock: () => clock.now });
  const operator = await createMember(t.app);
  await setOperator(t.database.db, operator.email);
  const member = await createMember(t.app);
  const programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  const call = (who: Member, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return {
    t,
    operator,
    member,
    programId,
    clock,
    call,
    async scheduleOptedIn(startsAt, endsAt) {
      await call(member, 'GET', '/api/household');
      const created = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() });
      if (created.status !== 201) throw new Error(`the event was not created: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      const joined = await call(member, 'PUT', `/api/events/${id}/participation`, { optedIn: true });
      if (joined.status !== 200) throw new Error(`the member could not opt in: ${joined.status}`);
      return id;
    },
  };
}
