import type { Page } from 'playwright-core';

/** What the app marks #root with once it is live (apps/web/src/app/app-live.ts). */
const LIVE_ROOT = '#root[data-app-live]';

/**
 * A prerendered public page starts its app in idle time once it has loaded, or at once when the
 * visitor reaches for a control (decisions 077 and 092): here, a key press that moves nothing
 * (Shift), so a journey need not wait for the browser to be idle. Resolves once the app is live.
 */
export async function startPublicApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator(LIVE_ROOT).waitFor();
}

/** Whether the page's app is live yet. */
export const appIsLive = async (page: Page): Promise<boolean> => (await page.locator(LIVE_ROOT).count()) > 0;
