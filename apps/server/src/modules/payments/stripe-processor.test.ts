import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { createStripeProcessor } from './stripe-processor';

/*
 * The Stripe adapter against a local HTTP server standing in for api.stripe.com: it answers as
 * Stripe's API does for the calls the adapter makes, and records what it was sent.
 */

type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined; auth: string | undefined };
const cardError = (code: string, declineCode?: string) => ({
  status: 402,
  body: { error: { type: 'card_error', code, ...(declineCode ? { decline_code: declineCode } : {}), message: 'Your card was declined.' } },
});

describe('Stripe processor', () => {
  let server: Server;
  const seen: Seen[] = [];
  const intents = new Map<string, string>();
  let processor: ReturnType<typeof createStripeProcessor>;
  const db = null as unknown as DbOrTx;
  const now = new Date('2025-11-05T15:00:00Z');
  const secret = 'whsec_test_local_0123456789';

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        const path = req.url ?? '';
        seen.push({ method: req.method ?? '', path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization });
        const reply = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
          res.end(JSON.stringify(json));
        };
        if (req.method === 'GET' && path === '/v1/payment_methods/pm_card_visa') {
          return reply(200, { id: 'pm_card_visa', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } });
        }
        if (req.method === 'POST' && path === '/v1/payment_methods/pm_card_visa/detach') return reply(200, { id: 'pm_card_visa', object: 'payment_method', customer: null });
        if (req.method === 'POST' && path === '/v1/payment_methods/pm_gone/detach') {
          return reply(400, { error: { type: 'invalid_request_error', code: 'payment_method_unexpected_state', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } });
        }
        if (req.method === 'POST' && path === '/v1/payment_methods/pm_down/detach') return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        if (req.method === 'GET' && path.startsWith('/v1/payment_methods/')) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
        if (req.method === 'POST' && path === '/v1/payment_intents') {
          const pm = body.get('payment_method');
          if (pm === 'pm_card_visa_chargeDeclinedInsufficientFunds') {
            const e = cardError('card_declined', 'insufficient_funds');
            return reply(e.status, e.body);
          }
          if (pm === 'pm_card_chargeDeclinedExpiredCard') {
            const e = cardError('expired_card');
            return reply(e.status, e.body);
          }
          // Stripe's idempotency: the same key answers the same PaymentIntent.
          const key = String(req.headers['idempotency-key']);
          const id = intents.get(key) ?? `pi_${intents.size + 1}`;
          intents.set(key, id);
          if (pm === 'pm_card_authenticationRequired' && body.get('off_session') === 'true') {
            // Off-session Stripe cannot ask the member, and answers with a card error.
            const e = cardError('authentication_required', 'authentication_required');
            return reply(e.status, e.body);
          }
          const status = pm === 'pm_card_authenticationRequired' ? 'requires_action' : 'processing';
          return reply(200, { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status, client_secret: `${id}_secret_local` });
        }
        return reply(404, { error: { type: 'invalid_request_error', message: 'Unknown route' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    processor = createStripeProcessor({ secretKey: 'sk_test_local', webhookSecret: secret, endpoint: { host: '127.0.0.1', port, protocol: 'http' } });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('detaches a saved card (decision 079); one Stripe no longer holds counts as detached, an outage is an error to retry', async () => {
    const from = seen.length;
    await processor.detach(db, 'pm_card_visa');
    expect(seen.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_methods/pm_card_visa/detach']);
    await expect(processor.detach(db, 'pm_gone')).resolves.toBeUndefined();
    await expect(processor.detach(db, 'pm_down')).rejects.toThrow();
  });

  it('reads what may be shown of a PaymentMethod; an unknown one is no card', async () => {
    expect(await processor.card(db, 'pm_card_visa')).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(await processor.card(db, 'pm_unknown')).toBeNull();
    expect(seen[0]!.auth).toBe('Bearer sk_test_local');
  });

  it('creates a confirmed PaymentIntent in CAD cents under our idempotency key; the same key is the same intent', async () => {
    const request = { token: 'pm_card_visa', amountCents: 8_097, idempotencyKey: 'payment:abc', paymentId: 'abc', offSession: false, now };
    expect(await processor.charge(db, request)).toEqual({ outcome: 'processing', reference: 'pi_1' });
    expect(await processor.charge(db, request)).toEqual({ outcome: 'processing', reference: 'pi_1' });
    const posted = seen.filter((s) => s.path === '/v1/payment_intents');
    expect(posted.map((s) => s.idempotencyKey)).toEqual(['payment:abc', 'payment:abc']);
    expect(Object.fromEntries(posted[0]!.body)).toMatchObject({ amount: '8097', currency: 'cad', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[paymentId]': 'abc' });
    expect(posted[0]!.body.has('off_session')).toBe(false);
  });

  it('maps declines to their codes', async () => {
    const base = { amountCents: 100, paymentId: 'x', offSession: false, now };
    expect(await processor.charge(db, { ...base, token: 'pm_card_visa_chargeDeclinedInsufficientFunds', idempotencyKey: 'k1' })).toEqual({ outcome: 'declined', code: 'insufficient_funds' });
    expect(await processor.charge(db, { ...base, token: 'pm_card_chargeDeclinedExpiredCard', idempotencyKey: 'k2' })).toEqual({ outcome: 'declined', code: 'expired_card' });
  });

  it('hands a PaymentIntent that needs 3-D Secure back with its client secret; off-session it is declined', async () => {
    const base = { amountCents: 100, paymentId: 'y', now };
    const onSession = await processor.charge(db, { ...base, token: 'pm_card_authenticationRequired', idempotencyKey: 'k3', offSession: false });
    const id = intents.get('k3');
    expect(id).toMatch(/^pi_\d+$/);
    expect(onSession).toEqual({ outcome: 'requires_action', reference: id, nextAction: { type: 'stripe', clientSecret: `${id}_secret_local` } });
    // The same key again is the same intent and the same secret.
    expect(await processor.charge(db, { ...base, token: 'pm_card_authenticationRequired', idempotencyKey: 'k3', offSession: false })).toEqual(onSession);
    expect(await processor.charge(db, { ...base, token: 'pm_card_authenticationRequired', idempotencyKey: 'k4', offSession: true })).toEqual({ outcome: 'declined', code: 'authentication_required' });
    const offSession = seen.filter((s) => s.idempotencyKey === 'k4');
    expect(offSession.length).toBeGreaterThan(0);
    expect(offSession[0]!.body.get('off_session')).toBe('true');
  });

  it('verifies webhooks with the signing secret (the SDK’s test header), and refuses a wrong or stale one', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
    const stripe = new Stripe('sk_test_local');
    const timestamp = Math.floor(now.getTime() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    expect(processor.verifyWebhook(payload, header, now)).toEqual({ id: 'evt_1', reference: 'pi_1', outcome: 'succeeded', code: null });
    expect(processor.verifyWebhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp }), now)).toBeNull();
    expect(processor.verifyWebhook(payload, header, new Date(now.getTime() + 301_000))).toBeNull();
    expect(processor.verifyWebhook(payload.replace('pi_1', 'pi_2'), header, now)).toBeNull();
    const failed = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_3', object: 'payment_intent', last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } } },
    });
    expect(processor.verifyWebhook(failed, stripe.webhooks.generateTestHeaderString({ payload: failed, secret, timestamp }), now)).toEqual({ id: 'evt_2', reference: 'pi_3', outcome: 'failed', code: 'insufficient_funds' });
    const other = JSON.stringify({ id: 'evt_3', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(processor.verifyWebhook(other, stripe.webhooks.generateTestHeaderString({ payload: other, secret, timestamp }), now)).toBe('ignored');
  });
});
