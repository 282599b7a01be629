import { sql } from 'drizzle-orm';
import { addDays, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { startEventOnAClock, type EventOnAClock } from '../../test/event-on-a-clock';
import { recentWeekday, weekdaysBefore } from '../../test/ontario-weekdays';
import { createMember, type Member } from '../../test/test-session';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { settleEndedEvent } from './event-settlement.service';

/*
 * Decision 138: a solar home whose meter measures production and that has no battery is frozen and
 * settled on decision 126's gross-load baseline over the window ending two hours before the event.
 * Three homes with the same use opt in: one with panels (production in its readings), the same with
 * `has_battery` set, and one without panels. Only the first gets a gross-load row; its baseline,
 * actual and points are worked out here from the stored import, export and production columns.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

type Reading = { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number };

describe('a solar home without a battery, on gross load', () => {
  let scenario: EventOnAClock;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 16, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);

  beforeAll(async () => {
    scenario = await startEventOnAClock();
  }, 120_000);
  afterAll(() => scenario.t.close());

  /** 30 days from 10:00 to 19:00; on the event day a busier window, a sunnier evening and a 15 % cut. */
  function readings(panels: boolean): Reading[] {
    const round = (x: number) => Math.round(x * 1e4) / 1e4;
    const meter: Reading[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const four = zonedTimeToUtc(day, 16, 0, ZONE).getTime();
      const end = zonedTimeToUtc(day, 19, 0, ZONE).getTime();
      for (let ms = zonedTimeToUtc(day, 10, 0, ZONE).getTime(); ms < end; ms += FIVE_MINUTES) {
        const k = ms / FIVE_MINUTES;
        let used = 0.2 + (k % 7) / 100 + (back % 3) / 100;
        if (back === 0 && ms < four - 2 * HOUR) used *= 1.05;
        if (back === 0 && ms >= startsAt.getTime() && ms < endsAt.getTime()) used *= 0.85;
        // Midday sun, and a weak evening: the event day's evening is twice as sunny as usual, and
        // in its second hour about as strong as the load, so some days' draw floors at 0 (decision 141).
        const evening = back === 0 ? (ms < four + HOUR ? 0.12 : 0.22) : 0.06;
        const produced = panels ? (ms < four ? 0.25 : evening) + (k % 5) / 100 : 0;
        // One interval in three the load swings inside the interval: the meter counts 0.01 both ways.
        const swing = panels && k % 3 === 0 ? 0.01 : 0;
        meter.push({
          ts: new Date(ms).toISOString(),
          productionKwh: round(produced),
          consumptionKwh: round(used),
          gridImportKwh: round(Math.max(0, used - produced) + swing),
          gridExportKwh: round(Math.max(0, produced - used) + swing),
        });
      }
    }
    return meter;
  }

  it('freezes a gross-load row for it alone and settles it to the figure of its raw rows', async () => {
    const { t, member, clock, call } = scenario;
    const db = t.database.db;
    clock.now = new Date(startsAt.getTime() - 6 * HOUR);
    const id = await scenario.scheduleOptedIn(startsAt, endsAt);
    const battery = await createMember(t.app);
    const plain = await createMember(t.app);
    const homes = new Map<Member, { id: string; panels: boolean }>();
    for (const [who, panels] of [[member, true], [battery, true], [plain, false]] as const) {
      await call(who, 'GET', '/api/household');
      const household = await ensureHouseholdForUser(db, who.userId);
      homes.set(who, { id: household.id, panels });
      if (who !== member) expect((await call(who, 'PUT', `/api/events/${id}/participation`, { optedIn: true })).status).toBe(200);
    }
    await db.execute(sql`update households set has_battery = true where id = ${homes.get(battery)!.id}::uuid`);

    // The solar home's readings from an hour into the event on arrive later, as a meter's would.
    const later: Reading[] = [];
    const send = async (token: string, meter: Reading[]) => {
      const ingest = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
      expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });
    };
    let memberToken = '';
    clock.now = new Date(endsAt.getTime() + HOUR);
    for (const [who, home] of homes) {
      const credential = await issueIngestCredential(db, home.id, null, 'test');
      const meter = readings(home.panels);
      if (who === member) {
        memberToken = credential.token;
        later.push(...meter.filter((r) => new Date(r.ts).getTime() >= startsAt.getTime() + HOUR));
        await send(credential.token, meter.filter((r) => new Date(r.ts).getTime() < startsAt.getTime() + HOUR));
      } else await send(credential.token, meter);
    }

    // Before the event each home's read freezes its row (its history came after the opt-in).
    clock.now = new Date(startsAt.getTime() - 3 * HOUR);
    const before = new Map<Member, Record<string, unknown>>();
    for (const who of homes.keys()) before.set(who, ((await (await call(who, 'GET', `/api/events/${id}`)).json()) as { outlook: Record<string, unknown> }).outlook);
    const methods = new Map(
      rowsOf<{ householdId: string; method: string; gross: number | null }>(
        await db.execute(sql`select household_id as "householdId", method, cardinality(event_gross_kwh) as gross from event_baselines where event_id = ${id}::uuid`),
      ).map((r) => [r.householdId, r]),
    );
    expect(methods.get(homes.get(member)!.id)).toMatchObject({ method: 'mean-of-days-gross-load', gross: 24 });
    expect(methods.get(homes.get(battery)!.id)).toMatchObject({ method: 'mean-of-days-unadjusted', gross: null });
    expect(methods.get(homes.get(plain)!.id)).toMatchObject({ method: 'mean-of-days-additive-early-window', gross: null });
    expect(before.get(member)).toMatchObject({ status: 'estimate', fromGrid: true, grossLoad: true });
    expect(before.get(battery)).not.toHaveProperty('grossLoad');
    expect(before.get(plain)).not.toHaveProperty('grossLoad');

    // An hour into the event: the live scorecard, whose baseline is kept for the event's length.
    clock.now = new Date(startsAt.getTime() + HOUR);
    const halfway = (await (await call(member, 'GET', `/api/events/${id}/scorecard`)).json()) as { baselineKwh: number; intervalsIn: number; actualKwh: number };
    clock.now = new Date(endsAt.getTime() + HOUR);
    await send(memberToken, later);

    const worker = startDurableWorker({ db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => clock.now });
    clock.now = new Date(endsAt.getTime() + HOUR + 20 * 60_000);
    await worker.runDue();
    await worker.stop();

    // By hand from the stored columns: grid draw max(0, import − export), gross import − export +
    // production; the 10 latest ordinary weekdays; the window [11:00, 14:00) (36 intervals) moves
    // the baseline by its gross difference per interval × 24, within ±20 % of the grid-draw
    // baseline, spread evenly; each event interval is, over the days, the mean of each day's gross
    // load plus that share less the event day's production, never below 0 (decision 141).
    const rows = rowsOf<{ ts: string; imported: number; exported: number; produced: number }>(
      await db.execute(sql`select ts, grid_import_kwh as imported, grid_export_kwh as exported, production_kwh as produced from meter_readings where household_id = ${homes.get(member)!.id}::uuid`),
    ).map((r) => ({ ms: new Date(r.ts).getTime(), grid: Math.max(0, Number(r.imported) - Number(r.exported)), gross: Number(r.imported) - Number(r.exported) + Number(r.produced), produced: Number(r.produced) }));
    const at = new Map(rows.map((r) => [r.ms, r]));
    const total = (from: Date, to: Date, of: 'grid' | 'gross') => rows.filter((r) => r.ms >= from.getTime() && r.ms < to.getTime()).reduce((s, r) => s + r[of], 0);
    const days = weekdaysBefore(eventDate, 10);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const windowOf = (d: string, of: 'grid' | 'gross') => total(zonedTimeToUtc(d, 11, 0, ZONE), zonedTimeToUtc(d, 14, 0, ZONE), of);
    const usual = mean(days.map((d) => total(zonedTimeToUtc(d, 16, 0, ZONE), zonedTimeToUtc(d, 18, 0, ZONE), 'grid')));
    const shift = Math.min(0.2 * usual, Math.max(-0.2 * usual, ((windowOf(eventDate, 'gross') - mean(days.map((d) => windowOf(d, 'gross')))) / 36) * 24));
    const bySlot: number[] = [];
    const dayDraws = days.map(() => 0);
    let floorOfMean = 0;
    for (let i = 0; i < 24; i += 1) {
      const slotOn = (d: string) => zonedTimeToUtc(d, 16, 0, ZONE).getTime() + i * FIVE_MINUTES;
      const sun = at.get(slotOn(eventDate))!.produced;
      const draws = days.map((d) => Math.max(0, at.get(slotOn(d))!.gross + shift / 24 - sun));
      draws.forEach((v, k) => (dayDraws[k]! += v));
      bySlot.push(mean(draws));
      floorOfMean += Math.max(0, mean(days.map((d) => at.get(slotOn(d))!.gross)) + shift / 24 - sun);
    }
    const baselineKwh = bySlot.reduce((s, v) => s + v, 0);
    // Where the load swings across the sun, the floor taken day by day reads more than the floor of the mean.
    expect(baselineKwh - floorOfMean).toBeGreaterThan(1e-3);
    const actualKwh = total(startsAt, endsAt, 'grid');
    const cut = ((baselineKwh - actualKwh) / baselineKwh) * 100;
    const points = cut < 10 ? 0 : Math.floor(100 * Math.min(2, 1 + (cut - 10) / 20));
    // The early window on grid draw gives another figure: the feature is what moves it.
    const gridShift = Math.min(0.2 * usual, Math.max(-0.2 * usual, ((windowOf(eventDate, 'grid') - mean(days.map((d) => windowOf(d, 'grid')))) / 36) * 24));
    expect(Math.abs(usual + gridShift - baselineKwh)).toBeGreaterThan(0.1 * baselineKwh);
    expect(cut).toBeGreaterThan(10);

    // Decision 141: the σ its saving is tested against is the days' swing of what the baseline
    // averages, each day's draw under the event day's sun, not of the grid draw of their own sun,
    // times √(1 + 1/10) for a day against the mean of ten.
    const sd = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + (v - mean(values)) ** 2, 0) / (values.length - 1));
    const eventTotals = (of: 'grid' | 'gross') => days.map((d) => total(zonedTimeToUtc(d, 16, 0, ZONE), zonedTimeToUtc(d, 18, 0, ZONE), of));
    const sigma = sd(dayDraws) * Math.sqrt(1 + 1 / days.length);
    expect(Math.abs(sd(dayDraws) - sd(eventTotals('grid')))).toBeGreaterThan(1e-3);
    expect(Math.abs(sd(dayDraws) - sd(eventTotals('gross')))).toBeGreaterThan(1e-3);

    const detail = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as { result: Record<string, unknown> & { baselineDays: string[]; grossLoad: Record<string, number>; proof: { sigmaKwh: number; savingKwh: number } } };
    expect(detail.result.proof.sigmaKwh).toBeCloseTo(sigma, 9);
    expect(detail.result.proof.savingKwh).toBeCloseTo(baselineKwh - actualKwh, 9);
    expect(detail.result).toMatchObject({ outcome: 'settled', points, fromGrid: true, adjustmentMethod: 'additive' });
    expect(detail.result.baselineDays).toEqual(days);
    expect(detail.result.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(detail.result.actualKwh).toBeCloseTo(actualKwh, 9);
    expect(detail.result.grossLoad.shiftKwh).toBeCloseTo(shift, 9);
    expect(detail.result.grossLoad.productionKwh).toBeCloseTo(rows.filter((r) => r.ms >= startsAt.getTime() && r.ms < endsAt.getTime()).reduce((s, r) => s + r.produced, 0), 9);
    // Its live scorecard an hour into the event: the first 12 intervals' baseline, each less the sun
    // of its own 5 minutes. Once the rest arrived, the whole baseline: the card is thawed again as
    // the intervals' production comes in, not kept from its first read.
    expect(halfway.intervalsIn).toBe(12);
    expect(halfway.baselineKwh).toBeCloseTo(bySlot.slice(0, 12).reduce((s, v) => s + v, 0), 9);
    expect(halfway.actualKwh).toBeCloseTo(total(startsAt, new Date(startsAt.getTime() + HOUR), 'grid'), 9);
    const live = (await (await call(member, 'GET', `/api/events/${id}/scorecard`)).json()) as { baselineKwh: number; intervalsIn: number };
    expect(live.intervalsIn).toBe(24);
    expect(live.baselineKwh).toBeCloseTo(baselineKwh, 9);
    // The other two are settled without it.
    for (const who of [battery, plain]) {
      const other = (await (await call(who, 'GET', `/api/events/${id}`)).json()) as { result: Record<string, unknown> };
      expect(other.result).toMatchObject({ outcome: 'settled' });
      expect(other.result).not.toHaveProperty('grossLoad');
    }
    // Without its frozen row (an event from before frozen baselines, or the demo's past events),
    // settlement computes the baseline under the method the freeze would have chosen: the same figure.
    await db.execute(sql`delete from event_baselines where event_id = ${id}::uuid and household_id = ${homes.get(member)!.id}::uuid`);
    await db.transaction((tx) => settleEndedEvent(tx, id, clock.now));
    const anew = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as { result: Record<string, unknown> & { grossLoad: Record<string, number>; proof: { sigmaKwh: number } } };
    expect(anew.result).toMatchObject({ outcome: 'settled', points });
    expect(anew.result.proof.sigmaKwh).toBeCloseTo(sigma, 9);
    expect(anew.result.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(anew.result.grossLoad.shiftKwh).toBeCloseTo(shift, 9);
  }, 180_000);
});
