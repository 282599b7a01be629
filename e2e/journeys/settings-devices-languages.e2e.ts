import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { PHONE, WIDE } from '../support/journey-constants';
import { noSkeletonLeft } from '../support/layout';

// Settings in sections, the Devices floor plan on a phone, and the portal in French
// (docs/decisions/086-settings-sections-and-every-language-on-budget.md).

let page: Page;
pagePerTest('settings-devices-languages', (p) => (page = p), { viewport: WIDE });

type Language = 'en' | 'fr';

/** The member's language, chosen as a member does, in Settings' first section. */
async function useLanguage(language: Language) {
  await page.goto('/app/settings/profile');
  await page.getByLabel(/^(Language|Langue)$/).last().selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

/** No skeleton or busy region left, then a moment for layout. */
async function settled() {
  await noSkeletonLeft(page);
  await page.waitForTimeout(500);
}

const scrollToTop = () =>
  page.evaluate(() => {
    for (const el of [document.scrollingElement, document.querySelector('main')]) el?.scrollTo(0, 0);
  });

const SECTIONS = [
  { path: 'profile', link: 'Profile and security', cards: ['Profile', 'Language and time zone', 'Security', 'Connected devices'] },
  { path: 'notifications', link: 'Notifications and events', cards: ['Energy Saving Events', 'Notifications'] },
  { path: 'home', link: 'Home and devices', cards: ['Your home', 'Meter and gateway tokens'] },
  { path: 'data', link: 'Data and developer tools', cards: ['Download my data', 'Consent history', 'Personal API tokens', 'Webhooks', 'Delete Account'] },
] as const;

describe('Settings in four sections', () => {
  it('leads /app/settings to the first section; the menu is reached with Tab, marks the section shown, and each section holds its cards', async () => {
    await signInAsDemo(page);
    await page.goto('/app/settings');
    await page.waitForURL('**/app/settings/profile');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(SECTIONS.map((s) => s.link));

    // From the page's heading, Tab reaches the four sections in order.
    await page.getByRole('heading', { level: 1, name: 'Settings' }).evaluate((h) => {
      h.setAttribute('tabindex', '-1');
      h.focus();
    });
    for (const { link } of SECTIONS) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(link);
    }

    for (const { path, link, cards } of SECTIONS) {
      await menu.getByRole('link', { name: link }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/app/settings/${path}`);
      await expect.poll(() => menu.locator('[aria-current="page"]').allTextContents()).toEqual([link]);
      // The sidebar's Settings stays the current page on every section.
      expect(await page.getByRole('navigation', { name: 'Portal' }).locator('[aria-current="page"]').allTextContents()).toEqual(['Settings']);
      for (const card of cards) await page.getByRole('region', { name: card, exact: true }).waitFor();
      await settled();
      // One section, not a 5,100 px page of every card (the data section, the longest, included).
      expect(await page.evaluate(() => document.querySelector('main')!.scrollHeight)).toBeLessThan(3_600);
      expect(await axeViolations(page)).toEqual([]);
      await scrollToTop();
      await screenshot(page, `settings-${path}-1440-en`);
    }
  }, 180_000);

  it('keeps the one-page links working: each anchor leads to the section holding its card', async () => {
    await signInAsDemo(page);
    await page.goto('/app/settings#green-button');
    await page.waitForURL('**/app/settings/data#green-button');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    await page.goto('/app/settings#home');
    await page.waitForURL('**/app/settings/home#home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('postalCode');
    // An event page's link lands on "opt me in to every event".
    await page.goto('/app/settings#every-event');
    await page.waitForURL('**/app/settings/notifications#every-event');
    const every = page.getByRole('checkbox', { name: 'Opt me in to every event' });
    await expect.poll(() => every.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('reads the same at 390 px, in English and French', async () => {
    await page.setViewportSize(PHONE);
    await signInAsDemo(page);
    for (const language of ['en', 'fr'] as const) {
      await useLanguage(language);
      for (const path of ['profile', 'notifications']) {
        await page.goto(`/app/settings/${path}`);
        await page.getByRole('navigation', { name: language === 'fr' ? 'Sections des paramètres' : 'Settings sections' }).waitFor();
        await page.getByRole('region').first().waitFor();
        await settled();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, `settings-${path}-390-${language}`);
      }
      await page.setViewportSize(WIDE);
      await page.goto('/app/settings/notifications');
      await page.getByRole('checkbox', { name: language === 'fr' ? /tous les événements/ : 'Opt me in to every event' }).waitFor();
      await settled();
      await screenshot(page, `settings-notifications-1440-${language}`);
      await page.setViewportSize(PHONE);
    }
    await useLanguage('en');
  }, 180_000);
});

type DeviceCards = { cards: { activeCount: number; uptimePct: number | null; totalPowerW: number | null } };
const waitForDeviceData = () =>
  waitForApi<DeviceCards>(page, '/api/devices', ({ cards }) => cards.activeCount > 0 && cards.uptimePct !== null && cards.totalPowerW !== null);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floor plan as drawn: each room's box and its name's, each marker's, and the viewport's fill. */
function planLayout() {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const plan = document.querySelector('[role="group"][aria-label^="Floor plan"], [role="group"][aria-label^="Plan"]')!;
    const rooms = Array.from(plan.querySelectorAll('button[aria-pressed]:not([aria-keyshortcuts])')).map((room) => ({
      room: box(room),
      label: box(room.querySelector('[data-room-label]')!),
      name: room.querySelector('[data-room-label]')!.textContent,
    }));
    const markers = Array.from(plan.querySelectorAll('button[aria-keyshortcuts]')).map((m) => ({ name: m.getAttribute('title'), box: box(m) }));
    return { rooms, markers, viewportHeight: plan.clientHeight, contentHeight: plan.firstElementChild!.getBoundingClientRect().height };
  });
}

describe('Devices on a phone', () => {
  it('at 390 px the markers leave the room names readable and stay in their rooms, the plan fills its viewport, and a device chosen in the table shows its details on screen', async () => {
    await page.setViewportSize(PHONE);
    await signInAsDemo(page);
    await waitForDeviceData();
    for (const language of ['en', 'fr'] as const) {
      await useLanguage(language);
      await page.goto('/app/devices');
      await page.getByRole('group', { name: /^(Floor plan of your home|Plan)/ }).waitFor();
      await settled();
      const { rooms, markers, viewportHeight, contentHeight } = await planLayout();
      expect(rooms.length).toBe(5);
      expect(markers.length).toBeGreaterThan(5);
      if (language === 'fr') expect(rooms.map((r) => r.name).sort()).toEqual(['Bureau', 'Chambre', 'Cuisine', 'Salle de bain', 'Salon']);
      for (const marker of markers) {
        for (const { label, name } of rooms) expect.soft({ marker: marker.name, room: name, overlaps: overlaps(marker.box, label) }).toEqual({ marker: marker.name, room: name, overlaps: false });
        // Inside one room, not spilling over its walls.
        const home = rooms.filter(({ room }) => marker.box.x >= room.x - 0.5 && marker.box.x + marker.box.width <= room.x + room.width + 0.5 && marker.box.y >= room.y - 0.5 && marker.box.y + marker.box.height <= room.y + room.height + 0.5);
        expect.soft({ marker: marker.name, rooms: home.length }).toEqual({ marker: marker.name, rooms: 1 });
      }
      // No empty band under the rooms: the plan fills the 500 px viewport's height.
      expect(contentHeight).toBeGreaterThanOrEqual(viewportHeight - 4);
      await page.getByRole('group', { name: /^(Floor plan of your home|Plan)/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `devices-390-${language}`);

      // The table is below the details: choosing there brings the details on screen, focused.
      const table = page.getByRole('table');
      await table.scrollIntoViewIfNeeded();
      const choice = table.getByRole('rowheader').last().getByRole('button');
      const name = (await choice.textContent())!;
      await choice.click();
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
      await expect
        .poll(() =>
          heading.evaluate((h) => {
            const r = h.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await page.waitForTimeout(300);
      await screenshot(page, `devices-390-${language}-chosen`);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(WIDE);
    for (const language of ['fr', 'en'] as const) {
      if (language === 'en') await useLanguage('en');
      await page.goto('/app/devices');
      await page.getByRole('table').waitFor();
      await settled();
      await screenshot(page, `devices-1440-${language}`);
    }
  }, 300_000);
});

describe('The Dashboard in French', () => {
  it('at 390 px the period selector fits the screen; at 1440 px it sits beside the chart title', async () => {
    await page.setViewportSize(PHONE);
    await signInAsDemo(page);
    await useLanguage('fr');
    await page.goto('/app/dashboard');
    const periods = page.getByRole('group', { name: 'Période' });
    await periods.waitFor();
    await settled();
    const rights = await periods.evaluate((set) => [set, ...Array.from(set.querySelectorAll('label'))].map((el) => Math.round(el.getBoundingClientRect().right)));
    for (const right of rights) expect(right).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await periods.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-390-fr');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(WIDE);
    await scrollToTop();
    await screenshot(page, 'dashboard-1440-fr');
    await useLanguage('en');
    await page.setViewportSize(PHONE);
    await page.goto('/app/dashboard');
    await page.getByRole('group', { name: 'Period' }).waitFor();
    await settled();
    await screenshot(page, 'dashboard-390-en');
  }, 180_000);
});
