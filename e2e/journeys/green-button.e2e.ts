import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { noSkeletonLeft } from '../support/layout';

let page: Page;
// Tall enough for the whole Settings page, which scrolls inside the portal's main column.
pagePerTest('green-button', (p) => (page = p), { viewport: { width: 1280, height: 2600 } });

async function signUpMember() {
  const email = `green-button-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: inject('baseUrl') },
    data: { email, confirmEmail: email, password: 'Quiet-harbour-58', name: 'Robin Utility', birthDate: '1979-10-02', gender: 'male', marketingConsent: false, language: 'en' },
  });
  expect(res.status()).toBe(200);
}

/** Toronto's local midnight `daysAgo` days before today, in epoch seconds (from the zone's own offset). */
function torontoMidnight(daysAgo: number): number {
  const now = new Date();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  const utcMidnight = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - daysAgo);
  for (const offsetHours of [4, 5]) {
    const candidate = utcMidnight + offsetHours * 3_600_000;
    const hour = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: '2-digit', hourCycle: 'h23' }).format(new Date(candidate));
    if (hour === '00') return candidate / 1000;
  }
  throw new Error('no Toronto midnight found');
}

/** A utility-style file: three whole local days, every hour 1000 Wh (24 kWh a day). */
function greenButtonFile(): string {
  const start = torontoMidnight(3);
  const end = torontoMidnight(0);
  const readings: string[] = [];
  for (let t = start; t < end; t += 3600) {
    readings.push(`<IntervalReading><timePeriod><duration>3600</duration><start>${t}</start></timePeriod><value>1000</value></IntervalReading>`);
  }
  const base = '/espi/1_1/resource/RetailCustomer/5/UsagePoint/1';
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:uuid:2f0c1b0e-8d1a-4c51-9e0a-5a1f3e2d4c01</id><title>Green Button</title><updated>2026-01-01T00:00:00Z</updated>
  <entry><id>urn:uuid:2f0c1b0e-8d1a-4c51-9e0a-5a1f3e2d4c02</id><link rel="self" href="${base}/MeterReading/1"/><link rel="related" href="/espi/1_1/resource/ReadingType/1"/><title>Hourly</title><content><MeterReading xmlns="http://naesb.org/espi"/></content><updated>2026-01-01T00:00:00Z</updated></entry>
  <entry><id>urn:uuid:2f0c1b0e-8d1a-4c51-9e0a-5a1f3e2d4c03</id><link rel="self" href="/espi/1_1/resource/ReadingType/1"/><title>Energy delivered</title><content><ReadingType xmlns="http://naesb.org/espi"><accumulationBehaviour>4</accumulationBehaviour><commodity>1</commodity><flowDirection>1</flowDirection><intervalLength>3600</intervalLength><kind>12</kind><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>72</uom></ReadingType></content><updated>2026-01-01T00:00:00Z</updated></entry>
  <entry><id>urn:uuid:2f0c1b0e-8d1a-4c51-9e0a-5a1f3e2d4c04</id><link rel="self" href="${base}/MeterReading/1/IntervalBlock/1"/><link rel="up" href="${base}/MeterReading/1/IntervalBlock"/><title/><content><IntervalBlock xmlns="http://naesb.org/espi"><interval><duration>${end - start}</duration><start>${start}</start></interval>${readings.join('')}</IntervalBlock></content><updated>2026-01-01T00:00:00Z</updated></entry>
</feed>`;
}

describe('Green Button', () => {
  it('goes from an empty Usage screen to the import, uploads a utility file from the keyboard, and the days appear in Usage History', async () => {
    await signUpMember();
    await page.goto('/app/usage');
    await page.getByText('No usage recorded yet').waitFor();
    await page.getByRole('link', { name: 'Import your utility’s Green Button data' }).click();

    const card = page.getByRole('region', { name: 'Import your utility’s data (Green Button)' });
    const input = card.getByLabel('Green Button file (XML)');
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await input.setInputFiles({ name: 'Green_Button_Download.xml', mimeType: 'text/xml', buffer: Buffer.from(greenButtonFile()) });
    await card.getByRole('button', { name: 'Import File' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Import finished').waitFor({ timeout: 30_000 });
    await card.getByText('72 readings read from the file.').waitFor();
    await card.getByText('864 new 5-minute intervals stored, 0 already stored.').waitFor();
    await screenshot(page, 'green-button-imported');
    expect(await axeViolations(page)).toEqual([]);

    // Download my data: the last 30 days by default, saved by the browser as a Green Button file
    // holding the three imported days (72 hours of 1000 Wh, written in mWh).
    const download = page.getByRole('region', { name: 'Download my data (Green Button)' }).getByRole('button', { name: 'Download' });
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/^peakwise-green-button-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xml$/);
    const saved = await readFile((await file.path())!, 'utf8');
    expect(saved.match(/<espi:IntervalReading>/g)).toHaveLength(72);
    expect(saved.match(/<espi:value>1000000<\/espi:value>/g)).toHaveLength(72);

    await page.goto('/app/usage');
    await page.getByLabel('Range').selectOption('7');
    const cells = page.getByRole('table').getByRole('cell').filter({ hasText: /^24\.00\s*kWh$/ });
    await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(3);
    expect(await page.getByText('No usage recorded yet').count()).toBe(0);
    // A refetch dims the chart (opacity) while it runs; judge contrast once it has settled and
    // the dimming has faded back out (a transition outlasts the refetch).
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => page.locator('[aria-busy]').evaluateAll((els) => els.every((el) => getComputedStyle(el).opacity === '1'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);

  it('shows where the member’s utility keeps the file, in the checklist and on the import screen, from the keyboard, at 390 and 1440 px in English and French', async () => {
    await signUpMember();
    const text = {
      en: { title: 'Where to find your Green Button file', utility: 'Your utility', ottawa: /20-digit account number/, quebec: /Hydro-Québec does not offer a Green Button download/ },
      fr: { title: 'Où trouver votre fichier Green Button', utility: 'Votre distributeur d’électricité', ottawa: /numéro de compte à 20 chiffres/, quebec: /Hydro-Québec n’offre pas de téléchargement Green Button/ },
    } as const;
    /** The page at both widths, tall enough for the portal's scrolling column, back to the wide one. */
    const shots = async (name: string) => {
      await noSkeletonLeft(page);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 2600 });
        await page.waitForTimeout(300);
        await screenshot(page, `${name}-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 2600 });
    };

    for (const language of ['en', 'fr'] as const) {
      const words = text[language];
      await page.goto('/app/settings/profile');
      await page.getByLabel(/^(Language|Langue)$/).last().selectOption(language);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);

      // The checklist's import step: the guide is folded; open it and pick a utility with the keyboard.
      await page.goto('/app/dashboard');
      // Settled first: a keyboard user's focus is lost if the checklist is still being replaced.
      await page.waitForLoadState('networkidle');
      const step = page.getByTestId('first-step-connectData');
      const summary = step.locator('summary', { hasText: words.title });
      await summary.focus();
      await page.keyboard.press('Enter');
      const select = step.getByLabel(words.utility);
      await select.focus();
      await select.selectOption('hydroOttawa');
      await step.getByText(words.ottawa).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shots(`green-button-checklist-${language}`);

      // The import screen shows it open; Hydro-Québec says there is no file and where to go instead.
      await page.goto('/app/settings/data#green-button');
      const guide = page.getByRole('region', { name: words.title });
      await guide.getByLabel(words.utility).selectOption('hydroQuebec');
      await guide.getByText(words.quebec).waitFor();
      expect(await guide.getByRole('link').getAttribute('href')).toBe('/app/devices?add=1');
      expect(await axeViolations(page)).toEqual([]);
      await shots(`green-button-where-${language}`);
    }
  }, 300_000);
});
