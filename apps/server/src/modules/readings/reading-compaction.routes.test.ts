import { sql } from 'drizzle-orm';
import { addDays, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { startEventOnAClock, type EventOnAClock } from '../../test/event-on-a-clock';
import { recentWeekday } from '../../test/ontario-weekdays';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { settleEndedEvent } from '../events/event-settlement.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { exportReadingsPage } from '../privacy-exports/privacy-export-data.repository';
import { runReadingCompaction } from './reading-compaction.service';

/*
 * Decision 122 through the API: an event is settled, the member's screens and exports are read,
 * the closed days are compacted, the event is settled again, and every answer is the same.
 */

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

describe('compacted days through the API', () => {
  let scenario: EventOnAClock;
  let householdId: string;
  let eventId: string;
  const eventDate = recentWeekday();
  const startsAt = zonedTimeToUtc(eventDate, 16, 0, ZONE);
  const endsAt = zonedTimeToUtc(eventDate, 18, 0, ZONE);

  beforeAll(async () => {
    scenario = await startEventOnAClock();
    const { t, member, clock } = scenario;
    clock.now = new Date(startsAt.getTime() - 6 * HOUR);
    eventId = await scenario.scheduleOptedIn(startsAt, endsAt);
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    householdId = household.id;
    const credential = await issueIngestCredential(t.database.db, household.id, null, 'test');
    // 30 days from 10:00 to 19:00 local, values with all their digits on odd days back and in whole
    // Wh on even ones, so compaction stores both forms (decision 127); the member cuts 12 % during the event.
    clock.now = new Date(endsAt.getTime() + HOUR);
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(eventDate, -back);
      const meter: Record<string, unknown>[] = [];
      const end = zonedTimeToUtc(day, 19, 0, ZONE).getTime();
      for (let ms = zonedTimeToUtc(day, 10, 0, ZONE).getTime(); ms < end; ms += FIVE_MINUTES) {
        const k = ms / FIVE_MINUTES;
        let used = 0.1 + (k % 7) / 97 + Math.sin(k) / 1e3;
        if (back === 0 && ms >= startsAt.getTime() && ms < endsAt.getTime()) used *= 0.88;
        if (back % 2 === 0) used = Math.round(used * 1000) / 1000;
        meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: used, gridImportKwh: used, gridExportKwh: 0 });
      }
      const ingest = await t.app.request('/api/ingest/readings', {
        method: 'POST',
        headers: { authorization: `Bearer ${credential.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ meter }),
      });
      expect(await ingest.json()).toMatchObject({ accepted: meter.length, rejected: [] });
    }
    const worker = startDurableWorker({ db: t.database.db, handlers: eventJobHandlers, logger: createLogger({ level: 'silent' }), clock: () => clock.now });
    clock.now = new Date(endsAt.getTime() + HOUR + 20 * 60_000);
    await worker.runDue();
    await worker.stop();
  }, 180_000);
  afterAll(() => scenario.t.close());

  async function answers() {
    const { t, member, call } = scenario;
    const json = async (path: string) => {
      const res = await call(member, 'GET', path);
      expect(res.status, path).toBe(200);
      return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
    };
    const results = rowsOf(
      await t.database.db.execute(sql`select household_id, outcome, points, baseline_kwh, actual_kwh, detail from event_results where event_id = ${eventId}::uuid`),
    );
    const pages: unknown[][] = [];
    for (let after: string | null = null, first = true; first || after !== null; first = false) {
      const page = await exportReadingsPage(t.database.db, householdId, after, 1000);
      pages.push(...page.rows);
      after = page.next;
    }
    const from = addDays(eventDate, -28);
    const screens = {
      event: await json(`/api/events/${eventId}`),
      results,
      history: await json('/api/usage/history?range=30'),
      csv: await json('/api/usage/export.csv?range=30'),
      dashboard: await json('/api/dashboard/usage?period=30d'),
      // Each export names its entries with fresh ids; the rest of the file must not move.
      greenButton: String(await json(`/api/green-button/export?from=${from}&to=${eventDate}`)).replace(/urn:uuid:[0-9a-f-]+/g, 'urn:uuid:…'),
      privacy: pages,
    };
    // Read after the screens, which fill the rollups' daily-cost cache on first read.
    // Statements and the Green Button export are priced and written from these rollups.
    const rollups = {
      hourly: rowsOf(await t.database.db.execute(sql`select * from meter_hourly where household_id = ${householdId}::uuid order by hour_start`)),
      daily: rowsOf(await t.database.db.execute(sql`select * from meter_daily where household_id = ${householdId}::uuid order by local_date`)),
    };
    return { ...screens, rollups };
  }

  it('settles, charts and exports the same before and after the closed days are compacted', async () => {
    const { t, clock } = scenario;
    const before = await answers();
    expect((before.event as { result: { outcome: string } }).result.outcome).toBe('settled');

    const batch = await t.database.db.transaction((tx) => runReadingCompaction(tx, clock.now, null));
    // Days of the look-back older than the window became day rows; the last week's stayed raw.
    expect(batch.meterDays).toBeGreaterThanOrEqual(20);
    const raw = rowsOf<{ lo: string }>(await t.database.db.execute(sql`select min(ts)::text as lo from meter_readings where household_id = ${householdId}::uuid`))[0]!;
    expect(new Date(raw.lo).getTime()).toBeGreaterThan(clock.now.getTime() - 9 * 86_400_000);
    const forms = rowsOf<{ ints: number; doubles: number }>(
      await t.database.db.execute(sql`select count(vi)::int as ints, count(v)::int as doubles from meter_reading_days where household_id = ${householdId}::uuid`),
    )[0]!;
    expect(forms.ints).toBeGreaterThanOrEqual(10);
    expect(forms.doubles).toBeGreaterThanOrEqual(10);

    // Settlement run again from the compacted days, as a late reading would run it.
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, clock.now));
    expect(await answers()).toEqual(before);
  }, 180_000);
});
