import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { lastMonth, lineSums, rawMeterRows, statementsOf, waitForStatement, type StatementRow } from '../support/billing-rows';
import { screenshot } from '../support/browser';
import { localDay } from '../support/demo-backfill';
import { signInAsDemo } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { recomputeOntarioTou } from '../support/ontario-bill';
import { DEMO_EMAIL, DEMO_TIME_ZONE } from '../support/journey-constants';

let page: Page;
pagePerTest('billing', (p) => (page = p), { viewport: { width: 1280, height: 1400 } });
let db: pg.Client;
let householdId: string;
const month = lastMonth(DEMO_TIME_ZONE);

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
const cad = (cents: number) => plain(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100));

/**
 * What a statement should say, worked out from the raw meter rows and the published prices
 * (support/ontario-bill.ts), and from the money the household paid before it was issued: its
 * charges, and its amount due as the previous one carried less the payments made since.
 */
async function expectedTotals(statement: StatementRow, previous: StatementRow | undefined) {
  const rows = await rawMeterRows(db, householdId, statement.billedFrom, statement.periodEnd);
  const recomputed = recomputeOntarioTou(rows, { from: statement.billedFrom, to: statement.periodEnd }, statement.timeZone);
  const { rows: paid } = await db.query<{ cents: number }>(
    `select coalesce(sum(p.amount_cents), 0)::int as cents from payments p join statements s on s.id = p.statement_id
     where p.household_id = $1 and s.period_start < $2 and p.status = 'succeeded' and p.created_at <= $3`,
    [householdId, statement.periodStart, statement.issuedAt],
  );
  const previousBalance = (previous?.amountDueCents ?? 0) - paid[0]!.cents;
  return { recomputed, previousDue: previous?.amountDueCents ?? 0, paidSince: paid[0]!.cents, previousBalance, amountDue: previousBalance + recomputed.chargesCents };
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  // The demo household exists once the server has started its simulator, and last month's
  // statement once its back-fill is stored (support/demo-backfill.ts sizes it to hold the month).
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query<{ id: string }>(`select h.id from households h join users u on u.id = h.owner_user_id where u.email = $1`, [DEMO_EMAIL]);
    if (rows[0]) {
      householdId = rows[0].id;
      break;
    }
    if (Date.now() > deadline) throw new Error('The demo household did not appear');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await waitForStatement(db, householdId, month.start, 420_000);
}, 480_000);
afterAll(async () => {
  await db?.end();
});

describe('Billing', () => {
  it('the demo member’s last-month statement matches its raw readings priced by hand, to the cent; lines, keyboard, downloads, reminders and axe', async () => {
    const statements = await statementsOf(db, householdId);
    const index = statements.findIndex((s) => s.periodStart === month.start);
    const statement = statements[index]!;
    // The whole month is billed: the back-fill started before it.
    expect(statement.billedFrom).toBe(month.start);
    expect(statement.periodEnd).toBe(month.end);

    // A month not yet over in real time has a statement only when a journey moved the server's
    // clock past its end (they move it about an hour; near a month's end that crosses it). It
    // must still have been issued after its month ended on the server's clock; its readings are
    // still arriving, so it is not priced again here (what comes later is next month's adjustment).
    const today = localDay(new Date(), DEMO_TIME_ZONE);
    for (const s of statements.filter((s) => s.periodEnd >= today)) expect(localDay(s.issuedAt, s.timeZone) > s.periodEnd, `${s.periodStart} issued ${s.issuedAt.toISOString()}`).toBe(true);

    // Every statement of a month that is over is its readings priced again here; none of them
    // needed a late-reading adjustment (the back-fill is stored before anything is issued).
    for (const [i, s] of statements.entries()) {
      if (s.periodEnd >= today) continue;
      const expected = await expectedTotals(s, statements[i - 1]);
      expect({ period: s.periodStart, charges: s.chargesCents, previous: s.previousBalanceCents, due: s.amountDueCents }).toEqual({
        period: s.periodStart,
        charges: expected.recomputed.chargesCents,
        previous: expected.previousBalance,
        due: expected.amountDue,
      });
      expect((await lineSums(db, s.id)).get('adjustment')).toBeUndefined();
    }
    const expected = await expectedTotals(statement, statements[index - 1]);
    // A month of a house with rooftop solar: both ways over the meter.
    expect(expected.recomputed.imported['off-peak']).toBeGreaterThan(0);
    expect(expected.recomputed.exported['off-peak'] + expected.recomputed.exported['mid-peak'] + expected.recomputed.exported['on-peak']).toBeGreaterThan(0);
    const lines = await lineSums(db, statement.id);
    expect(lines.get('rebate')?.cents).toBe(expected.recomputed.rebateCents);
    expect(lines.get('tax')?.cents).toBe(expected.recomputed.hstCents);

    await signInAsDemo(page);
    await page.goto('/app/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await page.getByRole('heading', { name: 'Statement history' }).waitFor();

    // Keyboard: the statement's View button takes focus and Enter opens it.
    const view = page.getByRole('button', { name: `View the statement for ${month.label}` });
    await view.focus();
    await page.keyboard.press('Enter');
    const shown = page.getByTestId('statement-view');
    await shown.getByRole('heading', { name: `Statement for ${month.label}` }).waitFor();
    await expect.poll(() => view.getAttribute('aria-pressed')).toBe('true');

    // The screen says what the readings say: charges, the previous amount due and the payments
    // made on it since, the amount due and, from the amount due and the 15th in Toronto, the
    // status (a credit month is Nothing due, decision 056).
    const rows = shown.getByTestId('statement-lines').getByRole('row');
    await expect.poll(() => rows.count()).toBe(1 + [...lines.values()].reduce((n, l) => n + l.count, 0));
    expect(plain(await rows.nth(1).textContent())).toMatch(/energy \(Ontario Time-of-Use\), \S+ 1 – /);
    const totals = plain(await shown.getByTestId('statement-totals').textContent());
    expect(totals).toContain(`This period’s charges${cad(expected.recomputed.chargesCents)}`);
    expect(totals).toContain(`Previous balance${cad(expected.previousDue)}`);
    if (expected.paidSince > 0) expect(totals).toContain(`Payments received${cad(-expected.paidSince)}`);
    // A month that ends in credit says so: "Credit $39.27", never a negative amount due (decision 084).
    const credit = expected.amountDue < 0;
    expect(totals).toContain(credit ? `Credit${cad(-expected.amountDue)}` : `Amount due${cad(expected.amountDue)}`);
    const status = expected.amountDue <= 0 ? 'Nothing due' : localDay(new Date(), DEMO_TIME_ZONE) > statement.dueDate ? 'Overdue' : 'Due';
    expect(totals).toContain(status);
    const historyRow = page.getByTestId('statement-history').locator(`tr[data-statement-id="${statement.id}"]`);
    await historyRow.getByText(status, { exact: true }).waitFor();
    expect(plain(await historyRow.textContent())).toContain(credit ? `Credit ${cad(-expected.amountDue)}` : cad(expected.amountDue));
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
    const reopened = page.getByTestId('statement-view');
    await page.getByRole('button', { name: `View the statement for ${month.label}` }).click();
    await reopened.getByRole('heading', { name: `Statement for ${month.label}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), reopened.getByRole('link', { name: `Download PDF, statement for ${month.label}` }).click()]);
    expect(download.suggestedFilename()).toBe(`peakwise-statement-${month.month}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await page.request.get(`/api/billing/statements/${statement.id}.pdf?lang=fr`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await page.request.get(`/api/billing/statements/${statement.id}.csv`);
    expect(csv.status()).toBe(200);
    const csvRows = (await csv.text()).split('\r\n').filter(Boolean);
    // A header, the lines, then this period's charges, the previous balance, the payments it carried and the amount due.
    expect(csvRows.length).toBeGreaterThanOrEqual(1 + [...lines.values()].reduce((n, l) => n + l.count, 0) + 3);
    expect(csvRows.find((r) => r.startsWith('total,'))?.split(',').at(-1)).toBe((expected.recomputed.chargesCents / 100).toFixed(2));
    expect(csvRows.at(-1)?.startsWith(credit ? 'credit,' : 'due,')).toBe(true);
    expect(csvRows.at(-1)?.split(',').at(-1)).toBe((Math.abs(expected.amountDue) / 100).toFixed(2));
  }, 300_000);
});
