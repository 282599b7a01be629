import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';

// The demo sign-in pre-filled in the login panel (packages/contracts/src/demo-account.ts).
const DEMO_EMAIL = 'demo@peakwise.ca';

let page: Page;
pagePerTest('billing', (p) => (page = p), { viewport: { width: 1280, height: 1400 } });
let db: pg.Client;
let statementId: string;

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();

/**
 * A statement for January 2024 as the statement service stores it (the suite's 14-day back-fill
 * has no finished month to bill; the amounts against raw readings are checked in
 * apps/server/src/modules/billing/billing.test.ts). Its lines add up, or the database refuses it.
 */
async function januaryStatement(): Promise<string> {
  const { rows: homes } = await db.query<{ id: string }>(`select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`, [DEMO_EMAIL]);
  const householdId = homes[0]!.id;
  await db.query('begin');
  const { rows } = await db.query<{ id: string }>(
    `insert into statements (household_id, period_start, period_end, billed_from, issued_at, due_date, province, time_zone, previous_balance_cents, charges_cents, amount_due_cents, import_kwh, export_kwh)
     values ($1, '2024-01-01', '2024-01-31', '2024-01-01', '2024-02-01T05:00:00Z', '2024-02-15', 'ON', 'America/Toronto', 0, 7010, 7010, 601, 60)
     on conflict (household_id, period_start) do update set household_id = excluded.household_id returning id`,
    [householdId],
  );
  const id = rows[0]!.id;
  const lines: [string, string, object, number | null, string | null, number | null, number][] = [
    ['energy', 'off-peak', { plan: 'on-tou', from: '2024-01-01', to: '2024-01-31' }, 481, 'kWh', 7.4, 3559],
    ['energy', 'on-peak', { plan: 'on-tou', from: '2024-01-01', to: '2024-01-31' }, 120, 'kWh', 17.4, 2088],
    ['export-credit', 'on-peak', { plan: 'on-tou', from: '2024-01-01', to: '2024-01-31' }, 60, 'kWh', 17.4, -1044],
    ['rebate', 'ontario-electricity-rebate', { ratePerMillion: 193_000, baseCents: 4603 }, null, null, null, -888],
    ['tax', 'hst', { ratePerMillion: 130_000, baseCents: 4603 }, null, null, null, 598],
    ['adjustment', 'late-readings', { from: '2023-12-01', to: '2023-12-31', billedCents: 5000, recomputedCents: 7697 }, null, null, null, 2697],
  ];
  const { rows: existing } = await db.query('select 1 from statement_lines where statement_id = $1', [id]);
  if (existing.length === 0) {
    for (const [position, [kind, key, params, quantity, unit, price, amount]] of lines.entries()) {
      await db.query(
        `insert into statement_lines (statement_id, position, kind, description_key, description_params, quantity, unit, unit_price_cents, amount_cents) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, position, kind, key, JSON.stringify(params), quantity, unit, price, amount],
      );
    }
  }
  await db.query('commit');
  return id;
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  // The demo household exists once the server has started its simulator.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query(`select 1 from households h join users u on u.id = h.owner_user_id where u.email = $1`, [DEMO_EMAIL]);
    if (rows.length > 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  statementId = await januaryStatement();
});
afterAll(async () => {
  await db?.end();
});

describe('Billing', () => {
  it('shows a statement from the history with its lines, totals and downloads; keyboard and axe', async () => {
    await signInAsDemo(page);
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await page.getByRole('heading', { name: 'Statement history' }).waitFor();

    // Keyboard: the statement's View button takes focus and Enter opens it.
    const view = page.getByRole('button', { name: 'View the statement for January 2024' });
    await view.focus();
    await page.keyboard.press('Enter');
    const statement = page.getByTestId('statement-view');
    await statement.getByRole('heading', { name: 'Statement for January 2024' }).waitFor();
    await expect.poll(() => view.getAttribute('aria-pressed')).toBe('true');

    const rows = statement.getByTestId('statement-lines').getByRole('row');
    await expect.poll(() => rows.count()).toBe(7);
    expect(plain(await rows.nth(1).textContent())).toContain('Off-peak energy (Ontario Time-of-Use), Jan 1 – Jan 31');
    expect(plain(await rows.nth(6).textContent())).toContain('readings received after that statement was issued bring it to $76.97 (billed $50.00)');
    const totals = plain(await statement.getByTestId('statement-totals').textContent());
    expect(totals).toContain('Amount due$70.10');
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/NaN|Infinity|undefined/);
    await screenshot(page, 'billing-statement');
    expect(await axeViolations(page)).toEqual([]);

    // The savings card for the statement shown, its definitions open on hover and stay axe-clean;
    // the reminder choice survives a reload (decision 049).
    const savings = page.getByTestId('savings-card');
    await savings.getByRole('heading', { name: 'Your savings' }).waitFor();
    const solarHint = savings.getByRole('button', { name: 'What is “Solar saved”?' });
    await solarHint.hover();
    await expect.poll(() => solarHint.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    const reminders = page.getByTestId('bill-reminders');
    const toggle = reminders.getByRole('checkbox', { name: 'Remind me before a bill is due' });
    await reminders.getByRole('combobox', { name: 'When to remind me' }).selectOption('5');
    await reminders.getByText('Saved.').waitFor();
    // The box follows the saved setting (it turns once the mutation is under way), so click and wait.
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await page.reload();
    await page.getByTestId('bill-reminders').getByRole('checkbox', { name: 'Remind me before a bill is due' }).waitFor();
    expect(await page.getByTestId('bill-reminders').getByRole('checkbox', { name: 'Remind me before a bill is due' }).isChecked()).toBe(false);
    expect(await page.getByTestId('bill-reminders').getByRole('combobox', { name: 'When to remind me' }).inputValue()).toBe('5');

    // The PDF and CSV come from the server, for this member only.
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('link', { name: 'Download PDF, statement for January 2024' }).click()]);
    expect(download.suggestedFilename()).toBe('peakwise-statement-2024-01.pdf');
    const pdf = await page.request.get(`/api/billing/statements/${statementId}.pdf?lang=fr`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await page.request.get(`/api/billing/statements/${statementId}.csv`);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(1 + 6 + 3);
  }, 300_000);
});
