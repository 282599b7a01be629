import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Issuing again (a restart) pays nothing twice.
    expect(await issueDemoStatements(t.database.db, household.id, now, t.config.payments.sandboxWebhookSecret)).toBe(0);
    expect(await count(t.database.db, 'payments')).toBe(3);
  });
});
