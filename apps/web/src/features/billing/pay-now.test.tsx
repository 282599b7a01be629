import type { BillingSummary } from '@peakwise/contracts/billing.contract';
import type { Payment, PaymentMethod } from '@peakwise/contracts/payments.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import BillingPage from './billing-page';

const NOV = '6f1c1b8e-1111-4111-8111-111111111111';
const CARD = '6f1c1b8e-4444-4444-8444-444444444444';
const PAYMENT = '6f1c1b8e-5555-4555-8555-555555555555';

const statement = { id: NOV, periodStart: '2025-11-01', periodEnd: '2025-11-30', issuedAt: '2025-12-01T05:00:00.000Z', dueDate: '2025-12-15', chargesCents: 8_097, amountDueCents: 8_097 };

/** A stand-in for the server: one statement, cards saved through the tokenizer, a payment confirmed on the second look. */
function fakeServer() {
  const calls: { url: string; method: string; body: string | null; headers: Record<string, string> }[] = [];
  const methods: PaymentMethod[] = [];
  let payment: Payment | null = null;
  let looks = 0;
  let autopay = false;
  const route = (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? init.body : null, headers: (init?.headers ?? {}) as Record<string, string> });
    const paid = payment?.status === 'succeeded';
    if (url === '/api/billing/summary') {
      const summary: BillingSummary = {
        balanceCents: paid ? 0 : 8_097,
        dueDate: '2025-12-15',
        lastStatement: { ...statement, status: paid ? 'paid' : 'due' },
        history: [{ ...statement, status: paid ? 'paid' : 'due' }],
      };
      return Response.json(summary);
    }
    if (url === '/api/payments/config') return Response.json({ processor: 'sandbox' });
    if (url === '/api/billing/autopay') {
      if (method === 'PUT') autopay = (JSON.parse(String(init?.body)) as { enabled: boolean }).enabled;
      return Response.json({ enabled: autopay });
    }
    if (url.startsWith('/api/billing/statements/')) return new Response(null, { status: 404 });
    if (url === '/api/billing/payment-methods' && method === 'GET') return Response.json(methods);
    if (url === '/api/sandbox-processor/tokens') return Response.json({ token: 'tok_test_0123456789', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }, { status: 201 });
    if (url === '/api/billing/payment-methods' && method === 'POST') {
      methods.push({ id: CARD, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true });
      return Response.json(methods[0], { status: 201 });
    }
    if (url === '/api/billing/payments' && method === 'POST') {
      payment = { id: PAYMENT, statementId: NOV, amountCents: 8_097, status: 'pending', brand: 'visa', last4: '4242', createdAt: '2025-12-05T15:00:00.000Z', succeededAt: null, nextAction: null, failureCode: null };
      return Response.json(payment, { status: 201 });
    }
    if (url === '/api/billing/payments') {
      // The processor's webhook lands between the first and the second look.
      if (payment && (looks += 1) > 1) payment = { ...payment, status: 'succeeded', succeededAt: '2025-12-05T15:00:01.000Z' };
      return Response.json(payment ? [payment] : []);
    }
    return new Response(null, { status: 404 });
  };
  return { calls, route };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Pay now and Add New Card', () => {
  it('refuses a bad number before anything is sent, saves a card through the tokenizer, pays, and shows Paid without a reload', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderWithApi(<BillingPage />, server.route, '/app/billing');
    await user.click(await screen.findByRole('button', { name: 'Add New Card' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry month'), '13');
    await user.type(screen.getByLabelText('Expiry year'), '2030');
    await user.type(screen.getByLabelText(/^Security code/), '12');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry month (1–12) and four-digit year on the card.')).toBeInTheDocument();
    expect(screen.getByText(/Enter the 3-digit security code/)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Expiry year')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.clear(screen.getByLabelText('Expiry month'));
    await user.type(screen.getByLabelText('Expiry month'), '12');
    await user.type(screen.getByLabelText(/^Security code/), '3');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card saved.')).toBeInTheDocument();
    const posts = server.calls.filter((c) => c.method === 'POST');
    // The card number goes to the processor's tokenizer only; Peakwise's API gets the token.
    expect(posts.map((c) => c.url)).toEqual(['/api/sandbox-processor/tokens', '/api/billing/payment-methods']);
    expect(posts[0]!.body).toContain('4242 4242 4242 4242');
    expect(posts[1]!.body).toBe(JSON.stringify({ token: 'tok_test_0123456789' }));
    expect(within(await screen.findByTestId('payment-methods')).getByText(/Visa ending in 4242/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Pay $80.97' }));
    const payPost = server.calls.find((c) => c.url === '/api/billing/payments' && c.method === 'POST')!;
    expect(JSON.parse(payPost.body!)).toEqual({ amountCents: 8_097, paymentMethodId: CARD, statementId: NOV });
    expect(payPost.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('statement-history')).toHaveTextContent('Paid'), { timeout: 5000 });
    expect(plain(screen.getByTestId('pay-now-status').textContent)).toContain('Payment of $80.97 confirmed.');
    expect((screen.getByRole('heading', { name: 'Balance' }).closest('section'))!).toHaveTextContent('$0.00');
    // Paid in full: the form no longer offers "part of" a balance of $0.00.
    expect(screen.getByText('Nothing is due. A payment now is kept as a credit toward your next bill.')).toBeInTheDocument();
    expect(screen.queryByText(/Your balance is/)).not.toBeInTheDocument();
    // A whole journey of typing on a shared machine: more than the default 5 s.
  }, 15_000);

  it('the auto-pay switch is saved on the server and read back on the next visit', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const first = renderWithApi(<BillingPage />, server.route, '/app/billing');
    const toggle = await screen.findByRole('switch', { name: 'Auto-pay' }, { timeout: 5000 });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(server.calls.filter((c) => c.url === '/api/billing/autopay' && c.method === 'PUT').map((c) => c.body)).toEqual([JSON.stringify({ enabled: true })]);
    first.unmount();
    vi.unstubAllGlobals();
    renderWithApi(<BillingPage />, server.route, '/app/billing');
    const again = await screen.findByRole('switch', { name: 'Auto-pay' }, { timeout: 5000 });
    await waitFor(() => expect(again).toHaveAttribute('aria-checked', 'true'));
  });
});
