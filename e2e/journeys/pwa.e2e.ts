import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';

// The installable, offline-capable portal (docs/decisions/061-installable-offline-app.md).

let page: Page;
pagePerTest('pwa', (p) => (page = p));

/** Width and height from a PNG's IHDR chunk, read from the bytes, not from what the manifest claims. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

type CacheReport = { names: string[]; data: Record<string, string[]> };

/** Every cache the origin holds, and the paths inside each data cache. */
const cacheReport = () =>
  page.evaluate(async (): Promise<CacheReport> => {
    const names = await caches.keys();
    const data: Record<string, string[]> = {};
    for (const name of names.filter((n) => n.startsWith('peakwise-data-'))) {
      data[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return { names, data };
  });

/** The dashboard answer the worker saved for the member, as the server sent it. */
const savedDashboard = () =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('peakwise-data-'));
    if (!name) return null;
    const saved = await (await caches.open(name)).match('/api/dashboard');
    return saved ? ((await saved.json()) as { todayCostCents: number | null }) : null;
  });

const banner = () => page.getByRole('status').filter({ hasText: /^Offline — / });

function watchCsp(): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

describe('installable app', () => {
  it('has a valid manifest, linked from the portal and the prerendered public pages, with real icons', async () => {
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({
      name: 'Peakwise',
      short_name: 'Peakwise',
      start_url: '/app/dashboard',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: '#047857',
      background_color: '#f8fafc',
    });
    expect(typeof manifest.description).toBe('string');

    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const { sizes, purpose } of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      // Same origin, no hot-linking.
      expect(icon!.src.startsWith('/')).toBe(true);
      const file = await page.request.get(icon!.src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const [width, height] = sizes.split('x').map(Number);
      expect(pngSize(await file.body())).toEqual({ width, height });
    }

    // The portal's shell links the manifest in its HTML; a prerendered public page adds the link
    // once it has painted, so it is not a request before the first paint (decision 070). Either way
    // what counts is what the browser found after load: asked over the DevTools protocol, the
    // manifest it would install from, parsed without error.
    const devtools = await page.context().newCDPSession(page);
    for (const path of ['/', '/how-it-works', '/fr', '/fr/help', '/app/dashboard']) {
      const html = await (await page.request.get(path)).text();
      const prerendered = html.includes('data-prerendered-language');
      expect({ path, inHtml: html.includes('<link rel="manifest" href="/manifest.webmanifest"') }).toEqual({ path, inHtml: !prerendered });
      expect(html).toContain('<meta name="theme-color" content="#047857"');
      await page.goto(path);
      await page.waitForLoadState('load');
      await expect.poll(async () => (await devtools.send('Page.getAppManifest')).url, { timeout: 10_000 }).toBe(new URL('/manifest.webmanifest', page.url()).href);
      const found = await devtools.send('Page.getAppManifest');
      expect({ path, errors: found.errors }).toEqual({ path, errors: [] });
      expect(JSON.parse(found.data ?? '{}')).toMatchObject({ name: 'Peakwise', start_url: '/app/dashboard', display: 'standalone' });
    }
  });

  it('opens offline with the last data it saw, shows the offline page for a screen never seen, recovers, and forgets it all on sign-out', async () => {
    const refused = watchCsp();
    await signInAsDemo(page);
    await waitForApi<{ todayCostCents: number | null }>(page, '/api/dashboard', (body) => body.todayCostCents !== null);

    // One worker, active, controlling the portal (and the push worker is this same one).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const registration = await page.evaluate(async () => {
      const all = await navigator.serviceWorker.getRegistrations();
      return all.map((r) => ({ scope: r.scope, script: r.active?.scriptURL ?? null, state: r.active?.state ?? null }));
    });
    expect(registration).toHaveLength(1);
    expect(registration[0]!.script).toMatch(/\/sw\.js$/);
    expect(registration[0]!.state).toBe('activated');
    expect(new URL(registration[0]!.scope).pathname).toBe('/');

    // Now controlled, the Dashboard's reads go through the worker and are saved for this member.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(async () => Object.values((await cacheReport()).data).flat(), { timeout: 30_000 }).toEqual(expect.arrayContaining(['/api/dashboard', '/api/points']));
    const report = await cacheReport();
    const dataCaches = Object.keys(report.data);
    expect(dataCaches).toHaveLength(1);
    // Never a session, the live stream or anything else off the allow-list.
    expect(report.data[dataCaches[0]!]!.filter((path) => path.startsWith('/api/auth') || path.startsWith('/api/live'))).toEqual([]);

    // Offline: reload. The shell comes from the worker, the figures from the saved answers.
    await page.context().setOffline(true);
    const saved = await savedDashboard();
    expect(saved?.todayCostCents).not.toBeNull();
    const expectedCost = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(saved!.todayCostCents! / 100);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await banner().waitFor();
    expect(await banner().textContent()).toMatch(/^Offline — showing data from \d+ (second|minute)s? ago$/);
    await page.getByText(expectedCost, { exact: true }).first().waitFor();
    await screenshot(page, 'pwa-offline-dashboard');
    expect(await axeViolations(page)).toEqual([]);

    // A screen never opened on this device: the offline page, not an error.
    await page.goto('/app/plumbing');
    await page.getByRole('heading', { name: 'You’re offline', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Go to the Dashboard' }).waitFor();
    await screenshot(page, 'pwa-offline-never-seen');
    expect(await axeViolations(page)).toEqual([]);

    // Back to the Dashboard (a client navigation, still offline), then the network returns.
    await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
    await banner().waitFor();
    const fresh = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard' && r.status() === 200 && r.headers()['peakwise-saved-at'] === undefined, { timeout: 30_000 });
    await page.context().setOffline(false);
    await fresh;
    await banner().waitFor({ state: 'detached' });
    // The live stream is back too, without waiting out its reconnect delay.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'pwa-back-online');

    // Signing out empties the member's saved data; the app shell stays.
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await cacheReport()).names.filter((n) => n.startsWith('peakwise-data-')), { timeout: 10_000 }).toEqual([]);
    expect((await cacheReport()).names.some((n) => n.startsWith('peakwise-shell-'))).toBe(true);

    expect(refused).toEqual([]);
  }, 300_000);
});
