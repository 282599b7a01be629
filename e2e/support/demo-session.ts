import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_EMAIL } from './journey-constants';

/**
 * The login panel, opened by its address, once it has pre-filled the demo's address: it does so
 * when the server has said there is a demo, and typing before that lands would join the two.
 */
async function openLoginPanel(page: Page) {
  await page.goto('/?auth=login');
  const panel = page.getByRole('dialog', { name: 'Log In' });
  await expect.poll(() => panel.getByLabel('Email').inputValue()).toBe(DEMO_EMAIL);
  return panel;
}

/** Signs in with the demo account pre-filled in the login panel and lands on the dashboard. */
export async function signInAsDemo(page: Page) {
  const panel = await openLoginPanel(page);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app/dashboard');
}

/** Signs in through the login panel as a visitor would, and waits to land in the portal (or where `landing` says). */
export async function signInThroughPanel(page: Page, who: { email: string; password: string }, landing: Parameters<Page['waitForURL']>[0] = '**/app/**') {
  const panel = await openLoginPanel(page);
  const email = panel.getByLabel('Email');
  await email.fill(who.email);
  await expect.poll(() => email.inputValue()).toBe(who.email);
  await panel.getByLabel('Password').fill(who.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(landing);
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
