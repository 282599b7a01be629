import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { signInThroughPanel } from '../support/demo-session';
import { DEMO_CALGARY, DEMO_MONTREAL, JOURNEY_TIMEOUT } from '../support/journey-constants';

let page: Page;
pagePerTest('province-members', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });
const db = journeyDatabase();

const logIn = (who: { email: string; password: string }) => signInThroughPanel(page, who);

async function expectAccessible(name: string) {
  await screenshot(page, name);
  expect(await axeViolations(page)).toEqual([]);
}

/** Tabs forward until the focused element matches, as a keyboard user would reach it. */
async function tabTo(name: string | RegExp, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    });
    if (typeof name === 'string' ? label.trim() === name : name.test(label)) return;
  }
  throw new Error(`Could not reach ${String(name)} with the keyboard`);
}

/** The rate as the member's page words it, from the program's own row. */
async function programRow(name: string) {
  const { rows } = await db.query<{ reward_points: number; default_target_percent: number; points_per_kwh: number; notice_hours: number }>(
    `select default_reward_points as reward_points, default_target_percent, points_per_kwh, notice_hours from event_programs where name = $1`,
    [name],
  );
  return rows[0]!;
}

describe('members in Alberta and Québec', () => {
  it('the Calgary member sees Alberta’s program with what it asks and pays', { timeout: JOURNEY_TIMEOUT }, async () => {
    const alberta = await programRow('Alberta Peak Rewards');
    await logIn(DEMO_CALGARY);
    await page.goto('/app/programs');
    await page.getByRole('heading', { level: 1, name: 'Programs' }).waitFor();
    const card = page.getByRole('article', { name: 'Alberta Peak Rewards' });
    await card.waitFor();
    // Only Alberta's program covers a T2P home: not Ontario's, Québec's or BC's.
    expect(await page.getByRole('article').count()).toBe(1);
    await card.getByText('Mon–Fri, 4:00 p.m.–8:00 p.m.').waitFor();
    await card.getByText(`You are told at least ${alberta.notice_hours} hours before an event.`).waitFor();
    await card
      .getByText(`${alberta.reward_points} points per event when you use ${alberta.default_target_percent}% less than usual, plus ${alberta.points_per_kwh} points per kWh saved beyond the target.`)
      .waitFor();
    expect(await card.getByText('Asks your home to pre-heat before each event.').count()).toBe(0);
    await expectAccessible('province-calgary-programs-en-1440');

    // Reached from Rewards with the keyboard alone.
    await page.goto('/app/rewards');
    await page.getByRole('link', { name: 'Programs in your area' }).waitFor();
    await tabTo('Programs in your area');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app/programs');
    await card.waitFor();

    await page.setViewportSize({ width: 390, height: 1200 });
    await card.waitFor();
    await expectAccessible('province-calgary-programs-en-390');
  });

  it('the Montréal member, in French, sets a 20 °C floor with pre-heat on the living room and opts in to a Québec winter event', { timeout: 240_000 }, async () => {
    const { rows: homes } = await db.query<{ id: string }>(`select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`, [DEMO_MONTREAL.email]);
    const householdId = homes[0]!.id;
    const { rows: events } = await db.query<{ id: string; starts_at: Date }>(
      `select e.id, e.starts_at from energy_events e join event_programs p on p.id = e.program_id
       where p.name = 'Québec Winter Challenge' and e.status = 'scheduled' and e.starts_at > now() order by e.starts_at limit 1`,
    );
    const event = events[0]!;
    // A second run starts from the demo's state: the living room on the defaults, not opted in.
    await db.query(`delete from room_comfort_limits where household_id = $1`, [householdId]);
    await db.query(`delete from event_participations where event_id = $1 and household_id = $2`, [event.id, householdId]);

    await logIn(DEMO_MONTREAL);
    // The simulated home registers its living-room thermometer once the demo's history is in, which
    // a fresh server may not have reached: until then the member adds one, as anyone would.
    const { rows: rooms } = await db.query<{ id: string; thermometers: number }>(
      `select r.id, (select count(*)::int from devices d where d.room_id = r.id and d.kind = 'temperature' and d.removed_at is null) as thermometers
       from rooms r where r.household_id = $1 and r.name = 'Living Room'`,
      [householdId],
    );
    if (rooms[0]!.thermometers === 0) {
      const added = await page.request.post('/api/devices', { data: { name: 'Thermomètre du salon', kind: 'temperature', roomId: rooms[0]!.id } });
      expect(added.status()).toBe(201);
    }
    await page.goto('/app/devices');
    const comfort = page.getByTestId('room-comfort');
    await comfort.getByRole('heading', { level: 2, name: 'Confort pendant les événements' }).waitFor();
    const salon = comfort.getByRole('form', { name: 'Salon' });
    await salon.getByLabel('Minimum (hiver), °C').fill('20');
    // The pre-heat choice by keyboard: focus the box and press Space.
    await salon.getByLabel('Préchauffer ou prérefroidir cette pièce dans l’heure qui précède les événements qui le demandent').focus();
    await page.keyboard.press('Space');
    await salon.getByRole('button', { name: 'Enregistrer Salon' }).press('Enter');
    await salon.getByText('Enregistré', { exact: true }).waitFor();
    const { rows: limits } = await db.query<{ floor_c: string; ceiling_c: string; preheat: boolean }>(
      `select l.floor_c, l.ceiling_c, l.preheat from room_comfort_limits l join rooms r on r.id = l.room_id where l.household_id = $1 and r.name = 'Living Room'`,
      [householdId],
    );
    expect(limits.map((l) => [Number(l.floor_c), Number(l.ceiling_c), l.preheat])).toEqual([[20, 26, true]]);
    await expectAccessible('province-montreal-comfort-fr-1440');
    await page.setViewportSize({ width: 390, height: 1400 });
    await salon.getByRole('button', { name: 'Enregistrer Salon' }).scrollIntoViewIfNeeded();
    await expectAccessible('province-montreal-comfort-fr-390');
    await page.setViewportSize({ width: 1440, height: 1100 });

    await page.goto(`/app/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: 'Événement d’économie d’énergie' }).waitFor();
    await page.getByText('Défi hivernal Québec').first().waitFor();
    // What a kWh beyond the target pays on top, as the event copied it from its program (decision 113).
    const { rows: terms } = await db.query<{ points_per_kwh: number }>(`select points_per_kwh from energy_events where id = $1`, [event.id]);
    expect(terms[0]!.points_per_kwh).toBeGreaterThan(0);
    await page.getByText(`En plus, ${terms[0]!.points_per_kwh} points par kWh économisé au-delà de l’objectif.`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Je participe' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Vous participez', { exact: true }).waitFor();
    // The choice shows at once and is stored when the server answers.
    await expect.poll(async () => (await db.query(`select opted_in from event_participations where event_id = $1 and household_id = $2`, [event.id, householdId])).rows).toEqual([{ opted_in: true }]);

    // The event page says what the living room will get: its floor, and the hour before the start pre-heated.
    const plan = page.getByTestId('event-comfort-plan');
    await plan.getByRole('heading', { level: 2, name: 'Le confort prévu pour vos pièces' }).waitFor();
    await plan.getByRole('heading', { level: 3, name: 'Salon' }).waitFor();
    await plan.getByText('Température gardée entre 20 °C et 26 °C', { exact: false }).waitFor();
    const hour = (at: Date) => new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', hour: 'numeric', minute: '2-digit' }).format(at);
    const start = new Date(event.starts_at);
    await plan.getByText(`Préchauffage de ${hour(new Date(start.getTime() - 3_600_000))} à ${hour(start)}`, { exact: false }).waitFor();
    await expectAccessible('province-montreal-event-fr-1440');
    await page.setViewportSize({ width: 390, height: 1800 });
    await plan.getByRole('heading', { level: 3, name: 'Salon' }).waitFor();
    await expectAccessible('province-montreal-event-fr-390');
  });
});
