import { randomBytes } from 'node:crypto';
import { PAYMENT_FAILURE_CODES, PAYMENT_MESSAGES, type CardToken, type PaymentFailureCode, type TokenizeCard } from '@peakwise/contracts/payments.contract';
import { cardBrand, cardProblems, normaliseCardNumber, type CardProblem } from '@peakwise/domain/card-number';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { DeclineCode, PaymentProcessor, ProcessorEvent } from './payment-processor';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { deleteSandboxToken, findSandboxToken, insertSandboxCharge, insertSandboxToken, type SandboxBehaviour } from './sandbox.repository';
import { verifySignature } from './webhook-signature';

/**
 * The embedded sandbox processor (decision 048): Stripe's well-known test numbers behave as they
 * do there, every other valid number succeeds. A charge is "processing" until the sandbox's
 * webhook sender posts a signed event to Peakwise's webhook endpoint; a decline is answered at
 * once and nothing is charged.
 */
const TEST_CARDS: Record<string, SandboxBehaviour> = {
  '4242424242424242': 'succeed',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000002500003155': 'authentication_required',
};

const PROBLEM_MESSAGES: Record<CardProblem, string> = {
  number: PAYMENT_MESSAGES.cardNumber,
  expiry: PAYMENT_MESSAGES.cardExpiry,
  expired: PAYMENT_MESSAGES.cardExpired,
  cvc: PAYMENT_MESSAGES.cardCvc,
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The tokenizer: checks the card and keeps only its token, brand, last 4 and expiry; the number
 * and the security code go no further than this function (never stored, never logged).
 */
export async function tokenizeSandboxCard(db: DbOrTx, card: TokenizeCard, now: Date): Promise<CardToken> {
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const problems = cardProblems(card, today);
  if (problems.length > 0) {
    throw new AppError(400, 'invalid_card', PROBLEM_MESSAGES[problems[0]!], problems.map((p) => ({ path: p === 'expired' ? 'expiry' : p, message: PROBLEM_MESSAGES[p] })));
  }
  const digits = normaliseCardNumber(card.number)!;
  const token = newId('tok');
  const stored = { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear, behaviour: TEST_CARDS[digits] ?? 'succeed' };
  await insertSandboxToken(db, token, stored);
  return { token, brand: stored.brand, last4: stored.last4, expMonth: stored.expMonth, expYear: stored.expYear };
}

const DECLINES: Partial<Record<SandboxBehaviour, DeclineCode>> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
};

/** The durable job that fails a 3-D Secure challenge nobody answered in time (decision 055). */
export const SANDBOX_CHALLENGE_EXPIRY_JOB = 'payments.sandbox-challenge-expiry';
/** The sandbox's challenge page for a charge, like a bank's authentication page. */
export const sandboxChallengePath = (reference: string) => `/api/sandbox-processor/challenges/${reference}`;
const DEFAULT_CHALLENGE_EXPIRY_MS = 15 * 60_000;

/**
 * An authentication-required card (decision 055): on-session the charge waits for the member's
 * answer on the sandbox's challenge page, and fails by itself if none comes in time; off-session
 * (auto-pay) nobody can answer, so it is declined at once.
 */
export function createSandboxProcessor(options: { webhookSecret: string; challengeExpiryMs?: number }): PaymentProcessor {
  const challengeExpiryMs = options.challengeExpiryMs ?? DEFAULT_CHALLENGE_EXPIRY_MS;
  return {
    name: 'sandbox',
    async card(db, token) {
      const card = await findSandboxToken(db, token);
      if (!card) return null;
      return { brand: card.brand as CardToken['brand'], last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },
    async charge(db, request) {
      const card = await findSandboxToken(db, request.token);
      if (!card) return { outcome: 'declined', code: 'declined' };
      const decline = DECLINES[card.behaviour];
      if (decline) return { outcome: 'declined', code: decline };
      if (card.behaviour === 'authentication_required') {
        if (request.offSession) return { outcome: 'declined', code: 'authentication_required' };
        const expiresAt = new Date(request.now.getTime() + challengeExpiryMs);
        const reference = await insertSandboxCharge(db, {
          reference: newId('ch'),
          idempotencyKey: request.idempotencyKey,
          token: request.token,
          amountCents: request.amountCents,
          now: request.now,
          authenticationExpiresAt: expiresAt,
        });
        await scheduleJob(db, { name: SANDBOX_CHALLENGE_EXPIRY_JOB, key: `sandbox-challenge:${reference}`, runAt: expiresAt, payload: { reference } });
        return { outcome: 'requires_action', reference, nextAction: { type: 'redirect', url: sandboxChallengePath(reference) } };
      }
      const reference = await insertSandboxCharge(db, { reference: newId('ch'), idempotencyKey: request.idempotencyKey, token: request.token, amountCents: request.amountCents, now: request.now });
      return { outcome: 'processing', reference };
    },
    async detach(db, token) {
      await deleteSandboxToken(db, token);
    },
    verifyWebhook(rawBody, signature, now) {
      if (!verifySignature(options.webhookSecret, rawBody, signature, now)) return null;
      try {
        const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: { reference?: unknown; code?: unknown } };
        if (typeof event.id !== 'string' || typeof event.data?.reference !== 'string') return null;
        if (event.type !== 'charge.succeeded' && event.type !== 'charge.failed') return null;
        const outcome: ProcessorEvent['outcome'] = event.type === 'charge.succeeded' ? 'succeeded' : 'failed';
        const code = (PAYMENT_FAILURE_CODES as readonly unknown[]).includes(event.data.code) ? (event.data.code as PaymentFailureCode) : 'declined';
        return { id: event.id, reference: event.data.reference, outcome, code: outcome === 'failed' ? code : null };
      } catch {
        return null;
      }
    },
  };
}
