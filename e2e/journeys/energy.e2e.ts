import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { demoBackfillCaughtUp } from '../support/demo-backfill';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { windowScrollRange } from '../support/layout';
import { DEMO_EMAIL, SIGN_UP_PASSWORD } from '../support/journey-constants';

const databaseUrl = inject('databaseUrl');

let page: Page;
pagePerTest('energy', (p) => (page = p));
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

/**
 * The demo simulator back-fills last month and this one so far in the background after the
 * server starts (support/demo-backfill.ts), then streams live. Wait until the dashboard has a current power sample and today's consumption, and the raw
 * readings reach the last quarter hour.
 */
const waitForDemoData = () =>
  waitForApi<{ currentPowerKw: number | null; todayKwh: number | null }>(
    page,
    '/api/dashboard',
    async (body) => body.currentPowerKw !== null && body.todayKwh !== null && (await backfillCaughtUp()),
  );

const backfillCaughtUp = () => demoBackfillCaughtUp(db, DEMO_EMAIL);

type RawTotals = { production: number; consumption: number };

/**
 * Independent recomputation from the raw 5-minute rows: local midnight `daysBack` days ago in the
 * household's own zone (so DST days are right), to now. Nothing from the rollups or the API.
 */
async function rawTotals(daysBack: 0 | 6): Promise<RawTotals> {
  const { rows } = await db.query<{ production: number; consumption: number }>(
    `select coalesce(sum(m.production_kwh), 0)::float8 as production, coalesce(sum(m.consumption_kwh), 0)::float8 as consumption
       from households h
       join users u on u.id = h.owner_user_id
       join meter_readings m on m.household_id = h.id
      where u.email = $1
        and m.ts >= (date_trunc('day', now() at time zone h.time_zone) - make_interval(days => $2)) at time zone h.time_zone
        and m.ts <= now()`,
    [DEMO_EMAIL, daysBack],
  );
  return rows[0]!;
}

/** As the screen formats kWh in English (1 decimal, thousands separator, no-break space). */
const asShown = (kwh: number) => `${new Intl.NumberFormat('en-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(kwh)} kWh`;
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const card = (name: string): Locator => page.getByRole('heading', { level: 2, name, exact: true }).first().locator('xpath=ancestor::section[1]');
const cardValue = async (name: string) => plain(await card(name).locator('p').first().textContent());

async function expectTotalsMatchRawReadings(daysBack: 0 | 6) {
  // A new 5-minute reading can land between the screen's fetch and the query; accept the
  // snapshot from just before or just after reading the screen.
  const before = await rawTotals(daysBack);
  const shown = { production: await cardValue('Energy Production'), consumption: await cardValue('Energy Consumption') };
  const after = await rawTotals(daysBack);
  const expected = [before, after].map((t) => ({ production: asShown(t.production), consumption: asShown(t.consumption) }));
  expect(expected, `screen showed ${JSON.stringify(shown)}`).toContainEqual(shown);
}

describe('energy screens with the demo household', () => {
  it('Solar totals for Today and This Week equal a recomputation from the raw meter readings', async () => {
    await signInAsDemo(page);
    await waitForDemoData();
    await page.goto('/app/solar-system');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Solar System Monitor');
    await card('Energy Production').waitFor();
    await page.getByText('vs yesterday').first().waitFor();
    await expectTotalsMatchRawReadings(0);

    await page.getByLabel('Period').selectOption('week');
    await page.getByText('vs previous 7 days').first().waitFor();
    await page.getByRole('status').waitFor({ state: 'detached' });
    await expectTotalsMatchRawReadings(6);
    await page.getByRole('img', { name: /over the last 7 days, by day/ }).waitFor();
    await screenshot(page, 'energy-solar-week');
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);

  it('Usage History draws the 365-day chart with its data table', async () => {
    await signInAsDemo(page);
    await waitForDemoData();
    await page.goto('/app/usage');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Usage History');
    await page.getByLabel('Range').selectOption('365');
    const chart = page.getByRole('img', { name: /daily electricity use over the last 365 days/ });
    await chart.waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(366);
    await expect(page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toBe('/api/usage/export.csv?range=365');
    // At most 62 back-filled days of a 365-day range: the older days are missing, shown hatched, not as zeros.
    expect(await chart.locator('[data-missing="true"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(windowScrollRange(page)).resolves.toBe(0);
    await screenshot(page, 'energy-usage-365');
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);

  it('the dashboard’s Current Usage changes without a reload, from the live stream', async () => {
    await signInAsDemo(page);
    await waitForDemoData();
    await page.goto('/app/dashboard');
    await expect(page.getByText(/^Welcome back, /).textContent()).resolves.toMatch(/Welcome back, \S+/);
    await card('Current Usage').getByText('Live').waitFor({ timeout: 20_000 });
    const first = await cardValue('Current Usage');
    expect(first).toMatch(/^\d+\.\d{2} kW$/);
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    // Power samples are pushed every 10 s and move smoothly (the simulator's noise changes over
    // 40 s), so a few in a row can round to the same 0.01 kW: allow several noise periods.
    await expect.poll(() => cardValue('Current Usage'), { timeout: 95_000, interval: 500 }).not.toBe(first);
    expect(navigations).toBe(0);
    await screenshot(page, 'energy-dashboard');
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);
});

describe('Solar for a home without panels', () => {
  it('a new member sees the no-solar state, not cards of zeros and a negative net export', async () => {
    // A fresh member, signed up through the API as other journeys do; the session cookie lands in the page's context.
    const email = `no-solar-${Date.now()}@example.com`;
    const res = await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: inject('baseUrl') },
      data: { email, confirmEmail: email, password: SIGN_UP_PASSWORD, name: 'Noa Sansoleil', birthDate: '1988-05-12', gender: 'female', marketingConsent: false, language: 'en' },
    });
    expect(res.status()).toBe(200);
    await page.goto('/app/solar-system');
    const none = page.getByRole('region', { name: 'No solar panels reporting yet' });
    await none.getByRole('link', { name: 'Go to Devices' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Grid Exchange' }).count()).toBe(0);
    expect(await page.getByText('net export').count()).toBe(0);
    await screenshot(page, 'energy-solar-none');
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
