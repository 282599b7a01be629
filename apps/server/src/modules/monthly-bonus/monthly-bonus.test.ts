import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MONTHLY_BONUS_POINTS } from '@peakwise/domain/payout-rules';
import { startDurableWorker } from '../../jobs/durable-worker';
import { rewardJobHandlers } from '../../jobs/reward-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureHouseholdForUser } from '../households/household.service';
import { pastEvent, programIn, settleEvent } from '../prize-draws/rewards.test-helper';
import { ensureMonthlyBonusSchedule } from './monthly-bonus.service';

describe('monthly bonus (hand-built months)', () => {
  let t: TestApp;
  let now = new Date('2026-04-10T12:00:00Z');
  const logger = createLogger({ level: 'silent' });
  const h: Record<'all' | 'missed' | 'noData' | 'quebec' | 'optedOut', string> = { all: '', missed: '', noData: '', quebec: '', optedOut: '' };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    for (const name of Object.keys(h) as (keyof typeof h)[]) h[name] = (await ensureHouseholdForUser(t.database.db, `bonus-${name}`)).id;
    await t.database.db.execute(sql`update households set province = 'QC' where id = ${h.quebec}::uuid`);
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  const runJobs = async () => {
    const w = startDurableWorker({ db: t.database.db, handlers: rewardJobHandlers({ mailer: t.accounts.mailer, publicUrl: t.config.publicUrl, logger }), logger, clock: () => now });
    await w.runDue();
    await w.stop();
  };
  const bonuses = async () =>
    rowsOf<{ household: string; amount: number; month: string }>(
      await t.database.db.execute(sql`
        select a.household_id as household, e.amount, tr.detail->>'month' as month from points_transfers tr join points_entries e on e.transfer_id = tr.id
        join points_accounts a on a.id = e.account_id and a.kind = 'member' where tr.kind = 'monthly_bonus' order by month, household`),
    ).map((r) => `${r.month}:${r.household}:${r.amount}`);

  it('credits households that took part in every event of their area, once, after the month’s last event settled', async () => {
    const on = await programIn(t.database.db, 'Ontario bonus test', ['ON']);
    const took = (householdId: string) => ({ householdId, optedIn: true, outcome: 'settled' as const });
    // April 2026 in Ontario: three events (one cancelled, which counts for nobody). The last
    // starts 20:00 Toronto on April 30 (00:00 UTC May 1), still April on Toronto's clock.
    // "missed" sits the first one out, "noData" has no measured result for the last one, "optedOut" opts out.
    await pastEvent(t.database.db, on, new Date('2026-04-06T22:00:00Z'), 'settled', [took(h.all), took(h.noData), { householdId: h.optedOut, optedIn: false }]);
    await pastEvent(t.database.db, on, new Date('2026-04-15T22:00:00Z'), 'cancelled', [{ householdId: h.missed, optedIn: true }]);
    const last = await pastEvent(t.database.db, on, new Date('2026-05-01T00:00:00Z'), 'ended', [took(h.missed), { householdId: h.noData, optedIn: true, outcome: 'insufficient_data' }]);
    // A May event (Toronto) just after: not April's.
    await pastEvent(t.database.db, on, new Date('2026-05-01T04:30:00Z'), 'settled', [took(h.missed)]);

    await t.database.db.transaction((tx) => ensureMonthlyBonusSchedule(tx, now));
    now = new Date('2026-05-04T12:00:00Z');
    await runJobs();
    // The last event has not settled: nothing yet, the job waits.
    expect(await bonuses()).toEqual([]);
    // It settles with household "all" taking part; an hour later the bonus is paid.
    await settleEvent(t.database.db, last, h.all);
    now = new Date('2026-05-04T13:30:00Z');
    await runJobs();
    expect(await bonuses()).toEqual([`2026-04:${h.all}:${MONTHLY_BONUS_POINTS}`]);
    // Re-running the month (a retry, a second worker) credits nothing more.
    await t.database.db.execute(sql`update durable_jobs set status = 'queued', run_at = now() - interval '1 minute' where key = 'monthly-bonus:2026-04'`);
    await runJobs();
    expect(await bonuses()).toEqual([`2026-04:${h.all}:${MONTHLY_BONUS_POINTS}`]);
    // May is next on the schedule.
    expect(rowsOf(await t.database.db.execute(sql`select status from durable_jobs where key = 'monthly-bonus:2026-05'`))).toEqual([{ status: 'queued' }]);
  });

  it('a month without events in the area earns nothing', async () => {
    now = new Date('2026-07-05T12:00:00Z');
    await t.database.db.transaction((tx) => ensureMonthlyBonusSchedule(tx, new Date('2026-06-10T12:00:00Z')));
    await runJobs();
    expect((await bonuses()).filter((b) => b.startsWith('2026-06'))).toEqual([]);
  });
});
