import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { artifactsDir, screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { SIGN_UP_PASSWORD } from '../support/journey-constants';

let page: Page;
// Tall enough for the whole Settings page, which scrolls inside the portal's main column.
pagePerTest('member-api', (p) => (page = p), { viewport: { width: 1280, height: 3200 } });

/** A fresh member, signed up through the API; the session cookie lands in the page's context. */
async function signUpMember() {
  const email = `member-api-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: inject('baseUrl') },
    data: { email, confirmEmail: email, password: SIGN_UP_PASSWORD, name: 'Robin Script', birthDate: '1984-03-07', gender: 'male', marketingConsent: false, language: 'en' },
  });
  expect(res.status()).toBe(200);
}

/** A call as a script would make it: the token in the header, no cookie (a fresh fetch, not the page's context). */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(new URL(path, inject('baseUrl')), { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

describe('Personal API tokens', () => {
  it('creates a read token in Settings from the keyboard, the API answers it within its scope, and revoking it gives 401', async () => {
    await signUpMember();
    await page.goto('/app/settings/data');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const card = page.getByRole('region', { name: 'Personal API tokens' });
    await card.getByText('You have no API tokens.').waitFor();

    // Keyboard only: open, the label is focused, Tab to the first scope, Space ticks it, Enter submits.
    await card.getByRole('button', { name: 'Create API Token' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Create an API token' });
    await form.waitFor();
    expect(await form.getByLabel('Label').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Energy dashboard');
    await form.getByRole('checkbox', { name: 'Read usage (usage:read)' }).focus();
    await page.keyboard.press('Space');
    await screenshot(page, 'member-api-create');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Label').focus();
    await page.keyboard.press('Enter');

    const reveal = page.getByRole('dialog', { name: 'Your new API token' });
    await reveal.waitFor();
    const token = (await reveal.getByText(/^pwk_/).textContent())!;
    expect(token).toMatch(/^pwk_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'member-api-reveal');
    expect(await axeViolations(page)).toEqual([]);

    // Within its scope it reads; outside, 403 with the documented shape; no CSRF check on a token.
    const usage = await withToken(token, '/api/usage/summary');
    expect(usage.status).toBe(200);
    const devices = await withToken(token, '/api/devices');
    expect(devices.status).toBe(200);
    const solar = await withToken(token, '/api/solar/summary');
    expect(solar.status).toBe(403);
    expect(await solar.json()).toEqual({ error: { code: 'insufficient_scope', message: 'This API token needs the solar:read scope for this route.' } });
    const billing = await withToken(token, '/api/billing/summary');
    expect(billing.status).toBe(403);
    expect(((await billing.json()) as { error: { code: string } }).error.code).toBe('token_not_allowed');

    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });
    expect(await page.getByText(token).count()).toBe(0);
    await page.reload();
    const item = card.getByRole('listitem').filter({ hasText: 'Energy dashboard' });
    await item.getByText('Last used now').waitFor();
    await item.getByText(token.slice(0, 10), { exact: false }).waitFor();
    expect(await page.content()).not.toContain(token);
    await card.screenshot({ path: join(artifactsDir, 'member-api-tokens-card.png') });
    await page.getByRole('region', { name: 'Webhooks' }).screenshot({ path: join(artifactsDir, 'member-api-webhooks-card.png') });
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Revoke Energy dashboard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Energy dashboard”?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await card.getByText('“Energy dashboard” was revoked.').waitFor();
    const refused = await withToken(token, '/api/usage/summary');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
  }, 120_000);

  it('adds a webhook, sends a test message that a local receiver verifies with the secret, and shows it delivered', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await signUpMember();
      await page.goto('/app/settings/data');
      const card = page.getByRole('region', { name: 'Webhooks' });
      await card.getByText('You have no webhooks.').waitFor();
      await card.getByRole('button', { name: 'Add Webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Add a webhook' });
      await form.getByLabel('Address (https://…)').fill(url);
      await form.getByRole('checkbox', { name: 'Statement issued (bill.issued)' }).check();
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Add Webhook' }).click();
      const reveal = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
      const secret = (await reveal.getByText(/^pwh_/).textContent())!;
      await reveal.getByRole('button', { name: 'Done' }).click();
      await reveal.waitFor({ state: 'detached' });

      await card.getByRole('button', { name: `Send Test to ${url}` }).click();
      await card.getByText('A test message is on its way.', { exact: false }).waitFor();
      // The server's durable worker polls every few seconds.
      const deadline = Date.now() + 30_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(received).toHaveLength(1);
      const [message] = received;
      const timestamp = message!.headers['peakwise-webhook-timestamp'] as string;
      expect(message!.headers['peakwise-webhook-signature']).toBe(`v1=${createHmac('sha256', secret).update(`${timestamp}.${message!.body}`).digest('hex')}`);
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
      expect(JSON.parse(message!.body)).toMatchObject({ type: 'webhook.test', id: message!.headers['peakwise-webhook-id'] });

      await card.getByText('Deliveries', { exact: true }).click();
      const log = card.getByRole('list', { name: `Deliveries to ${url}` });
      await card.getByRole('button', { name: 'Refresh' }).click();
      await log.getByText('Delivered').waitFor();
      await log.getByText('HTTP 200', { exact: false }).waitFor();
      await card.screenshot({ path: join(artifactsDir, 'member-api-webhook-delivered.png') });
      expect((await axeViolations(page)).join('\n')).toBe('');
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);
});
