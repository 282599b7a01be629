import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { join } from 'node:path';
import { artifactsDir, screenshot } from '../support/browser';
import { backdateService, scheduleStatementRun, sendMeterMonth, signUpMeteredMember, type Member } from '../support/billed-member';
import { lastMonth, rawMeterRows, waitForStatement, type StatementRow } from '../support/billing-rows';
import { localDay } from '../support/demo-backfill';
import { pagePerTest } from '../support/journey';
import { recomputeOntarioTou } from '../support/ontario-bill';
import { signInThroughPanel } from '../support/demo-session';
import { chooseLanguage } from '../support/choose-language';
import { DEMO_EMAIL, PHONE } from '../support/journey-constants';

// The sandbox processor's test cards (decision 048).
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000009995';
const NOT_LUHN = '4242424242424241';
// Its bank asks the member to confirm each payment (3-D Secure, decision 055).
const AUTHENTICATION_CARD = '4000002500003155';
const TORONTO = 'America/Toronto';

let page: Page;
pagePerTest('payments', (p) => (page = p), { viewport: { width: 1280, height: 1400 } });
let db: pg.Client;
/** Two members billed for last month by the month's job: one pays in full, one through 3-D Secure. */
let members: { card: Member; challenge: Member };
/** Each member's statement for last month, as the job stored it. */
const bills = new Map<string, StatementRow>();
const month = lastMonth(TORONTO);

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What the database says the member has paid on a statement, counting only confirmed payments. */
async function succeededOn(statementId: string) {
  const { rows } = await db.query<{ n: number; cents: number }>(
    `select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from payments where statement_id = $1 and status = 'succeeded'`,
    [statementId],
  );
  return rows[0]!;
}

async function addCard(number: string) {
  const panel = page.getByRole('region', { name: 'Payment methods' });
  await panel.getByRole('button', { name: 'Add New Card' }).click();
  const form = panel.getByRole('form', { name: 'Add a card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month').fill('12');
  await form.getByLabel('Expiry year').fill('2099');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  return form;
}

/** Signs in through the login panel, as the member would, and lands on the dashboard. */
function signIn(member: Member) {
  return signInThroughPanel(page, member, '**/app/dashboard');
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  // The month's job bills every household due, the demo's too: wait until the demo's own statement
  // is issued from its stored back-fill, so the job never bills it from half a month.
  const deadline = Date.now() + 120_000;
  let demo: string | undefined;
  while (!demo && Date.now() < deadline) {
    demo = (await db.query<{ id: string }>(`select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`, [DEMO_EMAIL])).rows[0]?.id;
    if (!demo) await new Promise((r) => setTimeout(r, 1_000));
  }
  if (!demo) throw new Error('The demo household did not appear');
  await waitForStatement(db, demo, month.start, 420_000);

  // Two members in Toronto since before last month; their meters send the month through the
  // ingest API, then the month's statement job runs and bills them from those readings.
  const card = await signUpMeteredMember('payments', 'Priya Natarajan');
  const challenge = await signUpMeteredMember('payments-3ds', 'Malik Haddad');
  for (const member of [card, challenge]) {
    await backdateService(db, member.householdId, month.start);
    expect(await sendMeterMonth(member.token, { from: month.start, to: month.end, timeZone: TORONTO })).toBeGreaterThan(28 * 288 - 12);
  }
  members = { card, challenge };
  await scheduleStatementRun(db, month.month);
  for (const member of [card, challenge]) {
    const statement = await waitForStatement(db, member.householdId, month.start, 120_000);
    // The first statement carries nothing: its amount due is its charges, the readings priced by hand.
    const recomputed = recomputeOntarioTou(await rawMeterRows(db, member.householdId, month.start, month.end), { from: month.start, to: month.end }, TORONTO);
    expect({ charges: statement.chargesCents, due: statement.amountDueCents, billedFrom: statement.billedFrom }).toEqual({
      charges: recomputed.chargesCents,
      due: recomputed.chargesCents,
      billedFrom: month.start,
    });
    expect(recomputed.chargesCents).toBeGreaterThan(0);
    bills.set(member.householdId, statement);
  }
}, 600_000);
afterAll(async () => {
  await db?.end();
});

describe('Paying a statement', () => {
  it('adds a card (a bad number and a declined card first), pays, sees Paid without a reload; PDF, toggles, axe in English and French', async () => {
    const { householdId } = members.card;
    const { id: statementId, amountDueCents: EXPECTED_DUE, dueDate } = bills.get(householdId)!;
    await signIn(members.card);
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();

    // Last month's statement, whose amount due beforeAll recomputed from the raw readings.
    const view = page.getByRole('button', { name: `View the statement for ${month.label}` });
    await view.click();
    const statement = page.getByTestId('statement-view');
    await statement.getByRole('heading', { name: `Statement for ${month.label}` }).waitFor();
    expect(plain(await statement.getByTestId('statement-totals').textContent())).toContain(`Amount due${dollars(EXPECTED_DUE)}`);
    const historyRow = page.getByTestId('statement-history').locator(`tr[data-statement-id="${statementId}"]`);
    expect(plain(await historyRow.textContent())).toContain(dollars(EXPECTED_DUE));
    const paidBefore = await succeededOn(statementId);
    expect(paidBefore.n).toBe(0);
    // Due on the 15th of this month: overdue once that day has passed in Toronto, due until then.
    const pastDue = localDay(new Date(), TORONTO) > dueDate;
    await historyRow.getByText(pastDue ? 'Overdue' : 'Due', { exact: true }).waitFor();

    // A number that fails the Luhn check is refused before anything is sent.
    const methods = page.getByRole('region', { name: 'Payment methods' });
    const counts = async () =>
      (await db.query<{ methods: number; tokens: number }>(`select (select count(*)::int from payment_methods where household_id = $1) as methods, (select count(*)::int from sandbox_card_tokens) as tokens`, [householdId])).rows[0]!;
    const before = await counts();
    const form = await addCard(NOT_LUHN);
    await form.getByText('Enter a valid card number.', { exact: true }).waitFor();
    expect(await form.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await counts()).toEqual(before);

    // axe with the card form open, in English.
    expect(await axeViolations(page)).toEqual([]);

    // The declined test card saves, but paying with it is refused with its own message and changes nothing.
    await form.getByLabel('Card number').fill(DECLINED_CARD);
    await form.getByRole('button', { name: 'Save card' }).click();
    await methods.getByText('Card saved.').waitFor();
    await methods.getByText('Visa ending in 9995').waitFor();
    const payNow = page.getByRole('region', { name: 'Pay now' });
    await payNow.getByLabel('Card').selectOption({ label: 'Visa ending in 9995' });
    await payNow.getByLabel('Amount (CAD)').fill((EXPECTED_DUE / 100).toFixed(2));
    await payNow.getByRole('button', { name: `Pay ${dollars(EXPECTED_DUE)}` }).click();
    await payNow.getByText('Your card was declined for insufficient funds. Nothing was charged.', { exact: true }).waitFor();
    expect(await succeededOn(statementId)).toEqual({ n: 0, cents: 0 });
    expect(plain(await historyRow.textContent())).not.toMatch(/Paid/);

    // The good test card, then Pay now, part first: the sandbox's webhook confirms each payment and
    // the status follows without a reload (partly paid is Overdue once the 15th has passed).
    await addCard(GOOD_CARD);
    await methods.getByText('Visa ending in 4242').waitFor();
    await payNow.getByLabel('Card').selectOption({ label: 'Visa ending in 4242' });
    const PART = 2_000;
    await payNow.getByLabel('Amount (CAD)').fill((PART / 100).toFixed(2));
    await payNow.getByRole('button', { name: `Pay ${dollars(PART)}` }).click();
    await payNow.getByText(`Payment of ${dollars(PART)} confirmed. Thank you! A receipt is on its way by email.`, { exact: true }).waitFor({ timeout: 60_000 });
    await historyRow.getByText(pastDue ? 'Overdue' : 'Partially paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await succeededOn(statementId)).toEqual({ n: 1, cents: PART });
    // The amount offered is now what is left, and paying it settles the statement.
    const REST = EXPECTED_DUE - PART;
    await expect.poll(() => payNow.getByLabel('Amount (CAD)').inputValue()).toBe((REST / 100).toFixed(2));
    await payNow.getByRole('button', { name: `Pay ${dollars(REST)}` }).click();
    await payNow.getByText(`Payment of ${dollars(REST)} confirmed. Thank you! A receipt is on its way by email.`, { exact: true }).waitFor({ timeout: 60_000 });
    await historyRow.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await succeededOn(statementId)).toEqual({ n: 2, cents: EXPECTED_DUE });
    // Nothing is left to pay, so the form no longer offers an amount.
    await expect.poll(() => payNow.getByLabel('Amount (CAD)').inputValue()).toBe('');
    await screenshot(page, 'payments-paid-en');
    // axe again with both cards listed (their Make default and Remove buttons) and the form open.
    await methods.getByRole('button', { name: 'Add New Card' }).click();
    await methods.getByRole('form', { name: 'Add a card' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await methods.getByRole('button', { name: 'Cancel' }).click();

    // The PDF is a real PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('link', { name: `Download PDF, statement for ${month.label}` }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Auto-pay and the reminder choice survive a reload.
    const autopay = page.getByRole('switch', { name: 'Auto-pay' });
    const autopayWas = (await autopay.getAttribute('aria-checked')) === 'true';
    await autopay.click();
    await expect.poll(() => autopay.getAttribute('aria-checked')).toBe(String(!autopayWas));
    await expect.poll(() => autopay.isDisabled()).toBe(false);
    const reminder = page.getByTestId('bill-reminders').getByRole('checkbox', { name: 'Remind me before a bill is due' });
    const reminderWas = await reminder.isChecked();
    // The box follows the saved setting, so it turns once the server has answered.
    await reminder.click();
    await page.getByTestId('bill-reminders').getByText('Saved.').waitFor();
    await expect.poll(() => reminder.isChecked()).toBe(!reminderWas);
    await page.reload();
    await page.getByRole('switch', { name: 'Auto-pay' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Auto-pay' }).getAttribute('aria-checked')).toBe(String(!autopayWas));
    await page.getByTestId('bill-reminders').getByRole('checkbox', { name: 'Remind me before a bill is due' }).waitFor();
    expect(await page.getByTestId('bill-reminders').getByRole('checkbox', { name: 'Remind me before a bill is due' }).isChecked()).toBe(!reminderWas);
    const { rows: autopayRows } = await db.query('select enabled from autopay_settings where household_id = $1', [householdId]);
    expect(autopayRows[0]?.enabled).toBe(!autopayWas);
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/NaN|Infinity|undefined/);

    // At phone width nothing spills past the screen's edge.
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Only main scrolls in the portal (support/layout.ts): it must not scroll sideways either.
    await expect.poll(() => page.locator('main').evaluate((m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payments-phone');
    for (const [name, part] of [
      ['methods', page.getByRole('region', { name: 'Payment methods' })],
      ['statement', page.getByTestId('statement-view')],
      ['history', page.getByRole('region', { name: 'Statement history' })],
    ] as const) {
      await part.screenshot({ path: join(artifactsDir, `payments-phone-${name}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 1400 });

    // In French: the same page with the card form open is axe-clean and translated.
    await chooseLanguage(page, 'fr');
    try {
      await page.goto('/app/billing');
      await page.getByRole('heading', { level: 1, name: 'Facturation' }).waitFor();
      await page.getByTestId('statement-history').locator(`tr[data-statement-id="${statementId}"]`).getByText('Payé', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Moyens de paiement' }).getByRole('button', { name: 'Ajouter une carte' }).click();
      await page.getByLabel('Numéro de carte').waitFor();
      await expect(page.locator('main').textContent()).resolves.not.toMatch(/NaN|Infinity|undefined|\b(payNow|methods|addCard|status)\./);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'payments-paid-fr');
    } finally {
      await chooseLanguage(page, 'en');
    }
  }, 400_000);

  it('3-D Secure: the bank’s page opens, Approve confirms and Fail refuses, back on Billing with the status; axe on the page in English and French', async () => {
    const { householdId } = members.challenge;
    const { id: statementId } = bills.get(householdId)!;
    await signIn(members.challenge);
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const methods = page.getByRole('region', { name: 'Payment methods' });
    await addCard(AUTHENTICATION_CARD);
    await methods.getByText('Visa ending in 3155').waitFor();
    const payments = async () =>
      (await db.query<{ status: string; failure_code: string | null; amount_cents: number }>('select status, failure_code, amount_cents from payments where household_id = $1 order by created_at', [householdId])).rows;

    // Pay now opens the sandbox bank's page in this tab.
    const PART = 1_000;
    let payNow = page.getByRole('region', { name: 'Pay now' });
    await payNow.getByLabel('Amount (CAD)').fill((PART / 100).toFixed(2));
    await payNow.getByRole('button', { name: `Pay ${dollars(PART)}` }).click();
    await page.waitForURL('**/api/sandbox-processor/challenges/**');
    await page.getByRole('heading', { level: 1, name: 'Confirm this payment' }).waitFor();
    expect(plain(await page.locator('main').textContent())).toContain(`Peakwise asks to charge ${dollars(PART)} to your Visa card ending in 3155.`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'payments-3ds-challenge-en');
    expect(await payments()).toEqual([{ status: 'requires_action', failure_code: null, amount_cents: PART }]);
    // Approve: back on Billing, where the status follows the webhook without a reload.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/app/billing?payment=*');
    payNow = page.getByRole('region', { name: 'Pay now' });
    await payNow.getByText(`Payment of ${dollars(PART)} confirmed. Thank you! A receipt is on its way by email.`, { exact: true }).waitFor({ timeout: 60_000 });
    expect(await succeededOn(statementId)).toEqual({ n: 1, cents: PART });
    await screenshot(page, 'payments-3ds-approved-en');

    // In French: the bank's page is in French and axe-clean; Fail leaves nothing paid and says why.
    await chooseLanguage(page, 'fr');
    try {
      await page.goto('/app/billing');
      payNow = page.getByRole('region', { name: 'Payer maintenant' });
      await payNow.getByLabel('Montant ($ CA)').fill('5,00');
      await payNow.getByRole('button', { name: /^Payer 5,00/ }).click();
      await page.waitForURL('**/api/sandbox-processor/challenges/**');
      await page.getByRole('heading', { level: 1, name: 'Confirmer ce paiement' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'payments-3ds-challenge-fr');
      await page.getByRole('button', { name: 'Refuser l’authentification' }).click();
      await page.waitForURL('**/app/billing?payment=*');
      await page.getByText('Votre banque n’a pas pu confirmer ce paiement. Rien n’a été débité.', { exact: true }).waitFor({ timeout: 60_000 });
      await screenshot(page, 'payments-3ds-failed-fr');
      expect(await payments()).toEqual([
        { status: 'succeeded', failure_code: null, amount_cents: PART },
        { status: 'failed', failure_code: 'authentication_failed', amount_cents: 500 },
      ]);
      expect(await succeededOn(statementId)).toEqual({ n: 1, cents: PART });
    } finally {
      await chooseLanguage(page, 'en');
    }
  }, 300_000);
});
