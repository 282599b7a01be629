import type { Page } from 'playwright-core';

/** Signs in with the demo account pre-filled in the login panel and lands on the dashboard. */
export async function signInAsDemo(page: Page) {
  await page.goto('/?auth=login');
  const panel = page.getByRole('dialog', { name: 'Log In' });
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app/dashboard');
}

/**
 * The simulator back-fills the demo household in the background after the server starts: polls
 * `path` (signed in, so page.request carries the session) until `ready` says the data a journey
 * needs has arrived, and fails naming what it last saw.
 */
export async function waitForApi<T>(page: Page, path: string, ready: (body: T) => boolean | Promise<boolean>, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await page.request.get(path);
    if (response.ok()) {
      const body = (await response.json()) as T;
      last = JSON.stringify(body).slice(0, 300);
      if (await ready(body)) return;
    }
    await page.waitForTimeout(2_000);
  }
  throw new Error(`Demo data not ready after ${timeoutMs / 1000} s; last ${path}: ${last}`);
}
