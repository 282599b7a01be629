import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { rewardJobHandlers } from '../../jobs/reward-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { ensurePrizeDrawSchedule } from './prize-draws.service';
import { pastEvent, programIn } from './rewards.test-helper';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Draw = { id: string; week: string; commitment: string; status: string; seed: string | null; digest: string | null; entries: number | null; winnerEntry: string | null; myEntry: string | null; won: boolean };

describe('weekly prize draw', () => {
  let t: TestApp;
  // The week of Monday 2026-03-02 (Toronto, EST: 05:00 UTC), shortly before it starts.
  let now = new Date('2026-02-28T12:00:00Z');
  const logger = createLogger({ level: 'silent' });
  let operator: Member;
  const members: Member[] = [];
  const households: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    for (let i = 0; i < 4; i++) {
      const m = await createMember(t.app);
      members.push(m);
      households.push((await ensureHouseholdForUser(t.database.db, m.userId)).id);
    }
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  const runJobs = async () => {
    const w = startDurableWorker({ db: t.database.db, handlers: rewardJobHandlers({ mailer: t.accounts.mailer, publicUrl: t.config.publicUrl, logger }), logger, clock: () => now });
    await w.runDue();
    await w.stop();
  };
  const overview = async (m: Member) => (await (await t.app.request('/api/prize-draws', { headers: asMember(m) })).json()) as { current: Draw | null; recent: Draw[]; prizePoints: number; monthlyBonusPoints: number };

  it('commits before the week, draws after it from the entries, pays and emails the winner once, and anyone can check it', async () => {
    await t.database.db.transaction((tx) => ensurePrizeDrawSchedule(tx, now));
    // Due a day before the week starts (Sunday 00:00 Toronto), not before.
    await runJobs();
    expect((await overview(members[0]!)).current).toBeNull();
    now = new Date('2026-03-01T12:00:00Z');
    await runJobs();
    const committed = await overview(members[0]!);
    expect(committed.current).toMatchObject({ week: '2026-03-02', status: 'committed', seed: null, digest: null, winnerEntry: null });
    const [stored] = rowsOf<{ seed: string; commitment: string; committed_at: Date }>(await t.database.db.execute(sql`select seed, commitment, committed_at from prize_draws where week = '2026-03-02'`));
    expect(sha(stored!.seed)).toBe(committed.current!.commitment);

    // The week: households 0, 1 and 2 took part (opted in, measured); 3 opted in but had no data;
    // an event of the week before and one cancelled this week count for nobody.
    const program = await programIn(t.database.db, 'Ontario prize test', ['ON']);
    await pastEvent(t.database.db, program, new Date('2026-03-03T23:00:00Z'), 'settled', [
      { householdId: households[0]!, optedIn: true, outcome: 'settled' },
      { householdId: households[1]!, optedIn: true, outcome: 'settled' },
      { householdId: households[3]!, optedIn: true, outcome: 'insufficient_data' },
    ]);
    await pastEvent(t.database.db, program, new Date('2026-03-05T23:00:00Z'), 'settled', [
      { householdId: households[0]!, optedIn: true, outcome: 'settled' },
      { householdId: households[2]!, optedIn: true, outcome: 'settled' },
    ]);
    await pastEvent(t.database.db, program, new Date('2026-02-26T23:00:00Z'), 'settled', [{ householdId: households[3]!, optedIn: true, outcome: 'settled' }]);
    await pastEvent(t.database.db, program, new Date('2026-03-06T23:00:00Z'), 'cancelled', [{ householdId: households[3]!, optedIn: true }]);

    // During the week nothing is drawn; after it and its grace period, the draw runs.
    now = new Date('2026-03-08T12:00:00Z');
    await runJobs();
    expect((await overview(members[0]!)).recent).toEqual([]);
    now = new Date('2026-03-11T06:00:00Z');
    await runJobs();
    await runJobs();

    const after = await overview(members[0]!);
    const draw = after.recent[0]!;
    expect(draw).toMatchObject({ week: '2026-03-02', status: 'drawn', entries: 3, commitment: committed.current!.commitment });
    expect(sha(draw.seed!)).toBe(draw.commitment);
    // Checked independently of the domain code: node's SHA-256 over the published recipe.
    const list = (await (await t.app.request(`/api/prize-draws/${draw.id}/entries`, { headers: asMember(members[3]!) })).text()).trim().split('\n');
    const expectedEntries = [0, 1, 2].map((i) => sha(`${draw.id}:${households[i]}`)).sort();
    expect(list).toEqual(expectedEntries);
    const digest = sha(draw.seed! + list.map((e) => `\n${e}`).join(''));
    expect(draw.digest).toBe(digest);
    const winnerIndex = Number(BigInt(`0x${digest.slice(0, 16)}`) % 3n);
    expect(draw.winnerEntry).toBe(list[winnerIndex]);
    const winner = [0, 1, 2].find((i) => sha(`${draw.id}:${households[i]}`) === draw.winnerEntry)!;

    // Paid once from the prizes account, with the draw linked in activity; emailed once.
    const prizes = rowsOf<{ household: string; amount: number }>(
      await t.database.db.execute(sql`
        select a.household_id as household, e.amount from points_transfers tr join points_entries e on e.transfer_id = tr.id
        join points_accounts a on a.id = e.account_id and a.kind = 'member' where tr.kind = 'prize'`),
    );
    expect(prizes).toEqual([{ household: households[winner], amount: after.prizePoints }]);
    const mine = await overview(members[winner]!);
    expect(mine.recent[0]).toMatchObject({ won: true, myEntry: draw.winnerEntry });
    expect((await overview(members[3]!)).recent[0]).toMatchObject({ won: false, myEntry: null });
    const points = (await (await t.app.request('/api/points', { headers: asMember(members[winner]!) })).json()) as { activity: { kind: string; drawId: string | null }[] };
    expect(points.activity[0]).toMatchObject({ kind: 'prize', drawId: draw.id });
    const emails = rowsOf<{ to: string; subject: string }>(await t.database.db.execute(sql`select "to", subject from email_outbox where kind = 'prize-winner'`));
    expect(emails).toEqual([{ to: members[winner]!.email, subject: `You won this week’s Peakwise prize draw: ${after.prizePoints.toLocaleString('en-CA')} points` }]);

    // The next week's commitment is already published; nothing is drawn twice.
    expect(after.current).toMatchObject({ week: '2026-03-09', status: 'committed', seed: null });
    now = new Date('2026-03-20T06:00:00Z');
    await runJobs();
    expect(rowsOf(await t.database.db.execute(sql`select 1 from points_transfers where kind = 'prize'`))).toHaveLength(1);
    // The database keeps the seed tied to its commitment and the draw final.
    await expect(t.database.db.execute(sql`update prize_draws set seed = 'other' where id = ${draw.id}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from prize_draws where id = ${draw.id}::uuid`)).rejects.toThrow();
  });

  it('operators see draws; members get 404, anonymous 401', async () => {
    expect((await t.app.request('/api/ops/prize-draws')).status).toBe(401);
    expect((await t.app.request('/api/ops/prize-draws', { headers: asMember(members[0]!) })).status).toBe(404);
    const res = await t.app.request('/api/ops/prize-draws', { headers: asMember(operator) });
    expect(res.status).toBe(200);
    const draws = (await res.json()) as { id: string; week: string; status: string; winnerHouseholdId: string | null }[];
    expect(draws.find((d) => d.week === '2026-03-02')!.winnerHouseholdId).not.toBeNull();
    // A committed draw's entries are not published before it is drawn.
    // The week of 03-09 was drawn (nobody entered) when the clock passed it. The clock jumped over
    // 03-16's commit time into that week: a seed drawn then would be no commitment, so it has no draw.
    expect(draws.find((d) => d.week === '2026-03-09')).toMatchObject({ status: 'drawn', winnerHouseholdId: null });
    expect(draws.find((d) => d.week === '2026-03-16')).toBeUndefined();
    now = new Date('2026-03-22T12:00:00Z');
    await runJobs();
    const next = (await (await t.app.request('/api/ops/prize-draws', { headers: asMember(operator) })).json()) as { id: string; week: string; status: string }[];
    const pending = next.find((d) => d.status === 'committed')!;
    expect(pending.week).toBe('2026-03-23');
    expect((await t.app.request(`/api/prize-draws/${pending.id}/entries`, { headers: asMember(members[0]!) })).status).toBe(404);
  });
});
