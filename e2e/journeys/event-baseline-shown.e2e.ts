import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signUpInBrowser } from '../support/browser-sign-up';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { chooseLanguage } from '../support/choose-language';
import { DAY, FIVE_MINUTES } from '../support/journey-constants';

// A program of its own in a province no other journey uses, so this member sees only this event.
// The home keeps Toronto's clock, on which the server's and Chromium's zone data agree.
const PROGRAM = 'E2E baseline shown (New Brunswick)';
const PROVINCE = 'NB';
const ZONE = 'America/Toronto';

let page: Page;
pagePerTest('event-baseline-shown', (p) => (page = p), { viewport: { width: 1440, height: 1200 } });
const db = journeyDatabase();

const DATE = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const localDate = (at: number) => DATE.format(new Date(at));
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
// The domain keeps no holiday calendar for New Brunswick, so every Monday to Friday counts as a weekday.
const isOrdinaryWeekday = (date: string) => weekdayOf(date) !== 0 && weekdayOf(date) !== 6;
/** The instant a Toronto wall-clock time falls on: the clock read as UTC, less the zone's offset then. */
function torontoTime(date: string, hour: number, minute = 0): number {
  const asUtc = Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(asUtc))
      .map((p) => [p.type, p.value]),
  );
  const shownAsUtc = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return asUtc + (asUtc - shownAsUtc);
}

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ').trim();

/** `zone`: the home's clock. */
async function signUp(zone = ZONE): Promise<string> {
  const { householdId } = await signUpInBrowser(page, db, { prefix: 'baseline', name: 'Noor Haddad', birth: { month: '6', day: '14', year: '1990' } });
  await db.query(`update households set province = $2, postal_code = 'E1C 4M3', time_zone = $3 where id = $1`, [householdId, PROVINCE, zone]);
  // The server keeps the home with its cached session, cleared by any write of the member's: the
  // sign-up's screens read it before this update, so a write (the default it already has) clears it.
  expect((await page.request.put('/api/event-preferences', { data: { optInEveryEvent: false } })).status()).toBe(200);
  return householdId;
}

/** 0.2 kWh every 5 minutes from 13:00 to 20:00 on each day, as a meter would have sent it. */
async function insertHistory(householdId: string, days: string[]) {
  const ts: string[] = [];
  for (const day of days) for (let at = torontoTime(day, 13); at < torontoTime(day, 20); at += FIVE_MINUTES) ts.push(new Date(at).toISOString());
  await db.query(
    `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
     select $1, t, 0, 0.2, 0.2, 0 from unnest($2::timestamptz[]) as r(t) on conflict do nothing`,
    [householdId, ts],
  );
}

async function shoot(name: string) {
  // The app scrolls inside its shell, so a phone-width shot is as tall as the page gets.
  await page.setViewportSize({ width: 390, height: 2600 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 1200 });
  await screenshot(page, `${name}-1440`);
}

describe('the baseline a member is shown before an event (decision 098)', () => {
  it('a new member with two weekdays of history is told similar homes will score them and why; with more history, their usual use and target', { timeout: 300_000 }, async () => {
    const householdId = await signUp();
    const today = localDate(Date.now());
    // The event: 6–7 p.m. on the first ordinary weekday after today.
    let eventDate = localDate(Date.now() + DAY);
    while (!isOrdinaryWeekday(eventDate)) eventDate = localDate(Date.parse(`${eventDate}T12:00:00Z`) + DAY);
    const { rows: programs } = await db.query<{ id: string }>(
      `insert into event_programs (name, provinces) values ($1, $2) on conflict (name) do update set provinces = excluded.provinces returning id`,
      [PROGRAM, [PROVINCE]],
    );
    // Events an earlier run left ahead would come first on the banner.
    await db.query(`update energy_events set status = 'cancelled', cancelled_at = now() where program_id = $1 and status = 'scheduled'`, [programs[0]!.id]);
    const { rows: events } = await db.query<{ id: string }>(
      `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values ($1, $2, $3, 100, 10, 'scheduled', 'e2e') returning id`,
      [programs[0]!.id, new Date(torontoTime(eventDate, 18)).toISOString(), new Date(torontoTime(eventDate, 19)).toISOString()],
    );
    const eventId = events[0]!.id;

    // Twelve ordinary weekdays before today, most recent first; the home has the last two.
    const weekdays: string[] = [];
    for (let at = Date.parse(`${today}T12:00:00Z`) - DAY; weekdays.length < 12; at -= DAY) if (isOrdinaryWeekday(localDate(at))) weekdays.push(localDate(at));
    await insertHistory(householdId, weekdays.slice(0, 2));
    // Weekdays still ahead before the event (today included): with them the home reaches
    // 2 + left days; the event is the first weekday after today, so at most today is left.
    const left = isOrdinaryWeekday(today) ? 1 : 0;
    expect(2 + left).toBeLessThan(5);

    await page.goto('/app/dashboard');
    const banner = page.getByTestId('event-banner');
    const note = banner.getByTestId('baseline-outlook');
    await note.waitFor();
    const bannerText = plain(await banner.textContent());
    // Too few days of its own, but two: a comparison group will score it (decision 101).
    expect(bannerText).toContain('You’ll be scored against similar homes');
    expect(bannerText).toContain('Points need 5 weekdays of readings before the event; you have 2.');
    expect(bannerText).not.toContain('won’t pay you points');
    await note.getByRole('link', { name: 'import your Green Button file' }).waitFor();
    await page.getByRole('heading', { name: 'Reward Points' }).waitFor();
    await shoot('event-baseline-shown-banner-no-points');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/app/events/${eventId}`);
    await page.getByTestId('baseline-outlook').getByText('Points need 5 weekdays of readings before the event; you have 2.').waitFor();
    await shoot('event-baseline-shown-page-no-points');
    expect(await axeViolations(page)).toEqual([]);

    // Ten more weekdays at the same use: the ten most recent average 0.2 kWh per 5 minutes, so
    // 12 × 0.2 = 2.40 kWh over the hour, and 2.40 × 0.9 = 2.16 kWh earns the 100 points.
    await insertHistory(householdId, weekdays.slice(2));
    await page.reload();
    const estimate = page.getByTestId('baseline-outlook');
    await estimate.getByText('Your usual 6–7 p.m.: 2.40 kWh. Use 2.16 kWh or less to earn 100 points.').waitFor();
    expect(plain(await estimate.textContent())).toContain('An estimate from your last 10 weekdays with complete readings.');
    await shoot('event-baseline-shown-page-estimate');
    expect(await axeViolations(page)).toEqual([]);

    // Last week's event, settled as settlement stores a result: 2.40 kWh after a factor clamped
    // at 1.2 (the ratio was 1.35), so 2.00 before it; 1.92 used, 0.48 saved (20 %): 150 points.
    const pastStart = torontoTime(weekdays[4]!, 18);
    const { rows: past } = await db.query<{ id: string }>(
      `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by, settled_at)
       values ($1, $2, $3, 100, 10, 'settled', 'e2e', $3) returning id`,
      [programs[0]!.id, new Date(pastStart).toISOString(), new Date(pastStart + 3_600_000).toISOString()],
    );
    const pastId = past[0]!.id;
    await db.query(`insert into event_participations (event_id, household_id, opted_in, source) values ($1, $2, true, 'member')`, [pastId, householdId]);
    const intervals = Array.from({ length: 12 }, (_, i) => ({ slot: `18:${String(i * 5).padStart(2, '0')}`, baselineKwh: 0.2, actualKwh: 0.16 }));
    await db.query(
      `insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at)
       values ($1, $2, 1, 'settled', 2.4, 1.92, 0.48, 150, $3, now())`,
      [
        pastId,
        householdId,
        JSON.stringify({
          reason: null,
          baselineDays: weekdays.slice(5, 10),
          dayKind: 'weekday',
          adjustmentFactor: 1.2,
          adjustmentUnclamped: 1.35,
          adjustmentStatus: 'clamped',
          reductionPercent: 20,
          targetMet: true,
          intervals,
          missingSlots: [],
        }),
      ],
    );
    await page.goto(`/app/events/${pastId}`);
    const explained = page.getByTestId('result-explanation');
    await explained.waitFor();
    const why = plain(await explained.textContent());
    expect(why).toContain('used 1.35 times its usual; the adjustment is kept between 0.8 and 1.2, so the baseline was multiplied by 1.20 (from 2.00 kWh).');
    expect(why).toContain('The target was 2.16 kWh or less, 10% below your baseline.');
    expect(why).toContain('You met it, so you earned 150 points.');
    await shoot('event-baseline-shown-result-explained');
    expect(await axeViolations(page)).toEqual([]);

    await chooseLanguage(page, 'fr');
    await page.goto(`/app/events/${pastId}`);
    await page.getByTestId('result-explanation').waitFor();
    expect(plain(await page.getByTestId('result-explanation').textContent())).toContain('Vous l’avez atteint : vous avez gagné 150 points.');
    await shoot('event-baseline-shown-result-explained-fr');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/app/events/${eventId}`);
    await page.getByTestId('baseline-outlook').waitFor();
    expect(plain(await page.getByTestId('baseline-outlook').textContent())).toContain('2,40 kWh. Consommez 2,16 kWh ou moins pour gagner 100 points.');
    await shoot('event-baseline-shown-page-estimate-fr');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/app/dashboard');
    await page.getByTestId('event-banner').getByTestId('baseline-outlook').waitFor();
    await shoot('event-baseline-shown-banner-estimate-fr');
    await chooseLanguage(page, 'en');
    await page.goto('/app/dashboard');
    await page.getByTestId('event-banner').getByTestId('baseline-outlook').waitFor();
    await shoot('event-baseline-shown-banner-estimate');
  });

  it('a member who joined today, with no readings yet, is told similar homes will score it on the day from its hours before the event (decision 144)', { timeout: 120_000 }, async () => {
    // Today's event, half an hour from now, leaves no day to come before it. Its home is on a
    // Canadian clock where the event falls between 5 a.m. (the three hours read end two hours
    // before it, on the same day) and 10:30 p.m. None fits between 1 and 3 a.m. in Toronto: the
    // member is then told the event cannot pay, which is also what the rule says.
    const startMs = Math.ceil((Date.now() + 30 * 60_000) / FIVE_MINUTES) * FIVE_MINUTES;
    const localMinutes = (zone: string) => {
      const [h, m] = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(startMs)).split(':');
      return Number(h) * 60 + Number(m);
    };
    const zone = [ZONE, 'America/Edmonton', 'America/Vancouver', 'America/Halifax', 'America/St_Johns'].find((z) => localMinutes(z) >= 5 * 60 && localMinutes(z) <= 22 * 60 + 30);
    await signUp(zone ?? ZONE);
    const { rows: programs } = await db.query<{ id: string }>(
      `insert into event_programs (name, provinces) values ($1, $2) on conflict (name) do update set provinces = excluded.provinces returning id`,
      [PROGRAM, [PROVINCE]],
    );
    await db.query(`update energy_events set status = 'cancelled', cancelled_at = now() where program_id = $1 and status = 'scheduled'`, [programs[0]!.id]);
    await db.query(
      `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values ($1, $2, $3, 100, 10, 'scheduled', 'e2e')`,
      [programs[0]!.id, new Date(startMs).toISOString(), new Date(startMs + 30 * 60_000).toISOString()],
    );

    await page.goto('/app/dashboard');
    const banner = page.getByTestId('event-banner');
    await banner.getByTestId('baseline-outlook').waitFor();
    const text = plain(await banner.textContent());
    if (!zone) {
      expect(text).toContain('This event won’t pay you points');
      expect(text).not.toContain('scored on the day itself');
      await shoot('event-baseline-shown-banner-event-day-too-early');
      return;
    }
    expect(text).toContain('You’ll be scored against similar homes');
    expect(text).toContain('you have 0. With no full day of readings yet, you’re scored on the day itself: your use in the three hours ending two hours before the event');
    expect(text).not.toContain('won’t pay you points');
    await shoot('event-baseline-shown-banner-event-day');
    expect(await axeViolations(page)).toEqual([]);
  });
});
