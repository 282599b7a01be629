import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { linkIn, waitForEmail } from '../support/mailbox';
import { totp } from '../support/totp';
import { pagePerTest } from '../support/journey';
import { DEMO_EMAIL, PHONE, SIGN_UP_PASSWORD } from '../support/journey-constants';
import { submitSignUpDialog } from '../support/browser-sign-up';

const INVALID_CREDENTIALS = 'Invalid email or password. Please try the demo credentials shown below.';

let page: Page;
const journey = pagePerTest('accounts', (p) => (page = p));
let counter = 0;

function uniqueEmail(prefix = 'member') {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

async function signUp(email: string, name = 'Alex Tremblay') {
  await page.goto('/?auth=signup');
  await fillSignUp(email, name);
}

/** Fills and sends the sign-up dialog already open on the page. */
async function fillSignUp(email: string, name = 'Alex Tremblay') {
  await submitSignUpDialog(page, { email, name });
}

async function logIn(email: string, password: string) {
  const panel = page.getByRole('dialog', { name: 'Log In' });
  if (!(await panel.isVisible())) await page.goto('/?auth=login');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut() {
  await page.getByRole('button', { name: /sign out|se déconnecter/i }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  // Home, not the login panel: the guard must not see the cleared session before the portal is gone.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(500);
  expect(new URL(page.url()).searchParams.get('auth')).toBeNull();
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function openSettings() {
  await page.goto('/app/settings');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByLabel('Name', { exact: true }).waitFor();
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

async function homeOf(email: string): Promise<{ province: string; postalCode: string | null; timeZone: string }> {
  const { rows } = await db.query<{ province: string; postalCode: string | null; timeZone: string }>(
    `select h.province, h.postal_code as "postalCode", h.time_zone as "timeZone" from households h join users u on u.id = h.owner_user_id where u.email = $1`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function hasBattery(email: string): Promise<boolean> {
  const { rows } = await db.query<{ hasBattery: boolean }>(`select h.has_battery as "hasBattery" from households h join users u on u.id = h.owner_user_id where u.email = $1`, [email]);
  return rows[0]!.hasBattery;
}

describe('accounts', () => {
  it('starts the home in Québec from the postal code checked on the landing page, then moves it in Settings (decision 057)', async () => {
    await page.goto('/');
    await page.getByLabel('Postal code').fill('H2X 1Y4');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'Great news!' }).waitFor();
    await screenshot(page, 'home-landing-checked');
    await page.getByRole('region', { name: 'Is Peakwise available where you live?' }).getByRole('button', { name: 'Sign Up' }).click();
    const email = uniqueEmail('quebec');
    await fillSignUp(email, 'Camille Roy');
    expect(await homeOf(email)).toEqual({ province: 'QC', postalCode: 'H2X1Y4', timeZone: 'America/Toronto' });
    // A home with a postal code is not asked for one.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('home-prompt').count()).toBe(0);

    await page.goto('/app/settings/home');
    const home = page.getByRole('region', { name: 'Your home' });
    await home.getByText('Your home: H2X 1Y4, Montréal, Québec.').waitFor();
    await home.getByLabel('Postal code').fill('V6B 1A1');
    expect(await home.getByLabel('Time zone of your home').inputValue()).toBe('America/Vancouver');
    await home.getByRole('button', { name: 'Save my home' }).click();
    await home.getByText('Saved. Your home is in Vancouver, British Columbia.').waitFor();
    await home.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-settings-saved');
    expect(await homeOf(email)).toEqual({ province: 'BC', postalCode: 'V6B1A1', timeZone: 'America/Vancouver' });
    // The Preferences card (Settings' first section) follows: one zone for the member and the home.
    await page.goto('/app/settings/profile');
    await expect.poll(() => page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/Vancouver');
    await page.goto('/app/settings/home');
    await home.getByLabel('Postal code').fill('R3C 4T3');
    await home.getByRole('button', { name: 'Save my home' }).click();
    await home.getByText("We don't currently service Winnipeg, Manitoba. We're expanding quickly - check back soon!").waitFor();
    expect(await homeOf(email)).toEqual({ province: 'BC', postalCode: 'V6B1A1', timeZone: 'America/Vancouver' });
    expect(await axeViolations(page)).toEqual([]);

    // The battery (decision 138): ticked from the keyboard, saved by itself, still ticked after a reload.
    const battery = home.getByRole('checkbox', { name: 'My home has a battery' });
    expect(await battery.isChecked()).toBe(false);
    expect(await hasBattery(email)).toBe(false);
    await battery.focus();
    await page.keyboard.press('Space');
    await home.getByText('Saved: your home has a battery.').waitFor();
    expect(await hasBattery(email)).toBe(true);
    await page.reload();
    await home.getByText('Your home: V6B 1A1, Vancouver, British Columbia.').waitFor();
    await expect.poll(() => battery.isChecked()).toBe(true);
    expect(await homeOf(email)).toEqual({ province: 'BC', postalCode: 'V6B1A1', timeZone: 'America/Vancouver' });
    await battery.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-settings-battery');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('asks a member with no postal code to set their home, and takes them to it (decision 057)', async () => {
    const email = uniqueEmail('nowhere');
    await signUp(email);
    expect(await homeOf(email)).toMatchObject({ province: 'ON', postalCode: null });
    const prompt = page.getByTestId('home-prompt');
    await prompt.getByRole('heading', { name: 'Where is your home?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home-dashboard-prompt');
    await prompt.getByRole('link', { name: 'Set your home' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app/settings/home#home');
    const input = page.getByRole('region', { name: 'Your home' }).getByLabel('Postal code');
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('T2P 1J9');
    await page.keyboard.press('Enter');
    await page.getByText('Saved. Your home is in Calgary, Alberta.').waitFor();
    await screenshot(page, 'home-settings-from-prompt');
    expect(await homeOf(email)).toEqual({ province: 'AB', postalCode: 'T2P1J9', timeZone: 'America/Edmonton' });
    await page.goto('/app/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('home-prompt').count()).toBe(0);
  });

  it('signs a new member up into the portal, signs out, and refuses a wrong password', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await page.getByText('Alex Tremblay').first().waitFor();
    await screenshot(page, 'accounts-signed-up');
    await signOut();
    await logIn(email, 'Not-my-password-1');
    await page.getByText(INVALID_CREDENTIALS, { exact: true }).waitFor();
    await screenshot(page, 'accounts-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs the demo member in from the pre-filled panel', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const panel = page.getByRole('dialog', { name: 'Log In' });
    // The panel asks the server whether it offers the demo before it pre-fills (decision 082).
    await expect.poll(() => panel.getByLabel('Email').inputValue()).toBe(DEMO_EMAIL);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'accounts-demo-dashboard');
  });

  it('returns to the page that asked for a sign-in', async () => {
    await page.goto('/app/rewards');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === '/app/rewards');
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app/rewards');
  });

  it('resets a forgotten password through the emailed link', async () => {
    const email = uniqueEmail('forgetful');
    await signUp(email);
    await signOut();
    const since = Date.now();
    await page.goto('/?auth=login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText("If an account exists for that email, we've sent a reset link.").waitFor();
    await screenshot(page, 'accounts-forgot-sent');

    const mail = await waitForEmail(email, (m) => m.text.includes('/reset-password?token='), since);
    await page.goto(linkIn(mail, /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w.-]+/));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Fresh-harbour-77');
    await page.getByLabel('Confirm new password').fill('Fresh-harbour-77');
    await screenshot(page, 'accounts-reset-form');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await screenshot(page, 'accounts-reset-done');
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await logIn(email, SIGN_UP_PASSWORD);
    await page.getByText(INVALID_CREDENTIALS).waitFor();
    await logIn(email, 'Fresh-harbour-77');
    await page.waitForURL('**/app/dashboard');
  });

  it('edits the profile and changes the email through the link sent to the new address', async () => {
    const email = uniqueEmail('mover');
    const newEmail = uniqueEmail('moved');
    await signUp(email);
    await openSettings();
    await screenshot(page, 'accounts-settings');
    await page.getByLabel('Name', { exact: true }).fill('Alexandra Tremblay');
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    const since = Date.now();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByText(`We've sent a link to ${newEmail} to confirm your new address.`).waitFor();
    await page.getByRole('banner').getByText('Alexandra Tremblay').waitFor();
    await screenshot(page, 'accounts-profile-saved');

    const mail = await waitForEmail(newEmail, (m) => m.text.includes('verify-email?token='), since);
    await page.goto(linkIn(mail, /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/));
    await page.waitForURL('**/app/settings/profile');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
  });

  it('turns on two-factor authentication and asks for a code at the next sign-in', async () => {
    const email = uniqueEmail('careful');
    await signUp(email);
    await openSettings();
    await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await setup.getByLabel('Password').fill(SIGN_UP_PASSWORD);
    await setup.getByRole('button', { name: 'Continue' }).click();
    await setup.getByRole('img', { name: 'QR code that adds Peakwise to your authenticator app' }).waitFor();
    await screenshot(page, 'accounts-2fa-qr');
    const secret = (await setup.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    await setup.getByLabel('6-digit code').fill(totp(secret));
    await setup.getByRole('button', { name: 'Verify and turn on' }).click();
    await setup.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    expect(await setup.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'accounts-2fa-backup-codes');
    await setup.getByRole('button', { name: 'Done' }).click();
    await page.getByText('You’ll be asked for a code from your authenticator app each time you log in.').waitFor();

    await signOut();
    await logIn(email, SIGN_UP_PASSWORD);
    const step = page.getByRole('dialog', { name: 'Two-factor authentication' });
    const code = step.getByLabel('Authentication code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await step.getByRole('button', { name: 'Use a backup code instead' }).waitFor();
    await screenshot(page, 'accounts-2fa-step');
    await code.fill(totp(secret));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/app/dashboard');
  });

  it('keeps French once chosen in Settings, across a reload and on another device', async () => {
    const email = uniqueEmail('francophone');
    await signUp(email);
    await openSettings();
    await page.getByLabel('Language', { exact: true }).last().selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
    await screenshot(page, 'accounts-settings-fr');

    const other = await journey.newPage();
    try {
      await other.goto('/?auth=login');
      const panel = other.getByRole('dialog', { name: 'Log In' });
      await panel.getByLabel('Email').fill(email);
      await panel.getByLabel('Password').fill(SIGN_UP_PASSWORD);
      await panel.getByRole('button', { name: 'Sign In' }).click();
      await other.waitForURL('**/app/dashboard');
      await other.waitForFunction(() => document.documentElement.lang === 'fr');
    } finally {
      await other.context().close();
    }
  });

  it('deletes the account after typing DELETE, and the old credentials stop working', async () => {
    const email = uniqueEmail('leaving');
    await signUp(email);
    // Deleting the account is in Settings' data section.
    await page.goto('/app/settings/data');
    await page.getByText('Once you delete your account, there is no going back. Please be certain.').waitFor();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await screenshot(page, 'accounts-delete-dialog');
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted. We’re sorry to see you go.').waitFor();
    await screenshot(page, 'accounts-deleted');
    await logIn(email, SIGN_UP_PASSWORD);
    await page.getByText(INVALID_CREDENTIALS).waitFor();
  });

  it('signs in with Google (a local OpenID provider) into the portal', async () => {
    await page.goto('/?auth=signup');
    await page.getByRole('dialog', { name: 'Sign up for Peakwise' }).getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('banner').getByText('Jean Social').waitFor();
    await openSettings();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(inject('socialEmail'));
    await screenshot(page, 'accounts-social');
  });

  it('has no axe violations on /app/settings and /reset-password', async () => {
    await signUp(uniqueEmail('axe'));
    await openSettings();
    await page.getByText('This device').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The portal scrolls inside <main>; a tall window shows every card in one picture.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'accounts-settings-full');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'accounts-settings-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change password' }).getByLabel('Current password').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'accounts-change-password');

    for (const path of ['/reset-password?token=abc', '/reset-password']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await screenshot(page, 'accounts-reset-invalid');
  });
});
