import type { Page } from 'playwright-core';

/** What the app marks #root with once it is live (apps/web/src/app/app-live.ts). */
const LIVE_ROOT = '#root[data-app-live]';

/**
 * A prerendered public page starts its app when the visitor reaches for a control (decision
 * 077): here, a key press that moves nothing (Shift). Resolves once the app is live.
 */
export async function startPublicApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator(LIVE_ROOT).waitFor();
}

/** Whether the page's app is live yet. */
export const appIsLive = async (page: Page): Promise<boolean> => (await page.locator(LIVE_ROOT).count()) > 0;
