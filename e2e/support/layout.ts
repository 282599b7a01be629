import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How far the window itself can scroll. In the portal only `main` scrolls: anything positioned
 * outside it (a visually hidden label, say) would let the whole page, sidebar and top bar
 * included, scroll away into blank space once `main` reaches its end.
 */
export function windowScrollRange(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
}

/**
 * Waits until no skeleton or busy region is left: the data-driven parts have rendered. The live
 * stream keeps the network busy, so "network idle" never comes.
 */
export async function noSkeletonLeft(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"], .animate-pulse').count(), { timeout: 20_000 }).toBe(0);
}
