import type { Page } from 'playwright-core';

/** The member's language, chosen in Settings as a member would (the portal's header has no switcher). */
export async function chooseLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.goto('/app/settings');
  await page.getByLabel(/^(Language|Langue)$/).last().selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}
