import type { BillingSummary } from '@peakwise/contracts/billing.contract';
import type { Payment, PaymentMethod, PaymentsConfig } from '@peakwise/contracts/payments.contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { leaveApp } from '@/lib/leave-app';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import BillingPage from './billing-page';

/*
 * 3-D Secure and Stripe Elements on Billing (decision 055). Stripe.js cannot be downloaded here:
 * `loadStripe` is replaced by a stand-in that records what the form asks of it.
 */

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));

const stripeCalls: { createPaymentMethod: unknown[]; handleNextAction: unknown[]; mounted: number; loadedWith: string[] } = { createPaymentMethod: [], handleNextAction: [], mounted: 0, loadedWith: [] };
let settleOnNextAction: () => void = () => undefined;
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: vi.fn(async (key: string) => {
    stripeCalls.loadedWith.push(key);
    const card = { mount: () => (stripeCalls.mounted += 1), destroy: () => undefined };
    return {
      elements: () => ({ create: () => card }),
      createPaymentMethod: async (data: unknown) => {
        stripeCalls.createPaymentMethod.push(data);
        return { paymentMethod: { id: 'pm_test_elements_1' } };
      },
      handleNextAction: async (options: unknown) => {
        stripeCalls.handleNextAction.push(options);
        settleOnNextAction();
        return { paymentIntent: { status: 'processing' } };
      },
    };
  }),
}));

const NOV = '6f1c1b8e-1111-4111-8111-111111111111';
const CARD = '6f1c1b8e-4444-4444-8444-444444444444';
const PAYMENT = '6f1c1b8e-5555-4555-8555-555555555555';
const statement = { id: NOV, periodStart: '2025-11-01', periodEnd: '2025-11-30', issuedAt: '2025-12-01T05:00:00.000Z', dueDate: '2025-12-15', chargesCents: 8_097, amountDueCents: 8_097 };
const basePayment: Payment = {
  id: PAYMENT,
  statementId: NOV,
  amountCents: 8_097,
  status: 'pending',
  brand: 'visa',
  last4: '3155',
  createdAt: '2025-12-05T15:00:00.000Z',
  succeededAt: null,
  nextAction: null,
  failureCode: null,
};

/** A stand-in for the server: one statement, one card, and the payment as the test sets it. */
function fakeServer(config: PaymentsConfig, state: { payment: Payment | null; onPay: () => Payment; methods?: PaymentMethod[] }) {
  const calls: { url: string; method: string; body: string | null }[] = [];
  const methods: PaymentMethod[] = state.methods ?? [{ id: CARD, brand: 'visa', last4: '3155', expMonth: 12, expYear: 2030, isDefault: true }];
  const route = (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? init.body : null });
    const paid = state.payment?.status === 'succeeded';
    if (url === '/api/billing/summary') {
      const summary: BillingSummary = { balanceCents: paid ? 0 : 8_097, dueDate: '2025-12-15', lastStatement: { ...statement, status: paid ? 'paid' : 'due' }, history: [{ ...statement, status: paid ? 'paid' : 'due' }] };
      return Response.json(summary);
    }
    if (url === '/api/payments/config') return Response.json(config);
    if (url === '/api/billing/autopay') return Response.json({ enabled: false });
    if (url === '/api/billing/payment-methods' && method === 'GET') return Response.json(methods);
    if (url === '/api/billing/payment-methods' && method === 'POST') {
      methods.push({ id: CARD, brand: 'visa', last4: '3155', expMonth: 12, expYear: 2030, isDefault: true });
      return Response.json(methods[0], { status: 201 });
    }
    if (url === '/api/billing/payments' && method === 'POST') {
      state.payment = state.onPay();
      return Response.json(state.payment, { status: 201 });
    }
    if (url === '/api/billing/payments') return Response.json(state.payment ? [state.payment] : []);
    return new Response(null, { status: 404 });
  };
  return { calls, route };
}

beforeEach(() => {
  stripeCalls.createPaymentMethod = [];
  stripeCalls.handleNextAction = [];
  stripeCalls.mounted = 0;
  stripeCalls.loadedWith = [];
  vi.mocked(leaveApp).mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('3-D Secure on Pay now (sandbox)', () => {
  it('opens the sandbox’s challenge page with the language and the way back, and says the bank is asking', async () => {
    const user = userEvent.setup();
    const challenge = { ...basePayment, status: 'requires_action' as const, nextAction: { type: 'redirect' as const, url: '/api/sandbox-processor/challenges/ch_0123456789abcdef01234567' } };
    const server = fakeServer({ processor: 'sandbox' }, { payment: null, onPay: () => challenge });
    await i18n.changeLanguage('fr');
    renderWithApi(<BillingPage />, server.route, '/app/billing');
    await user.click(await screen.findByRole('button', { name: /^Payer 80,97/ }, { timeout: 5000 }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    const opened = new URL(vi.mocked(leaveApp).mock.calls[0]![0], 'http://peakwise.test');
    expect(opened.pathname).toBe('/api/sandbox-processor/challenges/ch_0123456789abcdef01234567');
    expect(opened.searchParams.get('lang')).toBe('fr');
    expect(opened.searchParams.get('return')).toBe(`/app/billing?payment=${PAYMENT}`);
    expect(plain(screen.getByTestId('pay-now-status').textContent)).toContain('Votre banque vous demande de confirmer ce paiement de 80,97 $.');
    // Stripe.js is never loaded on a sandbox server.
    expect(stripeCalls.loadedWith).toEqual([]);
  });

  it('back on Billing, the payment named in the address shows how it ended', async () => {
    const failed = { ...basePayment, status: 'failed' as const, failureCode: 'authentication_failed' as const };
    renderWithApi(<BillingPage />, fakeServer({ processor: 'sandbox' }, { payment: failed, onPay: () => failed }).route, `/app/billing?payment=${PAYMENT}`);
    expect(await screen.findByText('Your bank could not confirm this payment. Nothing was charged.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a payment still waiting for the bank offers to open the challenge again', async () => {
    const user = userEvent.setup();
    const waiting = { ...basePayment, status: 'requires_action' as const, nextAction: { type: 'redirect' as const, url: '/api/sandbox-processor/challenges/ch_aaaaaaaaaaaaaaaaaaaaaaaa' } };
    renderWithApi(<BillingPage />, fakeServer({ processor: 'sandbox' }, { payment: waiting, onPay: () => waiting }).route, `/app/billing?payment=${PAYMENT}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm with your bank' }, { timeout: 5000 }));
    expect(vi.mocked(leaveApp).mock.calls[0]![0]).toMatch(/^\/api\/sandbox-processor\/challenges\/ch_a{24}\?lang=en&return=%2Fapp%2Fbilling%3Fpayment%3D/);
  });
});

describe('Stripe Elements and Stripe’s 3-D Secure', () => {
  it('the card is entered in Stripe’s field and only the pm_ id is posted; Pay now finishes Stripe’s next action, then shows Paid', async () => {
    const user = userEvent.setup();
    const state = {
      payment: null as Payment | null,
      methods: [] as PaymentMethod[],
      onPay: () => ({ ...basePayment, status: 'requires_action' as const, nextAction: { type: 'stripe' as const, clientSecret: 'pi_1_secret_local' } }),
    };
    settleOnNextAction = () => {
      state.payment = { ...basePayment, status: 'succeeded', succeededAt: '2025-12-05T15:00:05.000Z' };
    };
    const server = fakeServer({ processor: 'stripe', publishableKey: 'pk_test_local0123' }, state);
    renderWithApi(<BillingPage />, server.route, '/app/billing');
    await user.click(await screen.findByRole('button', { name: 'Add New Card' }, { timeout: 5000 }));
    expect(await screen.findByText('Card details go straight to Stripe, our card processor, never to Peakwise.')).toBeInTheDocument();
    // No card fields of ours: the number is typed into Stripe's own field.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save card' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(stripeCalls.loadedWith).toEqual(['pk_test_local0123']);
    expect(stripeCalls.mounted).toBe(1);
    await user.click(save);
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(stripeCalls.createPaymentMethod).toHaveLength(1);
    expect(stripeCalls.createPaymentMethod[0]).toMatchObject({ type: 'card' });
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([['/api/billing/payment-methods', JSON.stringify({ token: 'pm_test_elements_1' })]]);

    await user.click(await screen.findByRole('button', { name: 'Pay $80.97' }, { timeout: 5000 }));
    await waitFor(() => expect(stripeCalls.handleNextAction).toEqual([{ clientSecret: 'pi_1_secret_local' }]));
    expect(leaveApp).not.toHaveBeenCalled();
    await waitFor(() => expect(plain(screen.getByTestId('pay-now-status').textContent)).toContain('Payment of $80.97 confirmed.'), { timeout: 5000 });
  });
});
