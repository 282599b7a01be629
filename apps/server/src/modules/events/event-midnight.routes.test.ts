import { sql } from 'drizzle-orm';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { startEventOnAClock, type EventOnAClock } from '../../test/event-on-a-clock';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';

/*
 * An event from 23:00 to 01:00 (decision 102) is settled through the API and the durable jobs, and
 * its baseline is checked against one worked out here from the stored rows: each of the 10 latest
 * ordinary weekdays contributes its own 23:00–24:00 and the next calendar day's 00:00–01:00.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

/** A weekday three or more days ago, not a holiday, and followed by a weekday (its morning is ordinary). */
function recentWeekday(holidays: ReadonlySet<string>): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  while (isWeekend(date) || isWeekend(addDays(date, 1)) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

describe('an event that crosses local midnight', () => {
  let scenario: EventOnAClock;
  const year = Number(localDateOf(new Date(), ZONE).slice(0, 4));
  const holidays = new Set(provincialHolidayDates('ON', year - 1, year));
  const eventDate = recentWeekday(holidays);
  const startsAt = zonedTimeToUtc(eventDate, 23, 0, ZONE);
  const endsAt = zonedTimeToUtc(addDays(eventDate, 1), 1, 0, ZONE);

  beforeAll(async () => {
    scenario = await startEventOnAClock();
  }, 120_000);
  afterAll(() => scenario.t.close());

  it('settles 23:00–01:00 against a baseline worked out from the raw rows', async () => {
    const { t, member, clock, call } = scenario;
    clock.now = new Date(startsAt.getTime() - 6 * HOUR);
    const id = await scenario.scheduleOptedIn(startsAt, endsAt);

    // 30 evenings of readings from 18:00 to 01:00 the next morning, a different value in every
    // slot; after midnight a weekend morning uses three times as much, so the morning of the
    // wrong calendar day shows. The event day's window runs 5 % high and the event is cut by 5 %
    // (against a baseline that also holds two Saturday mornings).
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    const meter: Record<string, unknown>[] = [];
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const morningScale = isWeekend(addDays(day, 1)) ? 3 : 1;
      const midnight = zonedTimeToUtc(addDays(day, 1), 0, 0, ZONE).getTime();
      for (let ms = zonedTimeToUtc(day, 18, 0, ZONE).getTime(); ms < midnight + HOUR; ms += FIVE_MINUTES) {
        let kwh = 0.1 + ((ms / FIVE_MINUTES) % 7) / 100;
        if (ms >= midnight) kwh *= morningScale;
        if (back === 0 && ms < startsAt.getTime() - HOUR) kwh *= 1.05;
        if (back === 0 && ms >= startsAt.getTime()) kwh *= 0.95;
        kwh = Math.round(kwh * 1e4) / 1e4;
        meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 });
      }
    }
    clock.now = new Date(endsAt.getTime() + 5 * 60_000);
    const ingest = await t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meter }) });
    expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });

    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => clock.now });
    clock.now = new Date(endsAt.getTime() + 20 * 60_000);
    await worker.runDue();
    await worker.stop();

    // By hand from the stored rows: the 10 latest weekdays before the event day that are not
    // holidays, each the sum of [23:00, 01:00 the next day); the window [18:00, 21:00), ending two hours before (decision 138).
    const rows = rowsOf<{ ts: string; kwh: number }>(await t.database.db.execute(sql`select ts, consumption_kwh as kwh from meter_readings where household_id = ${household.id}::uuid`)).map((r) => ({ ms: new Date(r.ts).getTime(), kwh: Number(r.kwh) }));
    const total = (from: Date, to: Date) => rows.filter((r) => r.ms >= from.getTime() && r.ms < to.getTime()).reduce((s, r) => s + r.kwh, 0);
    const days: string[] = [];
    for (let d = addDays(eventDate, -1); days.length < 10; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
    const eventPart = (d: string) => total(zonedTimeToUtc(d, 23, 0, ZONE), zonedTimeToUtc(addDays(d, 1), 1, 0, ZONE));
    const windowPart = (d: string) => total(zonedTimeToUtc(d, 18, 0, ZONE), zonedTimeToUtc(d, 21, 0, ZONE));
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    // Decision 101: the window's difference per interval (36 of them) over the event's 24, within ±20 %.
    const usual = mean(days.map(eventPart));
    const added = Math.min(0.2 * usual, Math.max(-0.2 * usual, ((windowPart(eventDate) - mean(days.map(windowPart))) / 36) * 24));
    const baselineKwh = usual + added;
    const factor = baselineKwh / usual;
    const actualKwh = total(startsAt, endsAt);
    const cut = ((baselineKwh - actualKwh) / baselineKwh) * 100;
    const points = Math.floor(100 * Math.min(2, 1 + (cut - 10) / 20));
    expect(factor).toBeGreaterThan(1.02);
    // Between the target and three times it, so the points are not capped at 2×.
    expect(cut).toBeGreaterThan(15);
    expect(cut).toBeLessThan(30);

    const detail = (await (await call(member, 'GET', `/api/events/${id}`)).json()) as { result: Record<string, unknown> & { baselineDays: string[]; intervals: { slot: string }[] } };
    expect(detail.result).toMatchObject({ outcome: 'settled', points });
    expect(detail.result.baselineDays).toEqual(days);
    expect(detail.result.adjustmentFactor).toBeCloseTo(factor, 9);
    expect(detail.result.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(detail.result.actualKwh).toBeCloseTo(actualKwh, 9);
    expect(detail.result.intervals).toHaveLength(24);
    expect(detail.result.intervals[12]!.slot).toBe('00:00+1');
    // Decisions 140 and 141: paid at once only when the saving clears Student's t for n − 1 of a
    // saving's σ (the days' σ × √(1 + 1/n)). A day followed by a Saturday holds a morning three times
    // as heavy, so σ is large: the cut is held.
    const totals = days.map(eventPart);
    const sigma = Math.sqrt(totals.reduce((s, v) => s + (v - usual) ** 2, 0) / (totals.length - 1)) * Math.sqrt(1 + 1 / totals.length);
    const saving = baselineKwh - actualKwh;
    expect(saving).toBeLessThan(1.645 * sigma);
    expect((detail.result as { proof?: Record<string, unknown> }).proof).toMatchObject({ status: 'held', sigmaKwh: expect.closeTo(sigma, 9), savingKwh: expect.closeTo(saving, 9) });
    const summary = (await (await call(member, 'GET', '/api/points')).json()) as { balance: number; heldPoints: number };
    expect(summary).toMatchObject({ balance: 0, heldPoints: points });
  }, 120_000);
});
