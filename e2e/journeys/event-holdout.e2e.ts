import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signUpInBrowser } from '../support/browser-sign-up';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { FIVE_MINUTES, JOURNEY_TIMEOUT } from '../support/journey-constants';

/*
 * A random hold-out per event (decision 100), in the browser: a held-out member's event page
 * says the home is not needed, with nothing to opt in to; an operator reads the impact measured
 * against the hold-out on /ops. The draw and the readings are set in the database: the API test
 * (event-holdout.routes.test.ts) covers how they are made.
 */

const PROGRAM = 'Ontario Peak Saver';
const SEED = '0123456789abcdef0123456789abcdef';

let page: Page;
pagePerTest('event-holdout', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });
const db = journeyDatabase();

async function programId(): Promise<string> {
  await db.query(`insert into event_programs (name, provinces) values ($1, '{ON}') on conflict (name) do nothing`, [PROGRAM]);
  const { rows } = await db.query<{ id: string }>(`select id from event_programs where name = $1`, [PROGRAM]);
  return rows[0]!.id;
}

async function insertEvent(program: string, startsAt: Date, status: 'scheduled' | 'settled'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, holdout_percent, status, created_by, settled_at)
     values ($1, $2, $3, 100, 10, 50, $4, 'e2e', case when $4 = 'settled' then now() end) returning id`,
    [program, startsAt.toISOString(), new Date(startsAt.getTime() + 3_600_000).toISOString(), status],
  );
  return rows[0]!.id;
}

async function draw(eventId: string, program: string, arms: { householdId: string; heldOut: boolean }[]) {
  const heldOut = arms.filter((a) => a.heldOut).length;
  await db.query(
    `insert into event_holdout_draws (event_id, program_id, seed, percent, season, eligible, drawable, held_out, drawn_at) values ($1, $2, $3, 50, '2026-winter', $4, $4, $5, now())`,
    // The area is at least twice the hold-out, as 50 % allows; the counts are the draw's, not re-derived here.
    [eventId, program, SEED, Math.max(arms.length, heldOut * 2), heldOut],
  );
  for (const a of arms) await db.query(`insert into event_assignments (event_id, household_id, held_out, drawable) values ($1, $2, $3, true)`, [eventId, a.householdId, a.heldOut]);
}

describe('a random hold-out per event', () => {
  it('tells a held-out member their home is not needed this time, with nothing to opt in to', { timeout: JOURNEY_TIMEOUT }, async () => {
    const { householdId } = await signUpInBrowser(page, db, { prefix: 'held-out', name: 'Hana', birth: { month: '5', day: '12', year: '1990' } });
    const program = await programId();
    const eventId = await insertEvent(program, new Date(Math.ceil((Date.now() + 2 * 86_400_000) / FIVE_MINUTES) * FIVE_MINUTES), 'scheduled');
    await draw(eventId, program, [{ householdId, heldOut: true }]);

    await page.goto(`/app/events/${eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Not needed from your home this time' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('button', { name: /opt in/i }).count()).toBe(0);
    expect(await page.getByText('100 points').count()).toBe(0);
    await screenshot(page, 'event-held-out');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows an operator the impact measured against the hold-out, beside the baselines', { timeout: JOURNEY_TIMEOUT }, async () => {
    const { email } = await signUpInBrowser(page, db, { prefix: 'holdout-operator', name: 'Olivia', birth: { month: '3', day: '7', year: '1984' } });
    expect((await db.query(`update users set role = 'operator' where email = $1`, [email])).rowCount).toBe(1);
    const program = await programId();
    // Two called and two held-out homes, each with the window's 12 intervals: called 0.10 and
    // 0.12 kWh each (1.20 and 1.44 kWh), held out 0.15 and 0.20 (1.80 and 2.40). Called use 0.78 kWh
    // less per home; × 2 called homes = 1.56 kWh saved. The baselines said 0.50 kWh.
    const homes: { householdId: string; heldOut: boolean; kwh: number }[] = [];
    for (const [heldOut, kwh] of [[false, 0.1], [false, 0.12], [true, 0.15], [true, 0.2]] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into households (owner_user_id, name, province, postal_code) values ($1, 'Home', 'ON', 'M5V 2T6') returning id`,
        [`holdout-e2e-${Date.now()}-${Math.random()}`],
      );
      homes.push({ householdId: rows[0]!.id, heldOut, kwh });
    }
    const startsAt = new Date(Math.floor((Date.now() - 2 * 86_400_000) / FIVE_MINUTES) * FIVE_MINUTES);
    const eventId = await insertEvent(program, startsAt, 'settled');
    await draw(eventId, program, homes);
    for (const h of homes) {
      await db.query(
        `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
         select $1, $2::timestamptz + i * interval '5 minutes', 0, $3, $3, 0 from generate_series(0, 11) i`,
        [h.householdId, startsAt.toISOString(), h.kwh],
      );
    }
    await db.query(
      `insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, settled_at) values ($1, $2, 1, 'settled', 1.7, 1.2, 0.5, 100, now())`,
      [eventId, homes[0]!.householdId],
    );

    await page.goto('/ops');
    const section = page.getByTestId('ops-event-impact');
    await expect.poll(() => section.isVisible(), { timeout: 30_000 }).toBe(true);
    await section.getByLabel('Settled event').selectOption(eventId);
    await expect.poll(() => section.textContent(), { timeout: 30_000 }).toContain('1.56');
    const text = (await section.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('0.50 kWh over 1 household');
    expect(text).toContain(`seed ${SEED}`);
    await screenshot(page, 'ops-event-impact');
    expect(await axeViolations(page)).toEqual([]);
  });
});
