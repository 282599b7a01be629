import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo, waitForApi } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { PHONE } from '../support/journey-constants';

let page: Page;
pagePerTest('devices', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });

type DeviceCards = { cards: { activeCount: number; uptimePct: number | null; totalPowerW: number | null } };

/** Devices report now and have history. */
const waitForDeviceData = () =>
  waitForApi<DeviceCards>(page, '/api/devices', ({ cards }) => cards.activeCount > 0 && cards.uptimePct !== null && cards.totalPowerW !== null);

/** The member's language, chosen as a member does, in Settings' first section. */
async function useLanguage(language: 'en' | 'fr') {
  await page.goto('/app/settings/profile');
  await page.getByLabel(/^(Language|Langue)$/).last().selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

describe('IoT Devices', () => {
  it('zooms to both limits, highlights a room, selects a device and charts it, with no axe violations', async () => {
    await signInAsDemo(page);
    await waitForDeviceData();
    await page.goto('/app/devices');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'IoT Devices' }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Floor Plan' }).waitFor();

    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    const level = page.getByTestId('zoom-level');
    expect(await level.textContent()).toBe('100%');
    while (await zoomOut.isEnabled()) await zoomOut.click();
    expect(await level.textContent()).toBe('50%');
    expect(await zoomOut.isDisabled()).toBe(true);
    // Keyboard: + on the focused plan.
    await page.getByRole('group', { name: /Floor plan of your home/ }).focus();
    for (let i = 0; i < 15; i += 1) await page.keyboard.press('+');
    expect(await level.textContent()).toBe('200%');
    expect(await zoomIn.isDisabled()).toBe(true);
    for (let i = 0; i < 10; i += 1) await zoomOut.click();
    expect(await level.textContent()).toBe('100%');

    const kitchen = page.getByRole('button', { name: /^Kitchen, \d+ devices?$/ });
    await kitchen.click();
    expect(await kitchen.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-dimmed="true"]').count()).toBeGreaterThan(0);
    await kitchen.click();
    expect(await kitchen.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('[data-dimmed="true"]').count()).toBe(0);

    // Select the first device in the table whose power is known, then see its chart.
    const table = page.getByRole('table');
    const firstDevice = table.getByRole('rowheader').first().getByRole('button');
    const name = (await firstDevice.textContent())!;
    await firstDevice.click();
    const panel = page.getByRole('region', { name });
    await panel.waitFor();
    await panel.getByRole('img', { name: /average power by hour over the last 24 hours/ }).waitFor({ timeout: 15_000 });
    await panel.getByText('7d').click();
    await panel.getByRole('img', { name: /by day over the last 7 days/ }).waitFor({ timeout: 15_000 });

    // The portal scrolls inside its main column; show the cards, plan and panel together.
    await page.evaluate(() => {
      for (const el of [document.scrollingElement, document.querySelector('main')]) el?.scrollTo(0, 0);
    });
    await screenshot(page, 'devices');
    expect(await axeViolations(page)).toEqual([]);
  }, 300_000);

  it('switches a demo plug off: the plug confirms and its power drops to zero; then back on', async () => {
    await signInAsDemo(page);
    await waitForDeviceData();
    type Listed = { id: string; name: string; kind: string; powerW: number | null; relayOn: boolean | null; neverSwitch: boolean };
    const listed = async () => ((await (await page.request.get('/api/devices')).json()) as { devices: Listed[] }).devices;
    const plugs = (await listed()).filter((d) => d.kind === 'smart_plug' && !d.neverSwitch && d.relayOn !== false);
    // One that draws power now, so "drops to zero" is a change.
    const plug = plugs.find((d) => (d.powerW ?? 0) > 0) ?? plugs[0];
    expect(plug, 'a switchable demo plug').toBeDefined();

    await page.goto('/app/devices');
    await page.getByRole('table').getByRole('rowheader').getByRole('button', { name: plug!.name, exact: true }).click();
    const panel = page.getByRole('region', { name: plug!.name });
    const control = panel.getByRole('switch', { name: 'Power switch' });
    const power = panel.locator('dt:text-is("Power") + dd');
    expect(await control.getAttribute('aria-checked')).toBe('true');

    await control.click();
    await panel.getByRole('status').filter({ hasText: `${plug!.name} is off.` }).waitFor({ timeout: 15_000 });
    expect(await control.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await power.textContent())?.replace(/\u00a0/g, ' ')).toBe('0.0 W');
    expect((await listed()).find((d) => d.id === plug!.id)).toMatchObject({ powerW: 0, relayOn: false });
    await screenshot(page, 'devices-plug-off');
    expect(await axeViolations(page)).toEqual([]);

    await control.click();
    await panel.getByRole('status').filter({ hasText: `${plug!.name} is on.` }).waitFor({ timeout: 15_000 });
    expect((await listed()).find((d) => d.id === plug!.id)?.relayOn).toBe(true);
  }, 300_000);

  it('pairs a device, shows its token once with its own MQTT fields, renames it, and removes it', async () => {
    await signInAsDemo(page);
    await page.goto('/app/devices');
    await page.getByRole('button', { name: 'Add device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a device' });
    const pairingId = `e2e-plug-${Date.now()}`;
    await dialog.getByLabel('Device id').fill(pairingId);
    await dialog.getByLabel('Name').fill('Garage freezer');
    await dialog.getByLabel('Room').selectOption({ label: 'Office' });
    await dialog.getByRole('button', { name: 'Pair device' }).click();
    const paired = page.getByRole('dialog', { name: 'Garage freezer is paired' });
    await paired.waitFor();
    expect(await paired.getByText(/^pwi_/).count()).toBe(1);
    // A Shelly plug's own fields, each with a copy button; the server is absolute (host:port).
    expect(await paired.getByRole('radio', { name: /Shelly Gen2\/Gen3 plug/ }).isChecked()).toBe(true);
    expect(await paired.getByText(/^[A-Za-z0-9.-]+:\d+$/).count()).toBe(1);
    for (const label of ['Server', 'Client ID', 'User', 'Password', 'MQTT prefix']) expect(await paired.getByRole('button', { name: `Copy ${label}` }).count()).toBe(1);
    await paired.getByText('Waiting for the first message from Garage freezer…').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'devices-pairing-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'devices-pairing-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await paired.getByRole('radio', { name: 'Tasmota plug' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await paired.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('table').getByRole('rowheader').getByRole('button', { name: 'Garage freezer', exact: true });
    await row.click();
    const panel = page.getByRole('region', { name: 'Garage freezer' });
    await panel.getByLabel('Name').fill('Garage chest freezer');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table').getByRole('rowheader').getByRole('button', { name: 'Garage chest freezer', exact: true }).waitFor();

    // "Show pairing settings again": a new password with the same settings, in English and French.
    for (const language of ['en', 'fr'] as const) {
      const fr = language === 'fr';
      if (fr) {
        await useLanguage('fr');
        await page.goto('/app/devices');
        await page.getByRole('table').getByRole('rowheader').getByRole('button', { name: 'Garage chest freezer', exact: true }).click();
      }
      const again = page.getByRole('region', { name: 'Garage chest freezer' }).getByRole('button', { name: fr ? 'Afficher à nouveau les réglages d’association' : 'Show pairing settings again' });
      // Its label may take two lines at 1440 px; it must stay inside the button.
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(await again.evaluate((button) => button.scrollHeight <= button.clientHeight && button.scrollWidth <= button.clientWidth)).toBe(true);
      await again.click();
      await page.getByRole('dialog', { name: fr ? 'Nouveaux réglages pour Garage chest freezer ?' : 'New settings for Garage chest freezer?' }).getByRole('button', { name: fr ? 'Obtenir un nouveau mot de passe' : 'Get a new password' }).click();
      const renewed = page.getByRole('dialog', { name: fr ? 'Appareil associé : Garage chest freezer' : 'Garage chest freezer is paired' });
      await renewed.getByText(fr ? 'En attente du premier message de Garage chest freezer…' : 'Waiting for the first message from Garage chest freezer…').waitFor();
      expect(await renewed.getByText(/^pwi_/).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, `devices-pairing-again-1440-${language}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `devices-pairing-again-390-${language}`);
      // A first-generation Shelly EM: its own settings screen's fields and the clamps question.
      await renewed.getByRole('radio', { name: fr ? 'Shelly EM, première génération (toute la maison)' : 'Shelly EM, first generation (whole home)' }).check();
      await renewed.getByRole('button', { name: /Use custom MQTT prefix/ }).waitFor();
      expect(await renewed.getByRole('radio', { name: fr ? /Deux pinces/ : /Two clamps/ }).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, `devices-pairing-gen1-1440-${language}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `devices-pairing-gen1-390-${language}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await renewed.getByRole('button', { name: fr ? 'Terminé' : 'Done' }).click();
    }
    // The demo member is shared by the journeys: back to English before anything else.
    await useLanguage('en');
    await page.goto('/app/devices');
    await page.getByRole('table').getByRole('rowheader').getByRole('button', { name: 'Garage chest freezer', exact: true }).click();

    await page.getByRole('region', { name: 'Garage chest freezer' }).getByRole('button', { name: 'Remove device' }).click();
    await page.getByRole('dialog', { name: 'Remove Garage chest freezer?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByRole('table').getByText('Garage chest freezer').count()).toBe(0);
  }, 180_000);
});
