import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { setOperator } from '../modules/auth/user-role.repository';
import { ensureDemoProgram, ontarioProgram, provincialDemoPrograms } from '../simulator/demo-programs';
import { scheduleNextDemoEvent, type DemoSchedule } from '../simulator/demo-event-schedule';
import { createTestApp, type TestApp } from '../test/test-app';
import { createMember } from '../test/test-session';
import { demoEventJobHandlers } from './demo-event-jobs';
import { startDurableWorker, type DurableWorker } from './durable-worker';

// Toronto keeps EST all winter: 6 PM is 23:00Z and noon is 17:00Z.
describe('the demo keeps an event ahead', () => {
  let t: TestApp;
  let worker: DurableWorker;
  let now = new Date('2026-12-24T15:00:00Z'); // Thursday 24 December, 10 AM in Toronto
  let programId: string;
  let schedule: DemoSchedule;

  const eventStarts = async () =>
    rowsOf<{ starts_at: Date | string }>(
      await t.database.db.execute(sql`select starts_at from energy_events where program_id = ${programId}::uuid and status <> 'cancelled' order by starts_at`),
    ).map((r) => new Date(r.starts_at).toISOString());
  const jobOf = async (key: string) =>
    rowsOf<{ run_at: Date | string; status: string }>(await t.database.db.execute(sql`select run_at, status from durable_jobs where key = ${key}`)).map((r) => ({
      runAt: new Date(r.run_at).toISOString(),
      status: r.status,
    }));
  /** What the worker would do by `at`, including jobs the jobs it ran scheduled for then. */
  const runUntilIdle = async (at: Date) => {
    now = at;
    while ((await worker.runDue()) > 0);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    programId = await ensureDemoProgram(t.database.db, ontarioProgram('2026-12-24'), now);
    schedule = { programId, operatorId: operator.userId, province: 'ON', zone: 'America/Toronto', hours: [18, 19] };
    worker = startDurableWorker({ db: t.database.db, handlers: demoEventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => now });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('schedules tonight’s event once, and at noon that day the next weekday evening’s, past the holidays', async () => {
    await t.database.db.transaction((tx) => scheduleNextDemoEvent(tx, schedule, now));
    await t.database.db.transaction((tx) => scheduleNextDemoEvent(tx, schedule, now));
    expect(await eventStarts()).toEqual(['2026-12-24T23:00:00.000Z']);
    expect(await jobOf(`demo:next-event:${programId}:2026-12-24`)).toEqual([{ runAt: '2026-12-24T17:00:00.000Z', status: 'queued' }]);

    await runUntilIdle(new Date('2026-12-24T16:59:00Z'));
    expect(await eventStarts()).toHaveLength(1);

    await runUntilIdle(new Date('2026-12-24T17:00:00Z'));
    // Christmas, the weekend and Monday the 28th (Boxing Day falls on a Saturday, so it is kept on the Monday) are skipped.
    expect(await eventStarts()).toEqual(['2026-12-24T23:00:00.000Z', '2026-12-29T23:00:00.000Z']);
    expect(await jobOf(`demo:next-event:${programId}:2026-12-29`)).toEqual([{ runAt: '2026-12-29T17:00:00.000Z', status: 'queued' }]);

    await runUntilIdle(new Date('2026-12-29T17:00:00Z'));
    expect((await eventStarts()).at(-1)).toBe('2026-12-30T23:00:00.000Z');
  });

  it('after days down, catches up with tonight’s event and the next, not the evenings it missed', async () => {
    // Monday 4 January, 2 PM: the 30 December job is long due; New Year's Day is a holiday.
    await runUntilIdle(new Date('2027-01-04T19:00:00Z'));
    expect(await eventStarts()).toEqual(['2026-12-24T23:00:00.000Z', '2026-12-29T23:00:00.000Z', '2026-12-30T23:00:00.000Z', '2027-01-04T23:00:00.000Z', '2027-01-05T23:00:00.000Z']);
  });

  it('schedules nothing past the program’s season', async () => {
    await t.database.db.execute(sql`update event_programs set season_end = '2027-01-05' where id = ${programId}::uuid`);
    await runUntilIdle(new Date('2027-01-05T17:00:00Z'));
    expect(await eventStarts()).toHaveLength(5);
    expect(await jobOf(`demo:next-event:${programId}:2027-01-05`)).toEqual([{ runAt: '2027-01-05T17:00:00.000Z', status: 'done' }]);
  });

  it('schedules nothing once an operator has paused the program', async () => {
    await t.database.db.execute(sql`update event_programs set season_end = '2027-12-31', status = 'paused' where id = ${programId}::uuid`);
    now = new Date('2027-01-06T15:00:00Z');
    await t.database.db.transaction((tx) => scheduleNextDemoEvent(tx, schedule, now));
    expect(await eventStarts()).toHaveLength(5);
    expect(await jobOf(`demo:next-event:${programId}:2027-01-06`)).toEqual([]);
  });

  it('keeps another province’s rhythm: Québec’s mornings, from the working day after the one given, past its own holidays', async () => {
    now = new Date('2026-12-31T15:00:00Z'); // Thursday 31 December, 10 AM in Montréal
    const quebec = await ensureDemoProgram(t.database.db, provincialDemoPrograms('2026-12-31').QC.program, now);
    const morning: DemoSchedule = { programId: quebec, operatorId: schedule.operatorId, province: 'QC', zone: 'America/Toronto', hours: [6, 9] };
    await t.database.db.transaction((tx) => scheduleNextDemoEvent(tx, morning, now, '2026-12-31'));
    // New Year's Day, then the weekend: Monday 4 January, 6 AM EST.
    const starts = rowsOf<{ starts_at: Date | string; ends_at: Date | string }>(
      await t.database.db.execute(sql`select starts_at, ends_at from energy_events where program_id = ${quebec}::uuid`),
    ).map((r) => [new Date(r.starts_at).toISOString(), new Date(r.ends_at).toISOString()]);
    expect(starts).toEqual([['2027-01-04T11:00:00.000Z', '2027-01-04T14:00:00.000Z']]);
    expect(await jobOf(`demo:next-event:${quebec}:2027-01-04`)).toEqual([{ runAt: '2027-01-04T05:00:00.000Z', status: 'queued' }]);
  });
});
