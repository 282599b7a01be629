import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { appIsLive, startPublicApp } from '../support/public-page';
import { PHONE } from '../support/journey-constants';

let page: Page;
pagePerTest('public-site', (p) => (page = p));

async function checkPostal(code: string) {
  await page.getByLabel(/postal code/i).fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

describe('public site', () => {
  it('loads the landing page with its checker and calls to action', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    await page.getByLabel(/postal code/i).waitFor();
    await screenshot(page, 'landing');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'landing-mobile');
  });

  it('says a Toronto postal code is serviceable', async () => {
    await page.goto('/');
    await checkPostal('m5v 3l9');
    await page.getByRole('heading', { name: 'Great news!' }).waitFor();
    await page.getByText('We provide service in Toronto, Ontario. Sign up now to start saving!').waitFor();
    await screenshot(page, 'postal-serviceable');
  });

  it('says a Winnipeg postal code is not serviceable', async () => {
    await page.goto('/');
    await checkPostal('R3C 4T3');
    await page.getByRole('heading', { name: 'Sorry!' }).waitFor();
    await page.getByText("We don't currently service Winnipeg, Manitoba. We're expanding quickly - check back soon!").waitFor();
  });

  it('holds a Check pressed before the app is live, and answers it with the code typed meanwhile (decisions 077 and 092)', async () => {
    // The app's entry is kept back until the visitor has typed and pressed, so the press surely
    // comes first, as it does on a slow phone or for a visitor quicker than the idle start.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const entries: string[] = [];
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      entries.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect.poll(() => entries.length).toBe(1);
    await checkPostal('M5V 3L9');
    expect(await appIsLive(page)).toBe(false);
    expect(await page.getByRole('heading', { name: 'Great news!' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Great news!' }).waitFor();
    await page.getByText('We provide service in Toronto, Ontario. Sign up now to start saving!').waitFor();
  });

  it('rejects a malformed postal code without calling the server', async () => {
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/postal-codes')) lookups.push(r.url());
    });
    await page.goto('/');
    await checkPostal('D1A 1A1');
    await page.getByText('Please enter a valid postal code (e.g., A1A 1A1)').waitFor();
    expect(lookups).toEqual([]);
    // A valid check afterwards clears the error and does call the server.
    await checkPostal('V6B 1A1');
    await page.getByRole('heading', { name: 'Great news!' }).waitFor();
    expect(await page.getByText('Please enter a valid postal code (e.g., A1A 1A1)').count()).toBe(0);
    expect(lookups).toHaveLength(1);
  });

  it('shows the lookup failure message when the service is unreachable', async () => {
    await page.route('**/api/postal-codes/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await checkPostal('M5V 3L9');
    await page.getByText('Unable to verify this postal code. Please try again.').waitFor();
  });

  it('opens the login panel and the sign-up dialog and switches between them', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.waitFor();
    // Pre-filled once the server says it offers the demo (decision 082).
    await expect.poll(() => login.getByLabel('Email').inputValue()).toContain('@');
    await login.getByRole('button', { name: /^Sign In$/ }).waitFor();
    await screenshot(page, 'login-panel');
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'hidden' });

    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    await login.getByText("Don't have an account?").waitFor();
    await login.getByRole('button', { name: 'Sign up!' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign up for Peakwise' });
    await signup.waitFor();
    await signup.getByLabel('What should we call you?').waitFor();
    await screenshot(page, 'signup-dialog');
    await signup.getByRole('button', { name: /log in/i }).click();
    await login.waitFor();
  });

  it('Get Started opens the sign-up dialog', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await page.getByRole('dialog', { name: 'Sign up for Peakwise' }).waitFor();
  });

  it('sends an unknown path to the landing page', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('does not show the portal to a signed-out visitor', async () => {
    await page.goto('/app/rewards');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('auth') === 'login');
    await page.getByRole('dialog', { name: 'Log In' }).waitFor();
    expect(await page.getByRole('link', { name: 'Rewards' }).count()).toBe(0);
  });

  it('switches the language to French', async () => {
    await page.goto('/');
    await page.getByLabel('Language').first().selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await page.getByRole('button', { name: 'Vérifier' }).waitFor();
    await screenshot(page, 'landing-fr');
  });

  it('renders the how-it-works page with its call to action', async () => {
    await page.goto('/how-it-works');
    await page.getByRole('link', { name: 'Get Started Now' }).waitFor();
    await screenshot(page, 'how-it-works');
  });

  for (const path of ['/', '/how-it-works', '/help', '/?auth=login', '/?auth=signup']) {
    it(`has no axe violations on ${path}`, async () => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path.includes('auth=')) await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it('reports no Content-Security-Policy violation on any public page', async () => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    // The French pages too: every prerendered page runs the inline loader its hash allows (decision 070).
    for (const path of ['/', '/how-it-works', '/help', '/fr', '/fr/how-it-works', '/fr/help', '/?auth=login']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Violations are reported as the page's scripts run; by "load" and a moment after, all have.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_000);
      expect({ path, violations: await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) }).toEqual({ path, violations: [] });
    }
  });

  it('serves each public page as HTML that already holds its content, in English and French', async () => {
    const cases = [
      { path: '/', lang: 'en', h1: 'Save energy and money at home', fr: '/fr' },
      { path: '/how-it-works', lang: 'en', h1: 'Save energy when it matters most', fr: '/fr/how-it-works' },
      { path: '/fr/help', lang: 'fr', h1: 'Aide', fr: '/fr/help' },
    ];
    for (const c of cases) {
      const html = await (await page.request.get(c.path)).text();
      expect(html).toContain(`<html lang="${c.lang}">`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${c.h1}`));
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${c.path === '/' ? '/' : c.path}"`));
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="fr" href="https?://[^"]+${c.fr}"`));
      // The stylesheet comes with the page, so it paints without another request.
      expect(html).not.toMatch(/<link rel="stylesheet"/);
    }
  });

  it('paints each public page before it asks for anything, its one inline script allowed by its hash (decision 070)', async () => {
    for (const path of ['/', '/how-it-works', '/help', '/fr', '/fr/how-it-works', '/fr/help']) {
      // As sent: one script, inline, allowed by the hash of its text; nothing in the head that the
      // browser fetches (the favicon is data; the manifest and touch icon come after the paint).
      const response = await page.request.get(path);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect({ path, attributes: scripts.map(([, attributes]) => attributes) }).toEqual({ path, attributes: [''] });
      const hash = `'sha256-${createHash('sha256').update(scripts[0]![2]!).digest('base64')}'`;
      const scriptSrc = (response.headers()['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src');
      expect(scriptSrc).toEqual(['script-src', "'self'", hash]);
      const head = html.slice(0, html.indexOf('</head>'));
      const fetchedLinks = (head.match(/<link\b[^>]*>/g) ?? []).filter((tag) => !/\brel="(canonical|alternate)"/.test(tag) && !/\bhref="data:/.test(tag));
      expect({ path, fetchedLinks }).toEqual({ path, fetchedLinks: [] });

      // In the browser: the page links the manifest after its first contentful paint, and once it
      // has loaded, starts its app in idle time with no press from the visitor (decision 092), so
      // a first press finds it live; nothing starts before that paint, the app not before the load.
      await page.goto(path);
      await page.waitForLoadState('load');
      await page.locator('#root[data-app-live]').waitFor({ state: 'attached' });
      const timing = await page.evaluate(() => ({
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        resources: performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
        loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
        manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      }));
      expect(timing.firstContentfulPaint, path).not.toBeNull();
      expect(timing.resources.length, `${path}: the app's scripts`).toBeGreaterThan(0);
      const beforePaint = timing.resources.filter((resource) => resource.startTime < timing.firstContentfulPaint!).map((resource) => resource.url);
      expect({ path, beforePaint }).toEqual({ path, beforePaint: [] });
      const scriptsBeforeLoad = timing.resources.filter((resource) => resource.url.endsWith('.js') && resource.startTime < timing.loadEnd).map((resource) => resource.url);
      expect({ path, scriptsBeforeLoad }).toEqual({ path, scriptsBeforeLoad: [] });
      expect(timing.manifest, path).toBe('/manifest.webmanifest');
    }
  });

  it('does not ask who is signed in while a visitor reads the public pages', async () => {
    const sessionChecks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/get-session')) sessionChecks.push(r.url());
    });
    for (const path of ['/', '/how-it-works', '/help', '/fr']) {
      await page.goto(path);
      await startPublicApp(page);
      await page.waitForLoadState('load');
    }
    await page.waitForTimeout(1_000);
    expect(sessionChecks).toEqual([]);
  });

  it('a French page fetches the public pages’ French and no other strings (decision 068)', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^\/assets\//, ''));
    });
    await page.goto('/fr/how-it-works');
    await startPublicApp(page);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    const strings = scripts.filter((name) => /^(fr|es)([.-]|$)|\.(en|fr|es)-/.test(name)).map((name) => name.replace(/-[\w-]{8}\.js$/, ''));
    // The public pages' French and the `common` namespace every page needs (decision 086), not
    // all of it: no portal strings, no other language, and no English to fall back on.
    expect(strings.sort()).toEqual(['common.fr', 'fr-public']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Économisez l’énergie quand ça compte le plus');
  });

  it('hydrates the French page, whose checker answers in French, and English takes the visitor to the English URL', async () => {
    await page.goto('/fr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.getByLabel('Code postal').fill('M5V 3L9');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByRole('heading', { name: 'Bonne nouvelle\u202f!' }).waitFor();
    await page.getByLabel('Langue').first().selectOption('en');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Check', exact: true }).waitFor();
  });

  it('serves robots.txt and sitemap.xml as text and XML, not as the app’s HTML', async () => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('Disallow: /app/');
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain('<urlset');
  });
});
