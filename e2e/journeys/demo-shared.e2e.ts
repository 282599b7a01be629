import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { chooseLanguage } from '../support/choose-language';

// The shared demo keeps no personal details (decision 082): a visitor who types a phone number is
// told why, in their language, and nothing is texted or kept.
const EXPLAINED = {
  en: 'This demo account is shared by everyone trying Peakwise, so it keeps no personal details such as phone numbers, cards, addresses or names. Create your own account to add yours.',
  fr: 'Ce compte de démonstration est partagé par toutes les personnes qui essaient Peakwise : il ne garde donc aucun renseignement personnel (numéro de téléphone, carte, adresse ou nom). Créez votre propre compte pour ajouter les vôtres.',
};
const FIELD = { en: 'Mobile number', fr: 'Numéro de cellulaire' };
const SEND = { en: 'Text me a code', fr: 'M’envoyer un code' };

async function notificationsIn(page: Page, language: 'en' | 'fr') {
  await chooseLanguage(page, language);
  // The phone number is in Settings' notifications section.
  await page.goto('/app/settings/notifications');
}

async function typePhone(page: Page, language: 'en' | 'fr', width: number) {
  await page.getByLabel(FIELD[language], { exact: true }).fill('416 555 0123');
  await page.getByRole('button', { name: SEND[language] }).click();
  const message = page.getByText(EXPLAINED[language]);
  await message.waitFor();
  await message.scrollIntoViewIfNeeded();
  await screenshot(page, `demo-shared-phone-${language}-${width}`);
}

for (const width of [1440, 390]) {
  describe(`The shared demo at ${width} px`, () => {
    let page: Page;
    pagePerTest(`demo-shared-${width}`, (p) => (page = p), { viewport: { width, height: 1000 } });

    it('explains, in English and French, why a phone number is refused', async () => {
      await signInAsDemo(page);
      await notificationsIn(page, 'en');
      await typePhone(page, 'en', width);
      await notificationsIn(page, 'fr');
      await typePhone(page, 'fr', width);
      // The next visitor finds the demo in English again.
      await notificationsIn(page, 'en');
    });
  });
}
