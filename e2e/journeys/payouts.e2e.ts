import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { submitSignUpDialog } from '../support/browser-sign-up';

let page: Page;
const pages = pagePerTest('payouts', (p) => (page = p), { viewport: { width: 1280, height: 1100 } });
const db = journeyDatabase();

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function signUp(p: Page, email: string, name: string) {
  await p.goto('/?auth=signup');
  await submitSignUpDialog(p, { email, name });
}

async function expectAccessible(p: Page, name: string) {
  await screenshot(p, name);
  expect(await axeViolations(p)).toEqual([]);
}

/** The member's cash-out debits and their sum, straight from the ledger. */
async function cashOutDebits(email: string) {
  const { rows } = await db.query<{ n: number; total: number }>(
    `select count(*)::int as n, coalesce(sum(-e.amount), 0)::int as total
     from points_transfers t join points_entries e on e.transfer_id = t.id
     join points_accounts a on a.id = e.account_id and a.kind = 'member'
     join households h on h.id = a.household_id join users u on u.id = h.owner_user_id
     where t.kind = 'cash_out' and u.email = $1`,
    [email],
  );
  return rows[0]!;
}

describe('cash-outs, the review queue and the member ledger', () => {
  it('an operator credits a member; the member cashes out (refused below the minimum, one debit on a double click); held, approved, sent', { timeout: 240_000 }, async () => {
    const memberEmail = uniqueEmail('saver');
    await signUp(page, memberEmail, 'Sam Saver');
    const operatorPage = await pages.newPage({ viewport: { width: 1440, height: 1100 } });
    const operatorEmail = uniqueEmail('operator');
    await signUp(operatorPage, operatorEmail, 'Olivia Operator');
    await db.query(`update users set role = 'operator' where email = $1`, [operatorEmail]);

    // The operator credits the member 12,000 points with a reason, through the console.
    await operatorPage.goto('/ops/ledger');
    await operatorPage.getByLabel('Member email').fill(memberEmail);
    await operatorPage.getByRole('button', { name: 'Find' }).click();
    await operatorPage.getByRole('button', { name: new RegExp(memberEmail) }).click();
    await operatorPage.getByLabel('Points', { exact: true }).fill('12000');
    await operatorPage.getByLabel('Reason', { exact: true }).fill('Welcome credit for the journey');
    await operatorPage.getByRole('button', { name: 'Record adjustment' }).click();
    await operatorPage.getByText('Adjustment recorded.').waitFor();
    await operatorPage.getByRole('cell', { name: 'Welcome credit for the journey' }).waitFor();
    await expectAccessible(operatorPage, 'payouts-ops-ledger');
    const { rows: audit } = await db.query(`select points, reason from points_adjustments a join users u on u.id = a.operator_id where u.email = $1`, [operatorEmail]);
    expect(audit).toEqual([{ points: 12000, reason: 'Welcome credit for the journey' }]);

    // The member sees the rules before confirming; below the minimum is refused with its message.
    await page.goto('/app/rewards');
    await page.getByText('At least 1,000 points ($10.00), by Interac e-Transfer to the email address you give.').waitFor();
    await page.getByLabel('Points to cash out').fill('999');
    await page.getByLabel('Interac e-Transfer email address').fill('sam.pay@example.com');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByText('The minimum cash-out is 1,000 points.').first().waitFor();
    await expectAccessible(page, 'payouts-rewards-refused');
    expect(await cashOutDebits(memberEmail)).toEqual({ n: 0, total: 0 });

    // 11,000 is above the review threshold: it is held. A double click is one debit.
    await page.getByLabel('Points to cash out').fill('11000');
    await page.getByRole('button', { name: 'Review' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm your cash-out' });
    await confirm.getByText('This amount is checked by a person before it is sent').waitFor();
    await expectAccessible(page, 'payouts-rewards-confirm');
    await confirm.getByRole('button', { name: 'Confirm cash-out' }).dblclick();
    await page.getByText('Cash-out requested.').waitFor();
    await page.getByTestId('cash-outs').getByText('In review').waitFor();
    expect(await cashOutDebits(memberEmail)).toEqual({ n: 1, total: 11000 });
    await expectAccessible(page, 'payouts-rewards-held');

    // The operator approves it; the durable job sends it through the outbox; the member sees Sent.
    await operatorPage.goto('/ops/cash-outs');
    const row = operatorPage.getByRole('row', { name: new RegExp(memberEmail) });
    // The queue is loaded (and its heading drawn) before axe looks at the page.
    await row.waitFor();
    await expectAccessible(operatorPage, 'payouts-ops-queue');
    await row.getByRole('button', { name: /Approve/ }).click();
    await row.waitFor({ state: 'detached' });
    // The durable worker looks for due jobs every few seconds.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ status: string }>(`select status from cash_outs where email = 'sam.pay@example.com'`);
      if (rows[0]?.status === 'sent') break;
      if (Date.now() > deadline) throw new Error(`The cash-out was not sent within a minute (${rows[0]?.status})`);
      await page.waitForTimeout(1_000);
    }
    await page.reload();
    await page.getByTestId('cash-outs').getByText('Sent', { exact: true }).waitFor();
    const { rows: outbox } = await db.query(`select o.email, o.amount_cents from payout_outbox o join cash_outs c on c.id = o.cash_out_id where c.email = 'sam.pay@example.com'`);
    expect(outbox).toEqual([{ email: 'sam.pay@example.com', amount_cents: 11000 }]);
    expect(await cashOutDebits(memberEmail)).toEqual({ n: 1, total: 11000 });
    await page.getByText('Weekly prize draw').first().waitFor();
    await expectAccessible(page, 'payouts-rewards-sent');
    await operatorPage.goto('/ops/prize-draws');
    await operatorPage.getByRole('heading', { name: 'Prize draws', level: 1 }).waitFor();
    await expectAccessible(operatorPage, 'payouts-ops-draws');
  });
});
