import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';

let page: Page;
// Tall enough that the one screenshot shows the whole screen (the portal scrolls its content area, not the page).
pagePerTest('plumbing', (p) => (page = p), { viewport: { width: 1280, height: 1500 } });

type PlumbingBody = { state: string; current?: { at: string | null }; usage?: { todayLitres: number | null } };

/** A water-meter reading from the last quarter hour, and today's litres. */
const waitForWaterData = () =>
  waitForApi<PlumbingBody>(page, '/api/plumbing?range=daily', (body) => {
    const at = body.current?.at ? Date.parse(body.current.at) : 0;
    return body.state === 'ready' && body.usage?.todayLitres !== null && Date.now() - at < 15 * 60_000;
  });

describe('Plumbing', () => {
  it('shows the demo household’s water use, switches the trend 24 → 7 → 30 points, and passes axe', async () => {
    await signInAsDemo(page);
    await waitForWaterData();
    await page.goto('/app/plumbing');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Plumbing');
    await page.getByRole('heading', { name: 'Water Used Today' }).waitFor();

    const rows = page.getByRole('table').getByRole('row');
    const range = page.getByLabel('Usage range');
    await page.getByRole('img', { name: /water use over the last 24 hours, by hour/ }).waitFor();
    await expect.poll(() => rows.count()).toBe(25);
    await range.selectOption('weekly');
    await page.getByRole('img', { name: /water use over the last 7 days, by day/ }).waitFor();
    await expect.poll(() => rows.count()).toBe(8);
    await range.selectOption('monthly');
    await page.getByRole('img', { name: /water use over the last 30 days, by day/ }).waitFor();
    await expect.poll(() => rows.count()).toBe(31);

    // Every bar and tile has a value from the readings, and no number is NaN or Infinity.
    for (const name of ['Heating', 'Distribution', 'Electrical']) {
      await expect(page.getByRole('progressbar', { name }).getAttribute('aria-valuenow')).resolves.toMatch(/^\d/);
    }
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/NaN|Infinity|undefined/);
    await page.getByRole('status').waitFor({ state: 'detached' });
    await screenshot(page, 'plumbing');
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);
});
