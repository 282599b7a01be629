import { sql } from 'drizzle-orm';
import { addDays, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { startEventOnAClock, type EventOnAClock } from '../../test/event-on-a-clock';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { createMember } from '../../test/test-session';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';

/*
 * Decision 147: a battery home whose meter measures production is frozen with, per baseline day, its
 * production from midnight to the start and its draw over the event, and settled on the 5 days whose
 * production was nearest the event day's. Two battery homes opt in with the same use: one whose
 * panels' production is in its readings, one whose register reads 0. Only the first is sun-matched;
 * its baseline, σ and points are worked out here from the stored columns.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

type Reading = { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number };

describe('a battery home with panels, on its days nearest in sun', () => {
  let scenario: EventOnAClock;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 16, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);

  beforeAll(async () => {
    scenario = await startEventOnAClock();
  }, 120_000);
  afterAll(() => scenario.t.close());

  /**
   * 30 days and the event day from midnight to 19:00. Each day's sun (0 to 0.9, scattered over the
   * days) makes its production from 08:00 to 16:00, and the battery it charged covers that share of
   * the evening's use: a sunny day draws little over 16:00–18:00, a dull one most of its use. The
   * event day is fairly sunny, and the home cuts 30 % of its use through the event.
   */
  function readings(panels: boolean): Reading[] {
    const round = (x: number) => Math.round(x * 1e4) / 1e4;
    const meter: Reading[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const sun = back === 0 ? 0.65 : ((back * 7) % 10) / 10;
      const midnight = zonedTimeToUtc(day, 0, 0, ZONE).getTime();
      const eight = zonedTimeToUtc(day, 8, 0, ZONE).getTime();
      const four = zonedTimeToUtc(day, 16, 0, ZONE).getTime();
      const end = zonedTimeToUtc(day, 19, 0, ZONE).getTime();
      for (let ms = midnight; ms < end; ms += FIVE_MINUTES) {
        const k = ms / FIVE_MINUTES;
        let used = 0.3 + (k % 7) / 100;
        const inEvent = back === 0 && ms >= startsAt.getTime() && ms < endsAt.getTime();
        if (inEvent) used *= 0.7;
        const produced = panels && ms >= eight && ms < four ? round(0.1 * sun + (k % 3) / 1000) : 0;
        // The battery takes the day's surplus; after 16:00 it covers `sun` of the use.
        const drawn = ms >= four ? used * (1 - 0.8 * sun) : Math.max(0, used - produced);
        meter.push({ ts: new Date(ms).toISOString(), productionKwh: produced, consumptionKwh: round(used), gridImportKwh: round(drawn), gridExportKwh: 0 });
      }
    }
    return meter;
  }

  it('freezes its days’ sun, settles it on the 5 nearest the event day’s and explains it', async () => {
    const { t, member, clock, call } = scenario;
    const db = t.database.db;
    clock.now = new Date(startsAt.getTime() - 6 * HOUR);
    const id = await scenario.scheduleOptedIn(startsAt, endsAt);
    const dark = await createMember(t.app);
    const homes = new Map<string, { id: string; panels: boolean }>();
    for (const [who, panels] of [[member, true], [dark, false]] as const) {
      await call(who, 'GET', '/api/household');
      const household = await ensureHouseholdForUser(db, who.userId);
      homes.set(who.userId, { id: household.id, panels });
      if (who !== member) expect((await call(who, 'PUT', `/api/events/${id}/participation`, { optedIn: true })).status).toBe(200);
      await db.execute(sql`update households set has_battery = true where id = ${household.id}::uuid`);
    }
    // The readings arrive after the event, as a day's file would; the rows are frozen at the first read before it.
    clock.now = new Date(endsAt.getTime() + HOUR);
    for (const { id: householdId, panels } of homes.values()) {
      const credential = await issueIngestCredential(db, householdId, null, 'test');
      const all = readings(panels);
      // In batches the ingest takes (5,000 readings at most).
      for (let from = 0; from < all.length; from += 4_000) {
        const meter = all.slice(from, from + 4_000);
        const ingest = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
        expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });
      }
    }
    const home = homes.get(member.userId)!.id;
    const darkHome = homes.get(dark.userId)!.id;

    // Before the event: the row is frozen with each day's sun, and the member is told how it will be scored.
    clock.now = new Date(startsAt.getTime() - 3 * HOUR);
    const before = ((await (await call(member, 'GET', `/api/events/${id}`)).json()) as { outlook: Record<string, unknown> & { baselineKwh: number } }).outlook;
    const darkBefore = ((await (await call(dark, 'GET', `/api/events/${id}`)).json()) as { outlook: Record<string, unknown> }).outlook;
    const frozen = new Map(
      rowsOf<{ householdId: string; method: string; produced: number | null; draws: number | null }>(
        await db.execute(sql`select household_id as "householdId", method, cardinality(sun_produced_kwh) as produced, cardinality(sun_event_day_kwh) as draws from event_baselines where event_id = ${id}::uuid`),
      ).map((r) => [r.householdId, r]),
    );
    expect(frozen.get(home)).toMatchObject({ method: 'mean-of-sun-matched-days', produced: 10, draws: 240 });
    expect(frozen.get(darkHome)).toMatchObject({ method: 'mean-of-days-unadjusted', produced: null, draws: null });
    expect(before).toMatchObject({ status: 'estimate', notAdjusted: true, sunMatched: true });
    expect(darkBefore).toMatchObject({ status: 'estimate', notAdjusted: true });
    expect(darkBefore).not.toHaveProperty('sunMatched');

    // By hand from the stored columns: the 10 latest ordinary weekdays, each day's production from
    // midnight to 16:00, the 5 nearest the event day's in whole watt-hours (the days' sun repeats
    // every 10 days, so some tie; ties to the more recent), their mean draw.
    const rows = rowsOf<{ ts: string; imported: number; exported: number; produced: number }>(
      await db.execute(sql`select ts, grid_import_kwh as imported, grid_export_kwh as exported, production_kwh as produced from meter_readings where household_id = ${home}::uuid`),
    ).map((r) => ({ ms: new Date(r.ts).getTime(), grid: Math.max(0, Number(r.imported) - Number(r.exported)), produced: Number(r.produced) }));
    const total = (from: number, to: number, of: 'grid' | 'produced') => rows.filter((r) => r.ms >= from && r.ms < to).reduce((s, r) => s + r[of], 0);
    const sunOf = (d: string) => total(zonedTimeToUtc(d, 0, 0, ZONE).getTime(), zonedTimeToUtc(d, 16, 0, ZONE).getTime(), 'produced');
    const eventOf = (d: string) => total(zonedTimeToUtc(d, 16, 0, ZONE).getTime(), zonedTimeToUtc(d, 18, 0, ZONE).getTime(), 'grid');
    const days = weekdaysBefore(eventDate, 10);
    const today = sunOf(eventDate);
    const distance = (d: string) => Math.abs(Math.round(sunOf(d) * 1000) - Math.round(today * 1000));
    const kept = [...days].sort((a, b) => distance(a) - distance(b) || (a < b ? 1 : -1)).slice(0, 5);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const baselineKwh = mean(kept.map(eventOf));
    const allDays = mean(days.map(eventOf));
    // The feature is what moves it: the ten days' mean is another figure, and the one shown before.
    expect(Math.abs(allDays - baselineKwh)).toBeGreaterThan(0.1 * baselineKwh);
    expect(before.baselineKwh).toBeCloseTo(allDays, 9);
    const actualKwh = eventOf(eventDate);
    const cut = ((baselineKwh - actualKwh) / baselineKwh) * 100;
    expect(cut).toBeGreaterThan(10);
    const points = Math.floor(100 * Math.min(2, 1 + (cut - 10) / 20));
    // σ of the 5 kept days, against a saving's √(1 + 1/5) (decision 141).
    const sd = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + (v - mean(values)) ** 2, 0) / (values.length - 1));
    const sigma = sd(kept.map(eventOf)) * Math.sqrt(1 + 1 / 5);

    // An hour into the event the live scorecard already runs against the matched days.
    clock.now = new Date(startsAt.getTime() + HOUR);
    const halfway = (await (await call(member, 'GET', `/api/events/${id}/scorecard`)).json()) as { baselineKwh: number; intervalsIn: number };
    expect(halfway.intervalsIn).toBe(12);
    expect(halfway.baselineKwh).toBeCloseTo(mean(kept.map((d) => total(zonedTimeToUtc(d, 16, 0, ZONE).getTime(), zonedTimeToUtc(d, 17, 0, ZONE).getTime(), 'grid'))), 9);

    const worker = startDurableWorker({ db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => clock.now });
    clock.now = new Date(endsAt.getTime() + HOUR + 20 * 60_000);
    await worker.runDue();
    await worker.stop();

    type Detail = { result: Record<string, unknown> & { baselineDays: string[]; baselineKwh: number; actualKwh: number; sunMatched: Record<string, number>; proof: { sigmaKwh: number } } };
    const detail = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as Detail;
    expect(detail.result).toMatchObject({ outcome: 'settled', points, fromGrid: true, adjustmentMethod: 'none' });
    expect(detail.result.baselineDays).toEqual([...kept].sort().reverse());
    expect(detail.result.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(detail.result.actualKwh).toBeCloseTo(actualKwh, 9);
    expect(detail.result.proof.sigmaKwh).toBeCloseTo(sigma, 9);
    expect(detail.result.sunMatched.todayKwh).toBeCloseTo(today, 9);
    expect(detail.result.sunMatched.fromKwh).toBeCloseTo(Math.min(...kept.map(sunOf)), 9);
    expect(detail.result.sunMatched.toKwh).toBeCloseTo(Math.max(...kept.map(sunOf)), 9);
    expect(detail.result.sunMatched.ofDays).toBe(10);
    const darkResult = ((await (await call(dark, 'GET', `/api/events/${id}`)).json()) as Detail).result;
    expect(darkResult).toMatchObject({ outcome: 'settled', adjustmentMethod: 'none' });
    expect(darkResult).not.toHaveProperty('sunMatched');
    expect(darkResult.baselineDays).toEqual(days);

    // Without its frozen row, settlement computes the baseline the freeze would have frozen: the same figure.
    await db.execute(sql`delete from event_baselines where event_id = ${id}::uuid and household_id = ${home}::uuid`);
    await db.transaction((tx) => settleEndedEvent(tx, id, clock.now));
    const anew = ((await (await call(member, 'GET', `/api/events/${id}`)).json()) as Detail).result;
    expect(anew).toMatchObject({ outcome: 'settled', points });
    expect(anew.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(anew.proof.sigmaKwh).toBeCloseTo(sigma, 9);
    expect(anew.sunMatched.todayKwh).toBeCloseTo(today, 9);
  }, 180_000);
});
