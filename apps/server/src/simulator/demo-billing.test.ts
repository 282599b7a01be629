import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { billingSummarySchema } from '@peakwise/contracts/billing.contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { asMember } from '../test/test-session';
import { memberWithHousehold, store } from '../modules/energy/energy.test-helper';
import { changeTariff } from '../modules/households/household.service';
import { count, statementRows } from '../modules/payments/payments.test-helper';
import { issueDemoStatements } from './demo-billing';

describe('the demo household’s statements', () => {
  const now = new Date('2025-12-05T15:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  it('are paid through the sandbox so that Paid, Overdue and Due are each true', async () => {
    const { member, household } = await memberWithHousehold(t);
    await changeTariff(t.database.db, household.id, 'on-tou', '2025-08-01');
    const meter = [];
    for (let ms = Date.parse('2025-08-01T16:00:00Z'); ms < Date.parse('2025-12-01T00:00:00Z'); ms += 86_400_000) {
      meter.push({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: 8, gridImportKwh: 8, gridExportKwh: 0 });
    }
    await store(t.database.db, household.id, { meter });
    expect(await issueDemoStatements(t.database.db, household.id, now, t.config.payments.sandboxWebhookSecret)).toBe(4);

    const rows = await statementRows(t.database.db, household.id);
    expect(rows.map((r) => r.periodStart)).toEqual(['2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01']);
    const [aug, sep, oct, nov] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    // August and September paid in full carry nothing; October paid half carries the other half.
    expect(sep.previousBalanceCents).toBe(0);
    expect(oct.previousBalanceCents).toBe(0);
    expect(nov.previousBalanceCents).toBe(oct.amountDueCents - Math.floor(oct.amountDueCents / 2));
    expect(aug.amountDueCents).toBeGreaterThan(0);

    const summary = billingSummarySchema.parse(await (await t.app.request('/api/billing/summary', { headers: asMember(member) })).json());
    expect(summary.history.map((s) => [s.periodStart, s.status])).toEqual([
      ['2025-11-01', 'due'],
      ['2025-10-01', 'overdue'],
      ['2025-09-01', 'paid'],
      ['2025-08-01', 'paid'],
    ]);
    expect(summary.balanceCents).toBe(nov.amountDueCents);
    expect(await count(t.database.db, 'payments')).toBe(3);
    expect(await count(t.database.db, 'payment_methods')).toBe(1);

    // Each back-filled month is issued as of its own 1st at Toronto midnight (EDT until November,
    // EST from it), due the 15th; never "issued today, due weeks ago". Each payment comes after
    // the issue of the statement it pays.
    const dated = rowsOf<{ periodStart: string; issuedAt: string; dueDate: string; paidAt: string | null }>(
      await t.database.db.execute(sql`
        select s.period_start::text as "periodStart", to_char(s.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "issuedAt", s.due_date::text as "dueDate",
          (select to_char(min(p.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') from payments p where p.statement_id = s.id) as "paidAt"
        from statements s where s.household_id = ${household.id}::uuid order by s.period_start`),
    );
    expect(dated).toEqual([
      { periodStart: '2025-08-01', issuedAt: '2025-09-01T04:00', dueDate: '2025-09-15', paidAt: '2025-09-04T04:00' },
      { periodStart: '2025-09-01', issuedAt: '2025-10-01T04:00', dueDate: '2025-10-15', paidAt: '2025-10-04T04:00' },
      { periodStart: '2025-10-01', issuedAt: '2025-11-01T04:00', dueDate: '2025-11-15', paidAt: '2025-11-04T04:00' },
      { periodStart: '2025-11-01', issuedAt: '2025-12-01T05:00', dueDate: '2025-12-15', paidAt: null },
    ]);
    // Issuing again (a restart) pays nothing twice.
    expect(await issueDemoStatements(t.database.db, household.id, now, t.config.payments.sandboxWebhookSecret)).toBe(0);
    expect(await count(t.database.db, 'payments')).toBe(3);
  });
});
