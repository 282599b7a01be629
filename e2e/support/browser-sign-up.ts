import type pg from 'pg';
import type { Page } from 'playwright-core';
import { waitForApi } from './demo-session';
import { SIGN_UP_PASSWORD } from './journey-constants';

export type SignUpDetails = { prefix: string; name: string; birth: { month: string; day: string; year: string } };

/** Fills and sends the sign-up dialog already open on the page, and waits to land on the Dashboard. */
export async function submitSignUpDialog(page: Page, { email, name, birth = { month: '3', day: '7', year: '1984' } }: { email: string; name: string; birth?: SignUpDetails['birth'] }) {
  const dialog = page.getByRole('dialog', { name: 'Sign up for Peakwise' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Confirm email').fill(email);
  await dialog.getByLabel('Password').fill(SIGN_UP_PASSWORD);
  await dialog.getByLabel('What should we call you?').fill(name);
  await dialog.getByLabel('Month').selectOption(birth.month);
  await dialog.getByLabel('Day').fill(birth.day);
  await dialog.getByLabel('Year').fill(birth.year);
  await dialog.getByLabel('Female').check();
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/app/dashboard');
}

/**
 * A new member signed up through the landing page's dialog, with the spec's fields, and signed in
 * on the Dashboard once their household exists (it is made on the first portal visit). Returns
 * the ids a journey needs to set the scene in the database.
 */
export async function signUpInBrowser(page: Page, db: pg.Client, { prefix, name, birth }: SignUpDetails): Promise<{ email: string; userId: string; householdId: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/?auth=signup');
  await submitSignUpDialog(page, { email, name, birth });
  await waitForApi<{ id: string }>(page, '/api/household', (h) => Boolean(h.id), 30_000);
  const { rows } = await db.query<{ userId: string; householdId: string }>(
    `select u.id as "userId", h.id as "householdId" from users u join households h on h.owner_user_id = u.id where u.email = $1`,
    [email],
  );
  return { email, ...rows[0]! };
}
