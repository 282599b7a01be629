import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { waitForEmail } from '../support/mailbox';
import { journeyDatabase } from '../support/journey-database';
import { DEMO_EMAIL } from '../support/journey-constants';

let page: Page;
// Tall enough for the whole Settings page, which scrolls inside the portal's main column.
pagePerTest('privacy', (p) => (page = p), { viewport: { width: 1280, height: 3600 } });
const db = journeyDatabase();

describe('Privacy', () => {
  it('shows the consent given at sign-up, then its withdrawal, in the consent history', async () => {
    const email = `privacy-${Date.now()}@example.com`;
    const res = await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: inject('baseUrl') },
      data: { email, confirmEmail: email, password: 'Quiet-harbour-58', name: 'Camille Privée', birthDate: '1990-04-12', gender: 'female', marketingConsent: true, language: 'en' },
    });
    expect(res.status()).toBe(200);
    await page.goto('/app/settings/data');
    const history = page.getByRole('region', { name: 'Consent history' });
    const table = history.getByRole('table', { name: 'Your consent history, newest first' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.nth(0).innerText()).toMatch(/Agreed[\s\S]*Share my registration data with content providers for marketing purposes[\s\S]*Shown in English[\s\S]*Sign-up/);

    // Withdraw from the keyboard with the Privacy switch; the history gains a line on top.
    const toggle = page.getByRole('region', { name: 'Privacy' }).getByRole('switch', { name: 'Share my registration data' });
    // Enabled once the profile has loaded, showing the consent given at sign-up.
    await expect.poll(async () => (await toggle.isEnabled()) && (await toggle.getAttribute('aria-checked')), { timeout: 15_000 }).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/Withdrawn[\s\S]*Settings/);
    const { rows: stored } = await db.query<{ granted: boolean; source: string; wording_version: string }>(
      `select c.granted, c.source, c.wording_version from consents c join users u on u.id = c.user_id where u.email = $1 order by c.recorded_at desc`,
      [email],
    );
    expect(stored).toEqual([
      { granted: false, source: 'settings', wording_version: 'marketing_data_sharing/1' },
      { granted: true, source: 'sign_up', wording_version: 'marketing_data_sharing/1' },
    ]);
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);

  it('prepares the demo member’s data in the background, emails them, and downloads an archive with their profile and readings', async () => {
    await signInAsDemo(page);
    await page.goto('/app/settings/data');
    const card = page.getByRole('region', { name: 'Download my data' });
    const ask = card.getByRole('button', { name: 'Prepare my data' });
    await expect.poll(() => ask.isEnabled(), { timeout: 20_000 }).toBe(true);
    const since = Date.now();
    await ask.focus();
    await page.keyboard.press('Enter');
    await card.getByText('We are preparing your data and will email you when it is ready.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const email = await waitForEmail(DEMO_EMAIL, (e) => e.subject === 'Your Peakwise data is ready to download', since, 120_000);
    expect(email.text).toContain('/app/settings/data');
    // The list looks again by itself while an export is being prepared.
    const download = card.getByRole('link', { name: /^Download the export asked for/ });
    await download.waitFor({ timeout: 30_000 });
    await screenshot(page, 'privacy-export-ready');
    expect(await axeViolations(page)).toEqual([]);

    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/^peakwise-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(Object.keys(files)).toContain('README.txt');

    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { email: string };
    expect(profile.email).toBe(DEMO_EMAIL);

    // Every meter reading stored before the request is in readings.csv (the simulator keeps adding live ones).
    const csv = strFromU8(files['readings.csv']!).trimEnd().split('\r\n');
    expect(csv[0]).toBe('interval_start_utc,production_kwh,consumption_kwh,grid_import_kwh,grid_export_kwh');
    const inArchive = new Set(csv.slice(1).map((line) => line.split(',')[0]));
    const { rows: stored } = await db.query<{ ts: Date }>(
      `select r.ts from meter_readings r join households h on h.id = r.household_id join users u on u.id = h.owner_user_id
       join privacy_exports x on x.user_id = u.id
       where u.email = $1 and r.received_at < x.requested_at and x.status = 'ready' order by r.ts`,
      [DEMO_EMAIL],
    );
    expect(stored.length).toBeGreaterThan(288);
    expect(stored.filter((r) => !inArchive.has(r.ts.toISOString()))).toEqual([]);
  }, 300_000);
});
