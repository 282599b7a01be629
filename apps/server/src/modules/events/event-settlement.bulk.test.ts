import { sql } from 'drizzle-orm';
import { computeBaseline, EARLY_WINDOW_GAP_MINUTES } from '@peakwise/domain/event-baseline';
import { readingsByDay, slotOf } from '@peakwise/domain/event-intervals';
import { settleEvent } from '@peakwise/domain/event-settlement';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import { payEventPointsInBulk } from '../points/points.service';
import { settleEndedEvent } from './event-settlement.service';
import { insertEvent, setEventStatus, upsertProgram } from './events.repository';

/*
 * 200 households settled in batches of 37, each result checked against the domain's functions
 * applied to that household's raw rows, read separately with no range planning. The households
 * vary: four zones and provinces, a day missing (the baseline looks further back), another
 * event's day, too short a history, missing event intervals, a deep cut, points already paid,
 * and a battery home (decision 138: its days alone, the others over the window ending two hours
 * before, so a batch reads two kinds of ranges).
 */

const HOUSEHOLDS = 200;
// Wednesday 2026-10-14, 22:00–23:00 UTC: 18:00 in Toronto and Montreal, 16:00 in Edmonton,
// 15:00 in Vancouver. Thanksgiving (Monday 2026-10-12) is a holiday in ON, AB and QC, not in BC.
const START = new Date('2026-10-14T22:00:00Z');
const END = new Date('2026-10-14T23:00:00Z');
const ZONES = [
  ['America/Toronto', 'ON'],
  ['America/Vancouver', 'BC'],
  ['America/Edmonton', 'AB'],
  ['America/Montreal', 'QC'],
] as const;


/** Student's t, one-sided 95 %, by degrees of freedom (a statistics table), for the bars above. */
const T_95: Record<number, number> = { 2: 2.92, 3: 2.353, 4: 2.132, 5: 2.015, 6: 1.943, 7: 1.895, 8: 1.86, 9: 1.833 };

describe('set-based settlement of many households', () => {
  let database: Database;
  let eventId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    const programId = await upsertProgram(db(), { name: 'Canada', provinces: ['ON', 'BC', 'AB', 'QC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    eventId = await insertEvent(db(), { programId, startsAt: START, endsAt: END, rewardPoints: 100, targetPercent: 10, createdBy: 'test' });
    const earlier = await insertEvent(db(), { programId, startsAt: new Date('2026-10-09T22:00:00Z'), endsAt: new Date('2026-10-09T23:00:00Z'), rewardPoints: 100, targetPercent: 10, createdBy: 'test' });
    await setEventStatus(db(), earlier, 'active', START);
    await db().execute(sql`
      insert into households (owner_user_id, name, province, time_zone)
      select 'bulk-' || i, 'Home ' || i, (${sql.param(ZONES.map((z) => z[1]))}::text[])[1 + i % 4], (${sql.param(ZONES.map((z) => z[0]))}::text[])[1 + i % 4]
      from generate_series(0, ${HOUSEHOLDS - 1}) as i`);
    await db().execute(sql`
      insert into event_participations (event_id, household_id, opted_in, source)
      select ${eventId}::uuid, id, true, 'member' from households`);
    // Half of kind 7: the member says the home has a battery.
    await db().execute(sql`update households set has_battery = true where substr(owner_user_id, 6)::int % 20 = 7`);
    // Kind 2: opted in to the event five days earlier, so that day is not in its baseline.
    await db().execute(sql`
      insert into event_participations (event_id, household_id, opted_in, source)
      select ${earlier}::uuid, id, true, 'member' from households where substr(owner_user_id, 6)::int % 10 = 2`);
    // 30 days of 17:00–23:30 UTC. Kind 3 has six days of history; kind 5 cuts 30 % during the
    // event; kind 4 misses two event intervals; kind 1 misses a whole day three days before.
    await db().execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select h.id, ts, 0, k.kwh, k.kwh, 0
      from households h
      cross join lateral (select substr(h.owner_user_id, 6)::int as i) n
      cross join generate_series(${START.toISOString()}::timestamptz - interval '30 days', ${END.toISOString()}::timestamptz - interval '5 minutes', interval '5 minutes') as ts
      cross join lateral (select (0.2 + ((n.i * 7919 + (extract(epoch from ts) / 300)::int8 * 104729) % 1000) / 2000.0)
        * case when n.i % 10 = 5 and ts >= ${START.toISOString()}::timestamptz then 0.7 else 1 end as kwh) k
      where extract(hour from ts at time zone 'UTC') >= 17
        and not (n.i % 10 = 3 and ts < ${START.toISOString()}::timestamptz - interval '6 days')
        and not (n.i % 10 = 4 and ts >= ${START.toISOString()}::timestamptz and ts < ${START.toISOString()}::timestamptz + interval '10 minutes')
        and not (n.i % 10 = 1 and ts >= ${START.toISOString()}::timestamptz - interval '3 days' - interval '6 hours' and ts < ${START.toISOString()}::timestamptz - interval '2 days')`);
    // Kind 6 was already paid 50 points for this event (an earlier run): only more than that is paid.
    const prepaid = rowsOf<{ id: string }>(await db().execute(sql`select id from households where substr(owner_user_id, 6)::int % 10 = 6`));
    await db().transaction((tx) =>
      payEventPointsInBulk(tx, eventId, prepaid.map((h) => ({ householdId: h.id, points: 50, key: `pre:${h.id}`, kind: 'event_reward', detail: { eventId } }))),
    );
  }, 120_000);
  afterAll(() => database?.close());

  it('gives every household the result the domain gives from its raw rows, and pays each the difference once', async () => {
    const now = new Date(END.getTime() + 25 * 3_600_000);
    const run = await db().transaction((tx) => settleEndedEvent(tx, eventId, now, { batchSize: 37 }));
    expect(run).toEqual({ settled: HOUSEHOLDS, pending: 0, retryAt: null });

    const households = rowsOf<{ id: string; i: number; timeZone: string; province: string; hasBattery: boolean }>(
      await db().execute(sql`select id, substr(owner_user_id, 6)::int as i, time_zone as "timeZone", province, has_battery as "hasBattery" from households order by id`),
    );
    const stored = new Map(
      rowsOf<{ householdId: string; outcome: string; points: number; baselineKwh: number | null; actualKwh: number | null; detail: Record<string, unknown>; sigmaKwh: number | null }>(
        await db().execute(
          sql`select household_id as "householdId", outcome, points, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", detail, sigma_kwh as "sigmaKwh" from event_results where event_id = ${eventId}::uuid`,
        ),
      ).map((r) => [r.householdId, r]),
    );
    const balances = new Map(
      rowsOf<{ householdId: string; balance: number }>(await db().execute(sql`select household_id as "householdId", balance from points_accounts where kind = 'member'`)).map((r) => [r.householdId, r.balance]),
    );
    const outcomes = new Map<string, number>();
    for (const h of households) {
      const raw = rowsOf<{ ts: string; kwh: number }>(await db().execute(sql`select ts, consumption_kwh as kwh from meter_readings where household_id = ${h.id}::uuid`));
      const readings = readingsByDay(raw.map((r) => ({ start: new Date(r.ts), kwh: Number(r.kwh) })), h.timeZone);
      const eventDates = h.i % 10 === 2 ? [slotOf(new Date('2026-10-09T22:00:00Z'), h.timeZone).date] : [];
      const rule = h.hasBattery ? ({ adjustment: 'none' } as const) : ({ adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES } as const);
      const baseline = computeBaseline({ eventStart: START, eventEnd: END, timeZone: h.timeZone, readings, eventDates, holidays: provincialHolidayDates(h.province as 'ON', 2025, 2026), ...rule });
      const expected = settleEvent(baseline, readings.get('2026-10-14'), { targetPercent: 10, rewardPoints: 100 });
      const result = stored.get(h.id)!;
      expect(result, `household ${h.i}`).toMatchObject({ outcome: expected.status, points: expected.points });
      expect(result.detail.baselineDays, `household ${h.i}`).toEqual(expected.baselineDays);
      expect(result.detail.intervals, `household ${h.i}`).toEqual(expected.intervals);
      if (expected.status !== 'no_baseline') expect(result.detail.adjustmentMethod, `household ${h.i}`).toBe(h.hasBattery ? 'none' : 'additive');
      if (expected.status !== 'no_baseline') expect(result.baselineKwh, `household ${h.i}`).toBe(expected.baselineKwh);
      // Decisions 140 and 141, from the raw rows: σ of the baseline's n days' totals over the event's
      // intervals, as a saving's σ × √(1 + 1/n), paid at once above Student's t(n − 1) of it (25 % of
      // the baseline and 1.645 under 3 days), else held. One event alone never proves a season it
      // does not clear at once (2.5 > every bar), so a held one stays held.
      let paid = expected.points;
      if (expected.status === 'settled') {
        const totals = expected.baselineDays.map((date) => expected.intervals.reduce((sum, p) => sum + readings.get(date)![p.slot]!, 0));
        const n = totals.length;
        const mean = totals.reduce((a, b) => a + b, 0) / n;
        const [sigma, multiple] = n >= 3 ? [Math.sqrt(totals.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) * Math.sqrt(1 + 1 / n), T_95[n - 1]!] : [0.25 * expected.baselineKwh, 1.645];
        expect(Number(result.sigmaKwh), `household ${h.i}`).toBeCloseTo(sigma, 9);
        if (expected.baselineKwh - expected.actualKwh <= multiple * sigma) paid = 0;
      }
      expect(balances.get(h.id) ?? 0, `household ${h.i}`).toBe(h.i % 10 === 6 ? Math.max(50, expected.points) : paid);
      outcomes.set(expected.status, (outcomes.get(expected.status) ?? 0) + 1);
    }
    // Every kind of outcome was exercised, and the deep cuts earned points.
    expect(outcomes.get('no_baseline')).toBe(HOUSEHOLDS / 10);
    expect(outcomes.get('insufficient_data')).toBe(HOUSEHOLDS / 10);
    expect(outcomes.get('settled')).toBe(HOUSEHOLDS * 0.8);
    expect(households.filter((h) => h.i % 10 === 5).every((h) => (balances.get(h.id) ?? 0) > 0)).toBe(true);
    expect(households.filter((h) => h.hasBattery)).toHaveLength(HOUSEHOLDS / 20);

    // Running it again pays nothing more.
    const transfers = async () => Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from points_transfers`))[0]!.n);
    const before = await transfers();
    await db().transaction((tx) => settleEndedEvent(tx, eventId, new Date(now.getTime() + 60_000), { batchSize: 64 }));
    expect(await transfers()).toBe(before);
    const ledger = rowsOf<{ total: number }>(await db().execute(sql`select coalesce(sum(balance), 0)::int as total from points_accounts`));
    expect(ledger[0]!.total).toBe(0);
  }, 120_000);
});
