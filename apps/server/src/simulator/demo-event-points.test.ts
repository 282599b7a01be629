import { sql } from 'drizzle-orm';
import { gridImportKwh } from '@peakwise/domain/event-grid-import';
import { pointsFor } from '@peakwise/domain/event-points';
import { pointsHeldUntilProven } from '@peakwise/domain/event-points-proof';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { setOperator } from '../modules/auth/user-role.repository';
import { settleEndedEvent } from '../modules/events/event-settlement.service';
import { optedInWindows } from '../modules/events/events.repository';
import { createTestApp, type TestApp } from '../test/test-app';
import { createMember } from '../test/test-session';
import { ensureDemoEvents } from './demo-events';
import { ensureDemoHousehold } from './demo-household';
import { DEMO_HOUSEHOLD } from './household-profile';
import { simulateRange, type MeterReading } from './household-simulator';

/*
 * The demo household as a visitor meets it (decisions 101 and 138): its back-fill, its past events made by
 * the seeder, each settled by the real settlement against the simulator's readings. The simulator
 * also knows what the household would have used without each event (the same seed, no cut), so
 * every payment can be checked against the truth.
 */

const SEED = 1;
const BACKFILL_DAYS = 90;
// A Saturday afternoon in Toronto, after the autumn's time change: the back-fill spans it.
const NOW = new Date('2026-11-28T18:00:00Z');

describe('the demo household is paid for its real cuts (decisions 101 and 138)', () => {
  let t: TestApp;
  let householdId: string;
  let pastEventIds: string[];
  /** Counterfactual grid draw per interval start (ms): what it would have drawn with no event. */
  const truth = new Map<number, number>();
  const used = new Map<number, number>();
  const rows: MeterReading[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    const member = await createMember(t.app);
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    householdId = (await ensureDemoHousehold(t.database.db, member.userId, DEMO_HOUSEHOLD, { backfillDays: BACKFILL_DAYS, now: NOW })).household.id;
    ({ pastEventIds } = await ensureDemoEvents(t.database.db, householdId, operator.userId, NOW, BACKFILL_DAYS));
    // The back-fill as the runner makes it: cutting during the events it opted in to.
    const windows = await optedInWindows(t.database.db, householdId);
    const isShedding = (ms: number) => windows.some((w) => ms >= w.startMs && ms < w.endMs);
    const to = new Date(Math.floor(NOW.getTime() / INTERVAL_MS) * INTERVAL_MS);
    const from = new Date(to.getTime() - BACKFILL_DAYS * 86_400_000);
    // The meter's own registers, as the runner stores them: the demo has panels, so it is settled on
    // its gross load (decision 138) and paid on what it drew from the grid (decision 112).
    for (const { meter } of simulateRange(DEMO_HOUSEHOLD, from, to, SEED, { isShedding })) {
      rows.push(meter);
      used.set(Date.parse(meter.ts), gridImportKwh(meter.gridImportKwh, meter.gridExportKwh));
    }
    for (const { meter } of simulateRange(DEMO_HOUSEHOLD, from, to, SEED)) truth.set(Date.parse(meter.ts), gridImportKwh(meter.gridImportKwh, meter.gridExportKwh));
    for (let i = 0; i < rows.length; i += 4_000) {
      await t.database.db.execute(sql`
        insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
        select ${householdId}::uuid, x."ts", x."productionKwh", x."consumptionKwh", x."gridImportKwh", x."gridExportKwh"
        from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 4_000))}::jsonb) as x("ts" timestamptz, "productionKwh" float8, "consumptionKwh" float8, "gridImportKwh" float8, "gridExportKwh" float8)`);
    }
    for (const id of pastEventIds) await t.database.db.transaction((tx) => settleEndedEvent(tx, id, NOW));
  }, 600_000);
  afterAll(() => t.close());

  it('earns points in most of its settled events, and each payment is within what its true cut earns', async () => {
    const results = rowsOf<{ startMs: number; endMs: number; outcome: string; baselineKwh: number; actualKwh: number; points: number }>(
      await t.database.db.execute(sql`
        select (extract(epoch from e.starts_at) * 1000)::float8 as "startMs", (extract(epoch from e.ends_at) * 1000)::float8 as "endMs",
          r.outcome, r.baseline_kwh as "baselineKwh", r.actual_kwh as "actualKwh", r.points
        from event_results r join energy_events e on e.id = r.event_id where r.household_id = ${householdId}::uuid order by e.starts_at`),
    );
    const settled = results.filter((r) => r.outcome === 'settled');
    expect(settled.length).toBe(pastEventIds.length);
    const paid = settled.filter((r) => r.points > 0);
    expect(paid.length * 2).toBeGreaterThan(settled.length);
    for (const r of paid) {
      // The truth over the event's intervals, straight from the simulator: what it used without the event.
      let wouldHave = 0;
      let did = 0;
      for (let ms = Number(r.startMs); ms < Number(r.endMs); ms += INTERVAL_MS) {
        wouldHave += truth.get(ms)!;
        did += used.get(ms)!;
      }
      expect(Number(r.actualKwh)).toBeCloseTo(did, 9);
      const earned = pointsFor(((wouldHave - did) / wouldHave) * 100);
      // Paid for a cut that happened, and no more than 20 % above what it earns (096's band). Some
      // are paid less: on a day nobody works from home its afternoon runs low (decision 101).
      expect(earned).toBeGreaterThan(0);
      expect(r.points).toBeLessThanOrEqual(earned * 1.2);
    }
  });

  it('is paid at once, held or released as decisions 140 and 141’s rule gives from its stored figures, in the order its events settled', async () => {
    const stored = new Map(
      rowsOf<{ eventId: string; season: string | null; baselineKwh: number; actualKwh: number; sigmaKwh: number | null; points: number; status: string | null; days: number }>(
        await t.database.db.execute(sql`
          select event_id as "eventId", season, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", sigma_kwh as "sigmaKwh", points, proof_status as status,
            jsonb_array_length(detail->'baselineDays') as days
          from event_results where household_id = ${householdId}::uuid`),
      ).map((r) => [r.eventId, r]),
    );
    const ledger = new Map(
      rowsOf<{ eventId: string; paid: number }>(
        await t.database.db.execute(sql`
          select t.event_id as "eventId", sum(e.amount)::int as paid from points_transfers t join points_entries e on e.transfer_id = t.id
          join points_accounts a on a.id = e.account_id and a.kind = 'member' and a.household_id = ${householdId}::uuid
          where t.kind in ('event_reward', 'event_adjustment', 'event_release') group by t.event_id`),
      ).map((r) => [r.eventId, Number(r.paid)]),
    );
    // The rule applied to each season's events in the order they were settled, from the stored saving,
    // σ and points: the stored σ is the saving's, the days' σ × √(1 + 1/n) for the baseline's n days.
    // October's events are the summer's, settled first on 28 November, past its final day (9 November),
    // but a first settlement is judged as of when it was due: they release in their own season.
    const seasons = new Map<string, string[]>();
    for (const id of pastEventIds) {
      const r = stored.get(id)!;
      expect(r.season).not.toBeNull();
      seasons.set(r.season!, [...(seasons.get(r.season!) ?? []), id]);
    }
    const expected = new Map<string, { status: string; points: number }>();
    let summerReleased = 0;
    for (const [season, ids] of seasons) {
      const rows = ids.map((id) => stored.get(id)!);
      const events = rows.map((r) => ({ baselineKwh: Number(r.baselineKwh), actualKwh: Number(r.actualKwh), noiseKwh: Number(r.sigmaKwh) / Math.sqrt(1 + 1 / r.days), noiseDays: r.days, targetPoints: r.points }));
      pointsHeldUntilProven(events).forEach((outcome, i) => {
        if (outcome.status === 'released' && season === '2026-summer') summerReleased += 1;
        expected.set(ids[i]!, { status: outcome.status, points: outcome.points });
      });
    }
    // Both seasons are in the back-fill, and the summer's test released some of its events.
    expect([...seasons.keys()].sort()).toEqual(['2026-summer', '2026-winter']);
    expect(summerReleased).toBeGreaterThan(0);
    for (const id of pastEventIds) {
      const { status, points } = expected.get(id)!;
      expect(stored.get(id)!.status ?? 'none', id).toBe(status);
      expect(ledger.get(id) ?? 0, id).toBe(points);
    }
  });
});
