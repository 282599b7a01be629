import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { artifactsDir, screenshot } from '../support/browser';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { FIVE_MINUTES, SIGN_UP_PASSWORD } from '../support/journey-constants';

let page: Page;
// Tall enough for the whole Settings page, which scrolls inside the portal's main column.
pagePerTest('meter-tokens', (p) => (page = p), { viewport: { width: 1280, height: 2400 } });

/** A fresh member, signed up through the API; the session cookie lands in the page's context. */
async function signUpMember() {
  const email = `tokens-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: inject('baseUrl') },
    data: { email, confirmEmail: email, password: SIGN_UP_PASSWORD, name: 'Sam Gateway', birthDate: '1984-03-07', gender: 'female', marketingConsent: false, language: 'en' },
  });
  expect(res.status()).toBe(200);
}

const sendMeterReading = (token: string) =>
  page.request.post('/api/ingest/readings', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      meter: [
        { ts: new Date(Math.floor((Date.now() - 60 * 60_000) / FIVE_MINUTES) * FIVE_MINUTES).toISOString(), productionKwh: 0.2, consumptionKwh: 0.3, gridImportKwh: 0.1, gridExportKwh: 0 },
      ],
    },
  });

async function openSettings() {
  await page.goto('/app/settings/home');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  return page.getByRole('region', { name: 'Meter and gateway tokens' });
}

describe('Meter and gateway tokens', () => {
  it('creates a token from the keyboard, shows it once, the token writes the meter, and revoking it stops it at once', async () => {
    await signUpMember();
    const card = await openSettings();
    await card.getByText('No tokens yet. Create one for your meter or gateway.').waitFor();

    // Keyboard only: the button, the label field (focused on open), Enter to submit.
    await card.getByRole('button', { name: 'Create token' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Create a token' });
    await form.waitFor();
    expect(await form.getByLabel('Label').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Main panel gateway');
    await page.keyboard.press('Enter');

    const reveal = page.getByRole('dialog', { name: 'Copy your token now' });
    await reveal.waitFor();
    await reveal.getByText('This is the only time this token will be shown.', { exact: false }).waitFor();
    const token = (await reveal.getByText(/^pwi_/).textContent())!;
    expect(token).toMatch(/^pwi_[A-Za-z0-9_-]{43}$/);
    expect(await reveal.getByRole('button', { name: 'Copy token' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await reveal.getByText(/^peakwise\/[0-9a-f-]{36}\/meter$/).count()).toBe(1);
    await screenshot(page, 'meter-tokens-reveal');
    expect(await axeViolations(page)).toEqual([]);

    const sent = await sendMeterReading(token);
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toMatchObject({ accepted: 1 });

    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });
    // Shown once: the token is nowhere on the page any more.
    expect(await page.getByText(token).count()).toBe(0);
    await page.reload();
    const item = card.getByRole('listitem').filter({ hasText: 'Main panel gateway' });
    await item.getByText('Last used now').waitFor();
    expect(await page.content()).not.toContain(token);
    await card.screenshot({ path: join(artifactsDir, 'meter-tokens-card.png') });
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Revoke Main panel gateway' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Main panel gateway”?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await card.getByText('“Main panel gateway” has been revoked.').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(0);
    expect((await sendMeterReading(token)).status()).toBe(401);
  }, 120_000);

  it('shows the demo its simulator’s token but does not let it create one', async () => {
    await signInAsDemo(page);
    const card = await openSettings();
    await card.getByRole('listitem').filter({ hasText: 'demo-simulator' }).waitFor();
    await card.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create a token' });
    await form.getByLabel('Label').fill('Visitor');
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText("The demo account can't be changed. Create your own account to try this.").waitFor();
    expect(await page.getByText(/^pwi_/).count()).toBe(0);
  }, 120_000);
});
