import type { BillingSummary, StatementDetail } from '@peakwise/contracts/billing.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import BillingPage from './billing-page';

const NOV = '6f1c1b8e-1111-4111-8111-111111111111';
const OCT = '6f1c1b8e-2222-4222-8222-222222222222';

const summary: BillingSummary = {
  balanceCents: 15_330,
  dueDate: '2025-12-15',
  lastStatement: { id: NOV, periodStart: '2025-11-01', periodEnd: '2025-11-30', issuedAt: '2025-12-01T05:00:00.000Z', dueDate: '2025-12-15', chargesCents: 8_097, amountDueCents: 15_330, status: 'due' },
  history: [
    { id: NOV, periodStart: '2025-11-01', periodEnd: '2025-11-30', issuedAt: '2025-12-01T05:00:00.000Z', dueDate: '2025-12-15', chargesCents: 8_097, amountDueCents: 15_330, status: 'due' },
    { id: OCT, periodStart: '2025-10-01', periodEnd: '2025-10-31', issuedAt: '2025-11-01T04:00:00.000Z', dueDate: '2025-11-15', chargesCents: 7_233, amountDueCents: 7_233, status: 'overdue' },
  ],
};

const november: StatementDetail = {
  ...summary.history[0]!,
  billedFrom: '2025-11-01',
  previousBalanceCents: 7_233,
  payments: [],
  pendingPayments: [],
  returnedPayments: [],
  paidAgainst: [],
  lines: [
    { kind: 'energy', descriptionKey: 'off-peak', params: { plan: 'on-tou', from: '2025-11-01', to: '2025-11-30' }, quantity: 481, unit: 'kWh', unitPriceCents: 9.8, amountCents: 4_714 },
    { kind: 'energy', descriptionKey: 'on-peak', params: { plan: 'on-tou', from: '2025-11-01', to: '2025-11-30' }, quantity: 120, unit: 'kWh', unitPriceCents: 20.3, amountCents: 2_436 },
    { kind: 'export-credit', descriptionKey: 'mid-peak', params: { plan: 'on-tou', from: '2025-11-01', to: '2025-11-30' }, quantity: 60, unit: 'kWh', unitPriceCents: 15.7, amountCents: -942 },
    { kind: 'rebate', descriptionKey: 'ontario-electricity-rebate', params: { ratePerMillion: 235_000, baseCents: 6_208 }, quantity: null, unit: null, unitPriceCents: null, amountCents: -1_459 },
    { kind: 'tax', descriptionKey: 'hst', params: { ratePerMillion: 130_000, baseCents: 6_208 }, quantity: null, unit: null, unitPriceCents: null, amountCents: 807 },
    { kind: 'adjustment', descriptionKey: 'late-readings', params: { from: '2025-10-01', to: '2025-10-31', billedCents: 7_233, recomputedCents: 7_244 }, quantity: null, unit: null, unitPriceCents: null, amountCents: 11 },
  ],
  usage: { importKwh: 601, exportKwh: 60, days: 30 },
  lastYear: null,
};

const october: StatementDetail = {
  ...summary.history[1]!,
  billedFrom: '2025-10-15',
  previousBalanceCents: 0,
  payments: [],
  pendingPayments: [],
  returnedPayments: [],
  paidAgainst: [],
  lines: [{ kind: 'fixed', descriptionKey: 'daily-charge', params: { plan: 'bc-residential-conservation', from: '2025-10-15', to: '2025-10-31' }, quantity: 17, unit: 'day', unitPriceCents: 22.53, amountCents: 383 }],
  usage: { importKwh: 300.5, exportKwh: 0, days: 17 },
  lastYear: { id: '6f1c1b8e-3333-4333-8333-333333333333', periodStart: '2024-10-01', chargesCents: 6_900, usage: { importKwh: 320, exportKwh: 0, days: 31 } },
};

function renderPage(body: BillingSummary = summary, latest: StatementDetail = november) {
  return renderWithApi(<BillingPage />, (url) => {
    if (url === '/api/billing/summary') return Response.json(body);
    if (url === `/api/billing/statements/${NOV}`) return Response.json(latest);
    if (url === `/api/billing/statements/${OCT}`) return Response.json(october);
    return new Response(null, { status: 404 });
  }, '/app/billing');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('BillingPage', () => {
  it('shows the balance, due date and last statement, and the latest statement with its lines and downloads', async () => {
    renderPage();
    const balance = (await screen.findByRole('heading', { name: 'Balance' }, { timeout: 5000 })).closest('section')!;
    expect(balance).toHaveTextContent('$153.30');
    expect(screen.getByRole('heading', { name: 'Due Date' }).closest('section')).toHaveTextContent('December 15, 2025');
    expect(screen.getByRole('heading', { name: 'Last Statement' }).closest('section')).toHaveTextContent('$80.97');

    const view = await screen.findByTestId('statement-view', {}, { timeout: 5000 });
    expect(within(view).getByRole('heading', { name: 'Statement for November 2025' })).toBeInTheDocument();
    const rows = within(within(view).getByTestId('statement-lines')).getAllByRole('row').slice(1);
    expect(rows.map((r) => plain(r.textContent))).toEqual([
      'Off-peak energy (Ontario Time-of-Use), Nov 1 – Nov 30481 kWh at 9.8 ¢481 kWh9.8 ¢$47.14',
      'On-peak energy (Ontario Time-of-Use), Nov 1 – Nov 30120 kWh at 20.3 ¢120 kWh20.3 ¢$24.36',
      'Net-metering credit, Mid-peak, Nov 1 – Nov 3060 kWh at 15.7 ¢60 kWh15.7 ¢-$9.42',
      'Ontario Electricity Rebate (23.5%)-$14.59',
      'HST (13%)$8.07',
      'Adjustment for Oct 1 – Oct 31: readings received after that statement was issued bring it to $72.44 (billed $72.33)$0.11',
    ]);
    const totals = within(view).getByTestId('statement-totals');
    expect(plain(totals.textContent)).toContain('This period’s charges$80.97');
    expect(plain(totals.textContent)).toContain('Previous balance$72.33');
    expect(plain(totals.textContent)).toContain('Amount due$153.30');
    expect(within(totals).getByText('Due')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: 'Download PDF, statement for November 2025' })).toHaveAttribute('href', `/api/billing/statements/${NOV}.pdf?lang=en`);
    expect(within(view).getByRole('link', { name: 'Download CSV, statement for November 2025' })).toHaveAttribute('href', `/api/billing/statements/${NOV}.csv?lang=en`);
    expect(within(view).getByTestId('statement-usage')).toHaveTextContent('601.0 kWh');
    expect(within(view).getByTestId('statement-last-year')).toHaveTextContent('No statement for the same month last year.');

    const history = screen.getByTestId('statement-history');
    const historyRows = within(history).getAllByRole('row').slice(1);
    expect(historyRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['November 2025', 'October 2025']);
    expect(historyRows[1]).toHaveTextContent('Overdue');
  });

  it('opens an older statement from the history with the keyboard, with last year’s month', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('statement-view', {}, { timeout: 5000 });
    const button = screen.getByRole('button', { name: 'View the statement for October 2025' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Statement for October 2025' }, { timeout: 5000 })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const view = screen.getByTestId('statement-view');
    expect(plain(within(view).getByTestId('statement-lines').textContent)).toContain('Basic charge, Oct 15 – Oct 3117 days at 22.53 ¢17 days22.53 ¢$3.83');
    expect(plain(within(view).getByTestId('statement-last-year').textContent)).toContain('320.0 kWh · $69.00');
    expect(plain(within(view).getByTestId('statement-last-year').textContent)).toContain('-19.5 kWh compared with last year');
  });

  it('follows the amount due with what was paid against it and what is left to pay', async () => {
    renderPage(summary, { ...november, status: 'partially_paid', paidAgainst: [{ at: '2025-12-05T15:00:00.000Z', amountCents: 5_000 }] });
    const totals = await screen.findByTestId('statement-totals', {}, { timeout: 5000 });
    // $153.30 due, $50.00 paid: $103.30 left, in that order.
    expect(within(totals).getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      'This period’s charges',
      'Previous balance',
      'Amount due',
      'Paid against this statement',
      'Left to pay',
      'Due December 15, 2025',
    ]);
    expect(plain(totals.textContent)).toContain('Paid against this statement-$50.00');
    expect(plain(totals.textContent)).toContain('Left to pay$103.30');
  });

  it('lists the payments the previous balance accounts for, so the rows add up to the amount due', async () => {
    // $72.33 previous balance less $50.00 received, $20.00 pending at issue and $2.33 pending then
    // declined, plus $10.00 declined earlier and added back: $10.00 carried; with $80.97 of charges,
    // $90.97 due.
    renderPage(summary, {
      ...november,
      amountDueCents: 9_097,
      payments: [{ at: '2025-11-20T15:00:00.000Z', amountCents: 5_000 }],
      pendingPayments: [
        { at: '2025-11-30T15:00:00.000Z', amountCents: 2_000, status: 'pending' },
        { at: '2025-11-30T16:00:00.000Z', amountCents: 233, status: 'failed' },
      ],
      returnedPayments: [{ at: '2025-11-02T15:00:00.000Z', amountCents: 1_000 }],
    });
    const totals = await screen.findByTestId('statement-totals', {}, { timeout: 5000 });
    expect(within(totals).getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      'This period’s charges',
      'Previous balance',
      'Payments received',
      'Payments pending',
      'Pending payments since declined (added back next statement)',
      'Declined payments added back',
      'Amount due',
      'Due December 15, 2025',
    ]);
    const text = plain(totals.textContent);
    for (const row of ['Previous balance$72.33', 'Payments received-$50.00', 'Payments pending-$20.00', 'next statement)-$2.33', 'added back$10.00', 'Amount due$90.97']) {
      expect(text).toContain(row);
    }
  });

  it('shows nothing due, not a date, once the balance is paid or in credit', async () => {
    renderPage({ ...summary, balanceCents: -1_227 });
    const due = (await screen.findByRole('heading', { name: 'Due Date' }, { timeout: 5000 })).closest('section')!;
    expect(due).toHaveTextContent('Nothing due');
    expect(due).not.toHaveTextContent('December 15, 2025');
  });

  it('reads a negative amount due as a credit on the statement, in the history and on the balance, in each language', async () => {
    const credit = { ...summary.history[0]!, amountDueCents: -3_927, status: 'nothing_due' as const };
    const body: BillingSummary = { balanceCents: -3_927, dueDate: '2025-12-15', lastStatement: credit, history: [credit] };
    const cases = [
      ['en', 'Credit', /Credit \$39\.27/, 'Amount due'],
      ['fr', 'Crédit', /Crédit de 39,27 \$/, 'Montant dû'],
      ['es', 'Crédito', /Crédito de 39,27/, 'Importe a pagar'],
    ] as const;
    for (const [language, word, phrase, amountDue] of cases) {
      await i18n.changeLanguage(language);
      const { unmount } = renderPage(body, { ...november, ...credit, previousBalanceCents: -12_024 });
      const view = await screen.findByTestId('statement-view', {}, { timeout: 5000 });
      const totals = plain(within(view).getByTestId('statement-totals').textContent);
      expect(totals).toMatch(new RegExp(`${word}\\s*(\\$\\s*)?39[.,]27`));
      expect(totals).not.toContain(amountDue);
      expect(totals).not.toMatch(/[-−]\s*\$?\s*39[.,]27/);
      // The history's amount and the balance card say it in words too.
      const page = plain(document.body.textContent);
      expect(page.match(new RegExp(phrase.source, 'g'))?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(page).not.toMatch(/[-−]\s*\$?\s*39[.,]27/);
      unmount();
    }
  }, 30_000);

  it('shows a lapsed Ontario net-metering credit as a line of its own, first, in each language', async () => {
    // $43.21 carried in through 12 periods is written off at the start of the period; with this
    // month's $9.42 credit the statement ends at a $9.42 credit.
    const lapsed: StatementDetail = {
      ...november,
      chargesCents: 3_379,
      previousBalanceCents: -4_321,
      amountDueCents: -942,
      status: 'nothing_due',
      lines: [
        { kind: 'credit-lapse', descriptionKey: 'net-metering-12-periods', params: { date: '2025-11-01', periods: 12 }, quantity: null, unit: null, unitPriceCents: null, amountCents: 4_321 },
        { kind: 'export-credit', descriptionKey: 'mid-peak', params: { plan: 'on-tou', from: '2025-11-01', to: '2025-11-30' }, quantity: 60, unit: 'kWh', unitPriceCents: 15.7, amountCents: -942 },
      ],
    };
    const cases = [
      ['en', 'Net-metering credit expired (12 months carried), Nov 1$43.21'],
      ['fr', 'Crédit de mesurage net expiré (reporté 12 mois), le 1 nov.43,21 $'],
      ['es', 'Crédito por medición neta vencido (trasladado 12 meses), el 1 nov43,21 CAD'],
    ] as const;
    for (const [language, row] of cases) {
      await i18n.changeLanguage(language);
      const { unmount } = renderPage(summary, lapsed);
      const view = await screen.findByTestId('statement-view', {}, { timeout: 5000 });
      const rows = within(within(view).getByTestId('statement-lines')).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveAttribute('data-kind', 'credit-lapse');
      expect(plain(rows[0]!.textContent)).toBe(row);
      unmount();
    }
  }, 30_000);

  it('says when there is no statement yet', async () => {
    renderPage({ balanceCents: 0, dueDate: null, lastStatement: null, history: [] });
    expect(await screen.findByText('No statement yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('statement-view')).not.toBeInTheDocument();
  });

  it('renders in French, downloads in French', async () => {
    await i18n.changeLanguage('fr');
    renderPage();
    const view = await screen.findByTestId('statement-view', {}, { timeout: 5000 });
    expect(within(view).getByRole('heading', { name: 'Relevé de novembre 2025' })).toBeInTheDocument();
    const text = plain(within(view).getByTestId('statement-lines').textContent);
    expect(text).toContain('Énergie, heures creuses (Ontario, prix selon l’heure de consommation)');
    expect(text).toContain('Remise de l’Ontario pour l’électricité (23,5 %)');
    expect(within(view).getByRole('link', { name: 'Télécharger le PDF, relevé de novembre 2025' })).toHaveAttribute('href', `/api/billing/statements/${NOV}.pdf?lang=fr`);
  });
});
