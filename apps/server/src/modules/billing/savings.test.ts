import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema } from '@peakwise/contracts/billing.contract';
import { savingsSchema } from '@peakwise/contracts/savings.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember } from '../../test/test-session';
import { memberWithHousehold, store } from '../energy/energy.test-helper';
import { upsertProgram } from '../events/events.repository';
import type { Household } from '../households/household.repository';
import { changeTariff } from '../households/household.service';
import { EVENT_ISSUANCE, houseAccountId, insertTransfers, memberAccountId } from '../points/points.repository';
import type { Member } from '../../test/test-session';
import { catchUpStatements } from './statements.service';

/*
 * The savings card against an independent recomputation from raw rows: meter_readings summed per
 * UTC hour here, each hour's self-consumption classified into Ontario time-of-use periods by this
 * file's own clock arithmetic and priced at the OEB's published November 2025 prices, rounded per
 * period by Math.round; event points summed from the ledger's raw entries. Nothing here calls the
 * tariff engine.
 */

const ZONE = 'America/Toronto';
const PRICES = { 'off-peak': 9.8, 'mid-peak': 15.7, 'on-peak': 20.3 } as const;
type Period = keyof typeof PRICES;
const HOUR = 3_600_000;

const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', weekday: 'short', hourCycle: 'h23' });
function localOf(ts: Date) {
  const p = Object.fromEntries(parts.formatToParts(ts).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), weekend: p.weekday === 'Sat' || p.weekday === 'Sun' };
}
/** November is winter: on-peak 7–11 and 17–19, mid-peak 11–17 on weekdays; no holiday in November. */
function periodOf(ts: Date): Period {
  const l = localOf(ts);
  if (l.weekend || l.hour < 7 || l.hour >= 19) return 'off-peak';
  return l.hour >= 11 && l.hour < 17 ? 'mid-peak' : 'on-peak';
}
const cents = (x: number) => Math.round(Number(x.toFixed(6)));

const now = new Date('2025-12-02T12:00:00Z');
let t: TestApp;
let member: Member;
let household: Household;
let statementId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ member, household } = await memberWithHousehold(t));
  await changeTariff(t.database.db, household.id, 'on-tou', '2025-11-01');
  // Four 5-minute readings an hour, from Friday November 7 to Monday November 10 (a weekend
  // between): panels make power 8 AM – 5 PM, and export some of it around midday; at 4 PM a
  // battery exports more than the panels make.
  const batch: { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number }[] = [];
  for (let ms = Date.parse('2025-11-07T05:00:00Z'); ms < Date.parse('2025-11-11T05:00:00Z'); ms += HOUR) {
    const hour = localOf(new Date(ms)).hour;
    for (const minute of [0, 5, 10, 15]) {
      const ts = new Date(ms + minute * 60_000);
      const production = hour >= 8 && hour < 17 ? 0.25 + (hour % 3) * 0.05 : 0;
      const exported = hour === 16 ? 0.4 : hour >= 11 && hour < 14 ? 0.1 : 0;
      batch.push({ ts: ts.toISOString(), productionKwh: production, consumptionKwh: 0.3, gridImportKwh: Math.max(0, 0.3 - production), gridExportKwh: exported });
    }
  }
  for (let i = 0; i < batch.length; i += 200) await store(t.database.db, household.id, { meter: batch.slice(i, i + 200) });
  // Two events in November (a reward and a correction of it) and one in December, which is not November's.
  const programId = await upsertProgram(t.database.db, { name: 'Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  const eventAt = async (startsAt: string) =>
    rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by)
        values (${programId}::uuid, ${startsAt}::timestamptz, ${startsAt}::timestamptz + interval '1 hour', 100, 10, 'completed', 'test') returning id`),
    )[0]!.id;
  const november = await eventAt('2025-11-12T23:00:00Z');
  const december = await eventAt('2025-12-01T23:00:00Z');
  await t.database.db.transaction(async (tx) => {
    const mine = await memberAccountId(tx, household.id);
    const issuance = await houseAccountId(tx, EVENT_ISSUANCE);
    const pay = (key: string, kind: 'event_reward' | 'event_adjustment', eventId: string, points: number) => ({
      key,
      kind,
      detail: {},
      eventId,
      householdId: household.id,
      postings: [
        { accountId: mine, amount: points },
        { accountId: issuance, amount: -points },
      ],
    });
    await insertTransfers(tx, [pay('t1', 'event_reward', november, 150), pay('t2', 'event_adjustment', november, 35), pay('t3', 'event_reward', december, 90)]);
  });
  await t.database.db.transaction((tx) => catchUpStatements(tx, household.id, now));
  const summary = billingSummarySchema.parse(await (await t.app.request('/api/billing/summary', { headers: asMember(member) })).json());
  statementId = summary.history.find((s) => s.periodStart === '2025-11-01')!.id;
}, 120_000);
afterAll(() => t.close());

describe('the savings card', () => {
  it('equals the recomputation from raw readings and raw ledger entries', async () => {
    const res = await t.app.request(`/api/billing/statements/${statementId}/savings`, { headers: asMember(member) });
    expect(res.status).toBe(200);
    const savings = savingsSchema.parse(await res.json());

    const raw = rowsOf<{ ts: string; p: number; e: number }>(
      await t.database.db.execute(sql`select ts::text as ts, production_kwh as p, grid_export_kwh as e from meter_readings where household_id = ${household.id}::uuid`),
    );
    const perHour = new Map<number, { p: number; e: number }>();
    for (const r of raw) {
      const hour = Math.floor(Date.parse(r.ts) / HOUR) * HOUR;
      const sum = perHour.get(hour) ?? { p: 0, e: 0 };
      perHour.set(hour, { p: sum.p + r.p, e: sum.e + r.e });
    }
    const selfKwh: Record<Period, number> = { 'off-peak': 0, 'mid-peak': 0, 'on-peak': 0 };
    const exportKwh: Record<Period, number> = { 'off-peak': 0, 'mid-peak': 0, 'on-peak': 0 };
    for (const [hour, { p, e }] of perHour) {
      selfKwh[periodOf(new Date(hour))] += Math.max(0, p - e);
      exportKwh[periodOf(new Date(hour))] += e;
    }
    const periods = Object.keys(PRICES) as Period[];
    const selfCents = periods.reduce((s, p) => s + cents(selfKwh[p] * PRICES[p]), 0);
    const creditCents = periods.reduce((s, p) => s + cents(exportKwh[p] * PRICES[p]), 0);
    const [ledger] = rowsOf<{ points: number }>(
      await t.database.db.execute(sql`
        select coalesce(sum(e.amount), 0)::int as points from points_entries e join points_accounts a on a.id = e.account_id
        join points_transfers tr on tr.id = e.transfer_id join energy_events ev on ev.id = tr.event_id
        where a.household_id = ${household.id}::uuid and ev.starts_at >= '2025-11-01T04:00:00Z' and ev.starts_at < '2025-12-01T05:00:00Z'`),
    );

    expect(selfCents).toBeGreaterThan(0);
    expect(creditCents).toBeGreaterThan(0);
    expect(ledger!.points).toBe(185);
    expect(savings.solar.selfConsumedKwh).toBeCloseTo(periods.reduce((s, p) => s + selfKwh[p], 0), 9);
    expect(savings.solar.selfConsumedCents).toBe(selfCents);
    expect(savings.solar.exportCreditCents).toBe(creditCents);
    expect(savings.solar.totalCents).toBe(selfCents + creditCents);
    expect(savings.events).toEqual({ points: 185, cents: 185 });
    expect(savings.totalCents).toBe(selfCents + creditCents + 185);
    expect([savings.periodStart, savings.periodEnd]).toEqual(['2025-11-01', '2025-11-30']);
  });

  it('is another household’s statement: no such statement; a malformed id is a 400; nothing is written', async () => {
    const other = await createMember(t.app);
    expect((await t.app.request('/api/household', { headers: asMember(other) })).status).toBe(200);
    const before = rowsOf(await t.database.db.execute(sql`select 1 from statements`)).length;
    const foreign = await t.app.request(`/api/billing/statements/${statementId}/savings`, { headers: asMember(other) });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe('No such statement.');
    const bad = await t.app.request('/api/billing/statements/not-an-id/savings', { headers: asMember(member) });
    expect(bad.status).toBe(400);
    expect((await t.app.request(`/api/billing/statements/${statementId}/savings`)).status).toBe(401);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from statements`))).toHaveLength(before);
  });
});
