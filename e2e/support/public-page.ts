import type { Page } from 'playwright-core';

/**
 * A prerendered public page starts its app when the visitor reaches for a control (decision
 * 077): here, a key press that moves nothing (Shift). Resolves once the app is live.
 */
export async function startPublicApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('#root[data-app-live]').waitFor();
}

/** Whether the page's app is live yet. */
export const appIsLive = async (page: Page): Promise<boolean> => (await page.locator('#root[data-app-live]').count()) > 0;
