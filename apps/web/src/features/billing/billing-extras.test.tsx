import type { BillingSummary } from '@peakwise/contracts/billing.contract';
import type { SavingsView } from '@peakwise/contracts/savings.contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import BillingPage from './billing-page';

const NOV = '6f1c1b8e-1111-4111-8111-111111111111';
const statement = { id: NOV, periodStart: '2025-11-01', periodEnd: '2025-11-30', issuedAt: '2025-12-01T05:00:00.000Z', dueDate: '2025-12-15', chargesCents: 8_097, amountDueCents: 8_097, status: 'due' as const };
const summary: BillingSummary = { balanceCents: 8_097, dueDate: '2025-12-15', lastStatement: statement, history: [statement] };
const savings: SavingsView = {
  statementId: NOV,
  periodStart: '2025-11-01',
  periodEnd: '2025-11-30',
  solar: { selfConsumedKwh: 123.4, selfConsumedCents: 1_850, exportCreditCents: 942, totalCents: 2_792 },
  events: { points: 250, cents: 250 },
  totalCents: 3_042,
};

function renderPage() {
  let prefs = { remindersEnabled: true, reminderLeadDays: 3 };
  const puts: unknown[] = [];
  const rendered = renderWithApi(
    <BillingPage />,
    (url, init) => {
      if (url === '/api/billing/summary') return Response.json(summary);
      if (url === `/api/billing/statements/${NOV}/savings`) return Response.json(savings);
      if (url === `/api/billing/statements/${NOV}`) return new Response(null, { status: 404 });
      if (url === '/api/billing/preferences' && init?.method === 'PUT') {
        const change = JSON.parse(String(init.body)) as Partial<typeof prefs>;
        puts.push(change);
        prefs = { ...prefs, ...change };
        return Response.json(prefs);
      }
      if (url === '/api/billing/preferences') return Response.json(prefs);
      return new Response(null, { status: 404 });
    },
    '/app/billing',
  );
  return { ...rendered, puts };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the savings card', () => {
  it('shows solar and events for the statement, each definition on hover, on keyboard focus and on a tap', async () => {
    renderPage();
    const card = await screen.findByTestId('savings-card', {}, { timeout: 5000 });
    await within(card).findByText('$27.92', {}, { timeout: 5000 });
    expect(plain(card.textContent)).toContain('123.4 kWh used from your panels ($18.50) + $9.42 in net-metering credits');
    expect(plain(card.textContent)).toContain('250 points');
    expect(plain(card.textContent)).toContain('$2.50');
    expect(plain(card.textContent)).toContain('$30.42');

    const user = userEvent.setup();
    const solar = within(card).getByRole('button', { name: 'What is “Solar saved”?' });
    const events = within(card).getByRole('button', { name: 'What is “Events earned”?' });
    const solarNote = document.getElementById(solar.getAttribute('aria-controls')!)!;
    expect(solarNote).not.toBeVisible();
    expect(solar).toHaveAttribute('aria-expanded', 'false');

    await user.hover(solar);
    expect(solarNote).toBeVisible();
    expect(solarNote).toHaveTextContent(/priced at what your plan would have charged/);
    await user.unhover(solar);
    expect(solarNote).not.toBeVisible();

    // Keyboard: focus shows it, Escape hides it.
    act(() => solar.focus());
    expect(solarNote).toBeVisible();
    await user.keyboard('{Escape}');
    expect(solarNote).not.toBeVisible();

    // A tap (click) opens the other one and leaves it open.
    const eventsNote = document.getElementById(events.getAttribute('aria-controls')!)!;
    await user.click(events);
    await user.unhover(events);
    expect(eventsNote).toBeVisible();
    expect(events).toHaveAttribute('aria-expanded', 'true');
    expect(eventsNote).toHaveTextContent('100 points = $1');
  });

  it('is in French with French money', async () => {
    await i18n.changeLanguage('fr');
    renderPage();
    const card = await screen.findByTestId('savings-card', {}, { timeout: 5000 });
    await within(card).findByText(/27,92/, {}, { timeout: 5000 });
    expect(within(card).getByRole('heading', { name: 'Vos économies' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Que signifie « Économies solaires » ?' })).toBeInTheDocument();
  });
});

describe('bill reminders', () => {
  it('turns reminders off and changes the lead days, each saved', async () => {
    const { puts } = renderPage();
    const card = await screen.findByTestId('bill-reminders', {}, { timeout: 5000 });
    const toggle = await within(card).findByRole('checkbox', { name: 'Remind me before a bill is due' }, { timeout: 5000 });
    expect(toggle).toBeChecked();
    const lead = within(card).getByRole('combobox', { name: 'When to remind me' });
    expect(lead).toHaveValue('3');

    const user = userEvent.setup();
    await user.selectOptions(lead, '5');
    await waitFor(() => expect(puts).toEqual([{ reminderLeadDays: 5 }]));
    await waitFor(() => expect(lead).toHaveValue('5'));
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ reminderLeadDays: 5 }, { remindersEnabled: false }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(lead).toBeDisabled();
    expect(within(card).getByRole('status')).toHaveTextContent('Saved.');
  });
});
