import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';

const PHONE = { width: 390, height: 844 };

let page: Page;
pagePerTest('phone-width', (p) => (page = p), { viewport: PHONE });

/**
 * How wide the document and the portal's scrolling `main` are, and the widest element that pokes
 * past the viewport without a clipping or scrolling box of its own (a table that scrolls inside
 * its labelled container, or a decorative blob clipped by its section, is fine).
 */
async function widths() {
  return page.evaluate((viewport) => {
    const main = document.querySelector('main');
    const boxes = new Set([document.documentElement, document.body, main]);
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && !boxes.has(a); a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest = '';
    let widestRight = viewport;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const right = Math.round(el.getBoundingClientRect().right);
      if (right > widestRight && !clipped(el)) {
        widestRight = right;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`;
      }
    }
    return { document: document.documentElement.scrollWidth, main: main?.scrollWidth ?? viewport, widest, widestRight };
  }, PHONE.width);
}

const PORTAL = [
  ['/app/dashboard', 'Dashboard'],
  ['/app/solar-system', 'Solar System'],
  ['/app/devices', 'IoT Devices'],
  ['/app/maintenance', 'Maintenance'],
  ['/app/plumbing', 'Plumbing'],
  ['/app/usage', 'Usage History'],
  ['/app/billing', 'Billing'],
  ['/app/rewards', 'Rewards'],
  ['/app/settings', 'Settings'],
  ['/app/help', 'Help'],
] as const;

describe('At 390 px (a phone)', () => {
  it('no portal screen scrolls sideways', async () => {
    await signInAsDemo(page);
    await waitForApi<{ cards: { activeCount: number } }>(page, '/api/devices', ({ cards }) => cards.activeCount > 0);
    for (const [path, title] of PORTAL) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // Let data-driven tables and charts render (the live stream keeps the network busy, so
      // "network idle" never comes): no skeleton or busy region left, then a moment for layout.
      await expect.poll(() => page.locator('[aria-busy="true"], .animate-pulse').count(), { timeout: 20_000 }).toBe(0);
      await page.waitForTimeout(500);
      await screenshot(page, `phone-${path.split('/').pop()}`);
      expect.soft({ path, ...(await widths()) }).toEqual({ path, document: PHONE.width, main: PHONE.width, widest: '', widestRight: PHONE.width });
    }
  });

  it('no public page scrolls sideways', async () => {
    for (const path of ['/', '/how-it-works', '/help']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('load');
      await page.waitForTimeout(500);
      await screenshot(page, `phone-public-${path.replace(/\W/g, '') || 'home'}`);
      expect.soft({ path, ...(await widths()) }).toEqual({ path, document: PHONE.width, main: PHONE.width, widest: '', widestRight: PHONE.width });
    }
  });
});
