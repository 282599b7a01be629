import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { signInThroughPanel } from '../support/demo-session';
import { DEMO_MONTREAL, DEMO_OPERATOR, JOURNEY_TIMEOUT } from '../support/journey-constants';

const NAME = `E2E Plateau winter ${Date.now()}`;
const NAME_FR = `Hiver du Plateau E2E ${Date.now()}`;

let page: Page;
pagePerTest('programs', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });
const db = journeyDatabase();

const logIn = (who: { email: string; password: string }) => signInThroughPanel(page, who);

/** A date on Montréal's clock `days` from now. */
function montrealDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

/** The next weekday after today on Montréal's clock. */
function nextWeekday(): string {
  for (let days = 1; ; days += 1) {
    const date = montrealDate(days);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return date;
  }
}

async function expectAccessible(name: string) {
  await screenshot(page, name);
  expect(await axeViolations(page)).toEqual([]);
}

describe('programs', () => {
  // Two sign-ins and a long form: more than the default minute on a busy machine.
  it('an operator creates a Québec winter program for the Plateau and schedules an event in it', { timeout: 240_000 }, async () => {
    await logIn(DEMO_OPERATOR);
    await page.goto('/ops/programs');
    await page.getByRole('heading', { level: 1, name: 'Programs' }).waitFor();
    // The demo's four programs are listed, Québec's among them.
    await page.getByRole('rowheader', { name: /Québec Winter Challenge/ }).waitFor();

    const form = page.getByRole('form', { name: 'New program' });
    await form.getByLabel('Name (English)').fill(NAME);
    await form.getByLabel('Name (French)').fill(NAME_FR);
    await form.getByLabel('Québec').check();
    await form.getByLabel('Postal areas (optional)').fill('H2X');
    await form.getByLabel('Season starts').fill(montrealDate(0));
    await form.getByLabel('Season ends').fill(montrealDate(120));
    // Window 1 (evenings, the default 4–8 p.m.), and a morning window 6–10.
    await form.getByRole('button', { name: 'Add a window' }).click();
    const morning = form.getByRole('group', { name: 'Window 2' });
    await morning.getByLabel('From').fill('06:00');
    await morning.getByLabel('To').fill('10:00');
    await form.getByLabel('Points per event').fill('150');
    await form.getByLabel('Asks homes to pre-heat before events').check();

    // A window ending before it starts is refused with its reason, and nothing is stored.
    await morning.getByLabel('To').fill('05:00');
    await form.getByRole('button', { name: 'Create program' }).click();
    await form.getByText('Each window must end after it starts.').waitFor();
    expect((await db.query(`select 1 from event_programs where name = $1`, [NAME])).rowCount).toBe(0);
    await expectAccessible('programs-ops-refused');

    await morning.getByLabel('To').fill('10:00');
    await form.getByRole('button', { name: 'Create program' }).click();
    await form.getByText('Program created.').waitFor();
    const { rows } = await db.query<{ id: string; windows: unknown; preheat: boolean; fsas: string[]; name_fr: string }>(
      `select id, windows, preheat, fsas, name_fr from event_programs where name = $1`,
      [NAME],
    );
    expect(rows[0]).toMatchObject({
      preheat: true,
      fsas: ['H2X'],
      name_fr: NAME_FR,
      windows: [
        { weekdays: [1, 2, 3, 4, 5], start: '16:00', end: '20:00' },
        { weekdays: [1, 2, 3, 4, 5], start: '06:00', end: '10:00' },
      ],
    });
    await page.getByRole('rowheader', { name: new RegExp(NAME) }).waitFor();
    await expectAccessible('programs-ops-created');

    // An event in the morning window of the next weekday.
    await page.goto('/ops');
    await page.getByLabel('Program').selectOption(rows[0]!.id);
    const date = nextWeekday();
    await page.getByLabel('Date').fill(date);
    await page.getByLabel('Start time').fill('07:00');
    await page.getByLabel('End time').fill('09:00');
    await page.getByRole('button', { name: 'Schedule event' }).click();
    await page.getByText('The event was scheduled.').waitFor();
    const { rows: events } = await db.query<{ starts_at: Date; reward_points: number }>(`select starts_at, reward_points from energy_events where program_id = $1`, [rows[0]!.id]);
    const { rows: expected } = await db.query<{ at: Date }>(`select ($1 || ' 07:00')::timestamp at time zone 'America/Toronto' as at`, [date]);
    expect(events.map((e) => [e.starts_at.toISOString(), e.reward_points])).toEqual([[expected[0]!.at.toISOString(), 150]]);
  });

  it('the Montréal member sees it in French, with Québec’s winter challenge', { timeout: JOURNEY_TIMEOUT }, async () => {
    await logIn(DEMO_MONTREAL);
    await page.goto('/app/programs');
    await page.getByRole('heading', { level: 1, name: 'Programmes' }).waitFor();
    await page.getByRole('heading', { level: 2, name: NAME_FR }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Défi hivernal Québec' }).waitFor();
    await page.getByText('Demande à votre domicile de préchauffer avant chaque événement.').first().waitFor();
    // The least cut an event pays for (decision 148), with the program's terms.
    await page.getByText(/Une réduction doit aussi économiser au moins 0,05\skWh par heure d’événement/).first().waitFor();
    await expectAccessible('programs-member-fr-1440');
    await page.setViewportSize({ width: 390, height: 1400 });
    await page.getByRole('heading', { level: 2, name: NAME_FR }).waitFor();
    await expectAccessible('programs-member-fr-390');
  });
});
