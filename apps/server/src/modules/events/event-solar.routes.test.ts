import { sql } from 'drizzle-orm';
import { addDays, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { startEventOnAClock, type EventOnAClock } from '../../test/event-on-a-clock';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';

/*
 * A solar home is scored on what it drew from the grid (decision 112): its meter rows carry
 * consumption, production, import and export, some intervals with both import and export. The
 * event is announced, opted in to and settled by the jobs; the baseline, the adjustment, the
 * actual and the points are worked out here from the stored import and export columns alone.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

describe('a solar home at an event', () => {
  let scenario: EventOnAClock;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 16, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);

  beforeAll(async () => {
    scenario = await startEventOnAClock();
  }, 120_000);
  afterAll(() => scenario.t.close());

  it('takes the baseline, the actual and the points on import less export, not on consumption', async () => {
    const { t, member, clock, call } = scenario;
    clock.now = new Date(startsAt.getTime() - 6 * HOUR);
    const id = await scenario.scheduleOptedIn(startsAt, endsAt);

    // 30 days from 11:00 to 19:00. The home uses 0.10–0.16 kWh an interval and its panels make
    // 0.04–0.12, more before 16:00 than after; one interval in three the load swings inside the
    // interval, so the meter counts 0.01 both ways. On the event day its window runs 5 % high and
    // it cuts its use by 10 % during the event.
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    const round = (x: number) => Math.round(x * 1e4) / 1e4;
    const meter: Record<string, unknown>[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const end = zonedTimeToUtc(day, 19, 0, ZONE).getTime();
      for (let ms = zonedTimeToUtc(day, 11, 0, ZONE).getTime(); ms < end; ms += FIVE_MINUTES) {
        const k = ms / FIVE_MINUTES;
        let used = 0.1 + (k % 7) / 100;
        if (back === 0 && ms < startsAt.getTime() - HOUR) used *= 1.05;
        if (back === 0 && ms >= startsAt.getTime() && ms < endsAt.getTime()) used *= 0.9;
        const produced = (ms < zonedTimeToUtc(day, 16, 0, ZONE).getTime() ? 0.08 : 0.04) + (k % 5) / 100;
        const swing = k % 3 === 0 ? 0.01 : 0;
        meter.push({
          ts: new Date(ms).toISOString(),
          // A meter that does not report production (a Green Button file, a whole-home meter): a home
          // whose production is measured is scored on gross load instead (event-gross-load.routes.test.ts).
          productionKwh: 0,
          consumptionKwh: round(used),
          gridImportKwh: round(Math.max(0, used - produced) + swing),
          gridExportKwh: round(Math.max(0, produced - used) + swing),
        });
      }
    }
    // The last readings are of 18:55, an hour after the end.
    clock.now = new Date(endsAt.getTime() + HOUR);
    const ingest = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });

    // Before the event, its outlook says its figures are from the grid, as its result will; during
    // it, so does its live scorecard (only export marks it solar: no panel is registered).
    clock.now = new Date(startsAt.getTime() - 2 * HOUR);
    const before = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as { outlook: Record<string, unknown> | null };
    expect(before.outlook).toMatchObject({ status: 'estimate', fromGrid: true });
    clock.now = new Date(startsAt.getTime() + HOUR);
    const live = (await (await call(member, 'GET', `/api/events/${id}/scorecard`)).json()) as Record<string, unknown>;
    expect(live).toMatchObject({ status: 'live', fromGrid: true });
    clock.now = new Date(endsAt.getTime() + HOUR);

    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => clock.now });
    clock.now = new Date(endsAt.getTime() + HOUR + 20 * 60_000);
    await worker.runDue();
    await worker.stop();

    // By hand from the stored rows: each interval's max(0, import − export); the 10 latest
    // ordinary weekdays; the window [11:00, 14:00) (36 intervals, ending two hours before, decision 138) moves the event's 24 intervals
    // by its difference per interval, within ±20 %.
    const rows = rowsOf<{ ts: string; imported: number; exported: number; used: number }>(
      await t.database.db.execute(sql`select ts, grid_import_kwh as imported, grid_export_kwh as exported, consumption_kwh as used from meter_readings where household_id = ${household.id}::uuid`),
    ).map((r) => ({ ms: new Date(r.ts).getTime(), grid: Math.max(0, Number(r.imported) - Number(r.exported)), used: Number(r.used) }));
    const total = (from: Date, to: Date, of: 'grid' | 'used' = 'grid') => rows.filter((r) => r.ms >= from.getTime() && r.ms < to.getTime()).reduce((s, r) => s + r[of], 0);
    const days = weekdaysBefore(eventDate, 10);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const baselineOn = (of: 'grid' | 'used') => {
      const eventPart = (d: string) => total(zonedTimeToUtc(d, 16, 0, ZONE), zonedTimeToUtc(d, 18, 0, ZONE), of);
      const windowPart = (d: string) => total(zonedTimeToUtc(d, 11, 0, ZONE), zonedTimeToUtc(d, 14, 0, ZONE), of);
      const usual = mean(days.map(eventPart));
      const added = Math.min(0.2 * usual, Math.max(-0.2 * usual, ((windowPart(eventDate) - mean(days.map(windowPart))) / 36) * 24));
      return { usual, baselineKwh: usual + added };
    };
    const { usual, baselineKwh } = baselineOn('grid');
    const actualKwh = total(startsAt, endsAt);
    const cut = ((baselineKwh - actualKwh) / baselineKwh) * 100;
    const points = cut < 10 ? 0 : Math.floor(100 * Math.min(2, 1 + (cut - 10) / 20));
    // The grid figures tell a different story from the whole use: on consumption the same home
    // would have a larger baseline and a smaller cut. The readings' pattern falls on the clock, so
    // the figures move with the event's date: over every weekday of 2026–2027 the grid cut is
    // 19.5–29.4 %, at least 8.0 points above the cut on consumption, and the baseline on
    // consumption at least 1.77 times the grid's.
    const onConsumption = baselineOn('used');
    const consumptionCut = ((onConsumption.baselineKwh - total(startsAt, endsAt, 'used')) / onConsumption.baselineKwh) * 100;
    expect(onConsumption.baselineKwh).toBeGreaterThan(baselineKwh * 1.5);
    expect(cut).toBeGreaterThan(consumptionCut + 5);
    expect(cut).toBeGreaterThan(10);
    expect(cut).toBeLessThan(30);

    const detail = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as { result: Record<string, unknown> & { baselineDays: string[]; intervals: { slot: string }[] } };
    // No panel is registered: the meter's export alone makes it a solar home, and its result says the figures are from the grid.
    expect(detail.result).toMatchObject({ outcome: 'settled', points, fromGrid: true });
    expect(detail.result.baselineDays).toEqual(days);
    expect(detail.result.adjustmentFactor).toBeCloseTo(baselineKwh / usual, 9);
    expect(detail.result.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(detail.result.actualKwh).toBeCloseTo(actualKwh, 9);
    expect(detail.result.intervals).toHaveLength(24);
    const balance = ((await (await call(member, 'GET', '/api/points')).json()) as { balance: number }).balance;
    expect(balance).toBe(points);
  }, 120_000);
});
