import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { changeableEvent } from '../support/changeable-event';
import { demoBackfillCaughtUp } from '../support/demo-backfill';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { DEMO_EMAIL, DEMO_TIME_ZONE, HOUR } from '../support/journey-constants';

let page: Page;
pagePerTest('events', (p) => (page = p), { viewport: { width: 1280, height: 1400 } });
const db = journeyDatabase();

/**
 * The demo household's next event, running or to come: the one the banner must show, found the
 * way the server finds it, by SQL.
 */
async function nextDemoEvent(): Promise<{ id: string; startsAt: Date; endsAt: Date; status: string }> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ id: string; starts_at: Date; ends_at: Date; status: string }>(
      `select e.id, e.starts_at, e.ends_at, e.status from energy_events e join event_programs p on p.id = e.program_id
       join households h on h.province = any(p.provinces)
         and (p.fsas is null or upper(left(replace(coalesce(h.postal_code, ''), ' ', ''), 3)) = any(p.fsas))
       join users u on u.id = h.owner_user_id and u.email = $1
       where e.status in ('scheduled', 'active') and e.ends_at > now() order by e.starts_at limit 1`,
      [DEMO_EMAIL],
    );
    if (rows[0]) return { id: rows[0].id, startsAt: rows[0].starts_at, endsAt: rows[0].ends_at, status: rows[0].status };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('The demo household has no upcoming event');
}

/**
 * A settled event from last week with its result, as settlement stores it, so the transparency
 * panel can be checked without waiting for the demo's own events to settle. Its own program, so
 * it never collides with the demo's events.
 */
async function settledEvent(): Promise<string> {
  const { rows: programs } = await db.query<{ id: string }>(
    `insert into event_programs (name, provinces) values ('E2E Ontario settled events', '{ON}')
     on conflict (name) do update set provinces = excluded.provinces returning id`,
  );
  const programId = programs[0]!.id;
  const { rows: homes } = await db.query<{ id: string }>(
    `select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`,
    [DEMO_EMAIL],
  );
  const householdId = homes[0]!.id;
  // 23:00Z a week ago: 6 p.m. or 7 p.m. in Toronto, whatever the season.
  const start = new Date(Math.floor((Date.now() - 7 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR + 23 * HOUR);
  const { rows } = await db.query<{ id: string }>(
    `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by, settled_at)
     values ($1, $2, $3, 100, 10, 'settled', 'e2e', $3) returning id`,
    [programId, start.toISOString(), new Date(start.getTime() + HOUR).toISOString()],
  );
  const eventId = rows[0]!.id;
  const startHour = Number(new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(start));
  const intervals = Array.from({ length: 12 }, (_, i) => ({
    slot: `${String(startHour).padStart(2, '0')}:${String(i * 5).padStart(2, '0')}`,
    baselineKwh: 0.2 + (i % 4) * 0.01,
    actualKwh: i === 7 ? 0.15 : 0.16 + (i % 3) * 0.01,
  }));
  const baselineKwh = intervals.reduce((s, x) => s + x.baselineKwh, 0);
  const actualKwh = intervals.reduce((s, x) => s + x.actualKwh, 0);
  const reductionPercent = ((baselineKwh - actualKwh) / baselineKwh) * 100;
  await db.query(`insert into event_participations (event_id, household_id, opted_in, source) values ($1, $2, true, 'member')`, [eventId, householdId]);
  await db.query(
    `insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at)
     values ($1, $2, 1, 'settled', $3, $4, $5, 150, $6, now())`,
    [
      eventId,
      householdId,
      baselineKwh,
      actualKwh,
      baselineKwh - actualKwh,
      JSON.stringify({ reason: null, baselineDays: ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07'], adjustmentFactor: 1.08, reductionPercent, targetMet: true, intervals }),
    ],
  );
  return eventId;
}

/** Expected wording, worked out here by hand from the Toronto clock rather than with the app's code. */
function expectedWhen(start: Date, end: Date, now: Date): string {
  const hour = (d: Date) => Number(new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(d));
  const date = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const h12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
  const period = (h: number) => (h < 12 ? 'a.m.' : 'p.m.');
  const [a, b] = [hour(start), hour(end)];
  const window = period(a) === period(b) ? `${h12(a)}–${h12(b)} ${period(b)}` : `${h12(a)} ${period(a)} – ${h12(b)} ${period(b)}`;
  const days = Math.round((Date.parse(date(start)) - Date.parse(date(now))) / (24 * HOUR));
  const weekday = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE, weekday: 'long' }).format(start);
  const day = days === 0 ? (a >= 17 ? 'Tonight' : 'Today') : days === 1 ? 'Tomorrow' : weekday;
  return `${day}, ${window}`;
}

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();

describe('Energy Saving Events', () => {
  it('shows the demo’s next event in Toronto time, opts in, keeps the choice across a reload, and explains a settled result', async () => {
    await signInAsDemo(page);
    const now = new Date();
    const shown = await nextDemoEvent();
    const upcoming = await changeableEvent(page);
    const upcomingId = upcoming.id;
    const settledId = await settledEvent();

    await page.goto('/app/dashboard');
    const banner = page.getByTestId('event-banner');
    await banner.waitFor();
    expect(plain(await banner.getByTestId('event-when').textContent())).toBe(expectedWhen(shown.startsAt, shown.endsAt, now));
    // The demo home has weeks of history once its back-fill is stored: its outlook then gives its
    // own usual use and target (decision 098). Until then it says, truthfully, that it has none.
    await expect.poll(() => demoBackfillCaughtUp(db, DEMO_EMAIL), { timeout: 300_000, interval: 2_000 }).toBe(true);
    type Outlook = { status: string; baselineKwh: number; targetKwh: number } | null;
    const outlookOf = async () => ((await (await page.request.get('/api/events/upcoming')).json()) as { outlooks?: Record<string, Outlook> }).outlooks?.[upcomingId] ?? null;
    await waitForApi<{ outlooks?: Record<string, Outlook> }>(page, '/api/events/upcoming', (b) => b.outlooks?.[upcomingId]?.status === 'estimate');

    // Where the member opts in to it: the banner when it shows this event. From 6 PM in Toronto
    // the banner shows the evening's running event instead (and just before, the one about to
    // start), and the next is opted in to from its own page.
    const onBanner = shown.id === upcomingId;
    if (!onBanner && shown.status === 'active') {
      await banner.getByText('Happening now').waitFor();
      expect(await banner.getByRole('button', { name: 'Opt In Now' }).count()).toBe(0);
    }
    if (!onBanner) await page.goto(`/app/events/${upcomingId}`);
    const offer = onBanner ? banner : page.locator('main');
    // While the back-fill is still storing recent days the figures move (a CI run under load saw
    // them move for over two minutes); what is shown and the API agree once two reads in a row see the same days.
    let outlook: Outlook = null;
    await expect
      .poll(
        async () => {
          await page.reload();
          const text = plain(await offer.getByTestId('baseline-outlook').textContent());
          outlook = await outlookOf();
          return text.includes(`: ${outlook!.baselineKwh.toFixed(2)} kWh. Use ${outlook!.targetKwh.toFixed(2)} kWh or less to earn 100 points.`);
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe(true);
    expect(outlook!.targetKwh).toBeLessThanOrEqual(outlook!.baselineKwh * 0.9 + 1e-9);
    if (onBanner) await page.getByRole('heading', { name: 'Reward Points' }).waitFor();
    await screenshot(page, onBanner ? 'events-banner' : 'events-open-event-page');
    expect(await axeViolations(page)).toEqual([]);

    await offer.getByRole('button', { name: 'Opt In Now' }).click();
    await offer.getByText('You’re opted in').waitFor();
    await offer.getByRole('button', { name: 'Opt out' }).waitFor();
    await expect
      .poll(async () => (await db.query(`select opted_in from event_participations where event_id = $1`, [upcomingId])).rows[0]?.opted_in)
      .toBe(true);

    await page.reload();
    if (onBanner) {
      await page.getByTestId('event-banner').getByText('You’re opted in').waitFor();
      await screenshot(page, 'events-banner-opted-in');
      await page.getByTestId('event-banner').getByRole('link', { name: 'Event details' }).click();
      await page.waitForURL(`**/app/events/${upcomingId}`);
    }
    await page.getByRole('heading', { level: 1, name: 'Energy Saving Event' }).waitFor();
    await page.getByText('You’re opted in').waitFor();
    await screenshot(page, 'events-upcoming-page');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/app/events/${settledId}`);
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    await page.getByRole('img', { name: /Line chart of your baseline and your use/ }).waitFor();
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(13);
    expect(plain(await page.locator('main').textContent())).toContain('multiplied by 1.08');
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/NaN|Infinity|undefined/);
    await screenshot(page, 'events-settled-page');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/app/rewards');
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await screenshot(page, 'events-rewards');
    expect(await axeViolations(page)).toEqual([]);
  }, 480_000);
});
