import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { JOURNEY_TIMEOUT, SIGN_UP_PASSWORD } from '../support/journey-constants';
import { submitSignUpDialog } from '../support/browser-sign-up';

const PROGRAM = 'Ontario Peak Saver';

let page: Page;
pagePerTest('ops', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });
const db = journeyDatabase();

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;

async function signUp(email: string, name: string) {
  await page.goto('/?auth=signup');
  await submitSignUpDialog(page, { email, name });
}

/** Nobody becomes an operator through the API (decision 034): staff are made in the database. */
async function promote(email: string) {
  const { rowCount } = await db.query(`update users set role = 'operator' where email = $1`, [email]);
  expect(rowCount).toBe(1);
}

/** Tomorrow's date on Toronto's clock, so 18:00 that day is always in the future. */
function tomorrowInToronto(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
}

/** PostgreSQL's own reading of a Toronto wall-clock time: the check does not reuse the web's conversion. */
async function torontoInstant(date: string, time: string): Promise<string> {
  const { rows } = await db.query<{ at: Date }>(`select ($1 || ' ' || $2)::timestamp at time zone 'America/Toronto' as at`, [date, time]);
  return rows[0]!.at.toISOString();
}

async function expectAccessible(name: string) {
  await screenshot(page, name);
  expect(await axeViolations(page)).toEqual([]);
}

const row = (id: string): Locator => page.locator(`[data-event-id="${id}"]`);

describe('operator console', () => {
  it('sends an anonymous visitor to sign in and back, then schedules, edits and cancels an event', { timeout: JOURNEY_TIMEOUT }, async () => {
    await db.query(`insert into event_programs (name, provinces) values ($1, '{ON}') on conflict (name) do nothing`, [PROGRAM]);
    const email = uniqueEmail('operator');
    await signUp(email, 'Olivia Operator');
    await promote(email);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');

    // Anonymous at /ops: the login panel, and back to the console after signing in.
    await page.goto('/ops');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === '/ops');
    const panel = page.getByRole('dialog', { name: 'Log In' });
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill(SIGN_UP_PASSWORD);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/ops');
    await page.getByRole('heading', { level: 1, name: 'Energy Saving Events' }).waitFor();
    await expect(page.getByRole('banner').textContent()).resolves.toContain('Peakwise Operations');

    // The program's reach, as the API counts it, in its option and in the preview.
    const { rows: programs } = await db.query<{ id: string }>(`select id from event_programs where name = $1`, [PROGRAM]);
    const programId = programs[0]!.id;
    const reach = ((await (await page.request.get(`/api/ops/programs/${programId}/reach`)).json()) as { households: number }).households;
    const households = `${reach} household${reach === 1 ? '' : 's'}`;
    await page.getByRole('option', { name: `${PROGRAM} (ON) — reaches ${households}` }).waitFor({ state: 'attached' });
    await page.getByLabel('Program').selectOption(programId);
    await page.getByText(`This event would reach ${households} today.`).waitFor();
    await expect(page.getByLabel('Reward (points)').inputValue()).resolves.toBe('100');
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('America/Toronto');

    // The client's checks speak before the server is asked.
    const date = tomorrowInToronto();
    await page.getByLabel('Date').fill(date);
    await page.getByLabel('Start time').fill('18:00');
    await page.getByLabel('End time').fill('23:00');
    await page.getByRole('button', { name: 'Schedule event' }).click();
    await page.getByText('An event lasts at most 4 hours.').waitFor();
    await expect(page.getByLabel('End time').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'ops-form-refused');

    await page.getByLabel('End time').fill('20:00');
    await page.getByRole('button', { name: 'Schedule event' }).click();
    await page.getByText('The event was scheduled.').waitFor();

    const { rows: stored } = await db.query<{ id: string; starts_at: Date; ends_at: Date; reward_points: number; target_percent: number; status: string }>(
      // This operator's: the demo's own operator schedules events of the same program at start-up.
      `select e.id, e.starts_at, e.ends_at, e.reward_points, e.target_percent, e.status
         from energy_events e join users u on u.id::text = e.created_by
        where u.email = $1 order by e.created_at desc limit 1`,
      [email],
    );
    const event = stored[0]!;
    expect(event.starts_at.toISOString()).toBe(await torontoInstant(date, '18:00'));
    expect(event.ends_at.toISOString()).toBe(await torontoInstant(date, '20:00'));
    expect([event.reward_points, event.target_percent, event.status]).toEqual([100, 10, 'scheduled']);

    // In the list, on Toronto's clock with the zone named.
    const listed = row(event.id);
    await listed.waitFor();
    const text = (await listed.textContent())!.replace(/[\u00a0\u202f\u2009]/g, ' ');
    expect(text).toMatch(/6:00\s?–\s?8:00 p\.m\. E[SD]T/);
    expect(text).toContain('Eastern Time · America/Toronto');
    expect(text).toContain('Scheduled');
    expect(text).toContain('100 points');
    expect(text).toContain('10% below baseline');
    expect(text).toContain('Not settled yet');
    await expectAccessible('ops-console');

    // Edit: the reward only.
    await listed.getByRole('button', { name: /^Edit the Ontario Peak Saver event/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await expect(edit.getByLabel('Start time').inputValue()).resolves.toBe('18:00');
    await edit.getByLabel('Reward (points)').fill('175');
    await expectAccessible('ops-edit-dialog');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await listed.getByText('175 points').waitFor();
    const { rows: edited } = await db.query<{ reward_points: number; starts_at: Date }>(`select reward_points, starts_at from energy_events where id = $1`, [event.id]);
    expect(edited[0]!.reward_points).toBe(175);
    expect(edited[0]!.starts_at.toISOString()).toBe(event.starts_at.toISOString());

    // Cancel, after confirming.
    await listed.getByRole('button', { name: /^Cancel the Ontario Peak Saver event/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this event?' });
    await confirm.getByText(/will be cancelled/).waitFor();
    await expectAccessible('ops-cancel-dialog');
    await confirm.getByRole('button', { name: 'Cancel the event' }).click();
    await confirm.waitFor({ state: 'detached' });
    await listed.getByText('Cancelled').waitFor();
    await expect(listed.getByRole('button').count()).resolves.toBe(0);
    const { rows: cancelled } = await db.query<{ status: string }>(`select status from energy_events where id = $1`, [event.id]);
    expect(cancelled[0]!.status).toBe('cancelled');
    await screenshot(page, 'ops-cancelled');

    // The console in French, keyboard first: the language select is reachable by Tab.
    await page.getByRole('banner').getByLabel('Language').selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Événements d’économie d’énergie' }).waitFor();
    await listed.getByText('Annulé').waitFor();
    await expectAccessible('ops-console-fr');
    await page.getByRole('banner').getByLabel('Langue').selectOption('en');
  });

  it('keyboard: the skip link and every field of the form are reachable by Tab', { timeout: JOURNEY_TIMEOUT }, async () => {
    const email = uniqueEmail('keyboard-operator');
    await signUp(email, 'Kim Keyboard');
    await promote(email);
    await page.goto('/ops');
    await page.getByRole('heading', { level: 1, name: 'Energy Saving Events' }).waitFor();
    const focused = () => page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim());
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Skip to main content');
    const seen: string[] = [];
    // Enough presses to pass the console's navigation (it grows with each console page) and reach the form's last field.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      seen.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? ''));
    }
    for (const name of ['programId', 'date', 'startTime', 'endTime', 'timeZone', 'rewardPoints', 'targetPercent']) expect(seen).toContain(name);
  });

  it('shows a settled event’s results as the API totals them (the demo’s past evenings)', async () => {
    const email = uniqueEmail('results-operator');
    await signUp(email, 'Rita Results');
    await promote(email);
    type Listed = { id: string; settled: { households: number; pointsAwarded: number; reductionKwh: number; insufficientData: number } | null };
    let settled: Listed | undefined;
    await waitForApi<Listed[]>(page, '/api/ops/events', (events) => Boolean((settled = events.find((e) => e.settled !== null))));
    await page.goto('/ops');
    const listed = row(settled!.id);
    await listed.waitFor();
    const text = (await listed.textContent())!.replace(/[\u00a0\u202f]/g, ' ');
    const totals = settled!.settled!;
    expect(text).toContain('Settled');
    const kwh = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(totals.reductionKwh));
    expect(text).toContain(totals.reductionKwh >= 0 ? `${kwh} kWh reduced` : `${kwh} kWh above baseline`);
    expect(text).toContain(`${new Intl.NumberFormat('en-CA').format(totals.pointsAwarded)} point${totals.pointsAwarded === 1 ? '' : 's'} awarded`);
    expect(text).toContain(`from ${totals.households} household${totals.households === 1 ? '' : 's'}`);
    if (totals.insufficientData > 0) expect(text).toContain('with insufficient data');
    await expect(listed.getByRole('button').count()).resolves.toBe(0);
    await screenshot(page, 'ops-settled');
  }, 300_000);

  it('shows a member who is not an operator a plain Not found', { timeout: JOURNEY_TIMEOUT }, async () => {
    await signUp(uniqueEmail('member'), 'Maya Member');
    await page.goto('/ops');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await expect(page.getByText('Peakwise Operations').count()).resolves.toBe(0);
    await expect(page.getByText('Energy Saving Events').count()).resolves.toBe(0);
    expect((await page.request.get('/api/ops/events')).status()).toBe(404);
    await expectAccessible('ops-not-found');
  });
});
