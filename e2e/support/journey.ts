import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newContext, screenshot, type ContextOptions } from './browser';

/**
 * The set-up every journey file shares: one browser for the file, a fresh page in its own context
 * for each test (handed to `onPage`), and a screenshot named after any test that fails. Returns a
 * way to open a second, independent page (another device signing in, say).
 */
export function pagePerTest(name: string, onPage: (page: Page) => void, options: ContextOptions = {}) {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await (await newContext(browser, options)).newPage();
    onPage(page);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await screenshot(page, `failed-${name}-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => {});
    await page.context().close();
  });
  return { newPage: async (extra: ContextOptions = {}) => (await newContext(browser, extra)).newPage() };
}
