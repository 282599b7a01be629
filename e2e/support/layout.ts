import type { Page } from 'playwright-core';

/**
 * How far the window itself can scroll. In the portal only `main` scrolls: anything positioned
 * outside it (a visually hidden label, say) would let the whole page, sidebar and top bar
 * included, scroll away into blank space once `main` reaches its end.
 */
export function windowScrollRange(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
}
