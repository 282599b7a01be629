import { z } from 'zod';

/**
 * Card payments of statements (decision 048): the processor's tokenizer request, saved cards,
 * Pay now, and every refusal with its fixed sentence. Money is integer cents.
 */

/** The most one payment may be: far above any household's month, and a typo's ceiling. */
export const PAYMENT_MAX_CENTS = 500_000;

export const PAYMENT_MESSAGES = {
  cardNumber: 'Enter a valid card number.',
  cardExpiry: 'Enter the expiry month (1–12) and four-digit year on the card.',
  cardExpired: 'This card has expired.',
  cardCvc: 'Enter the 3-digit security code on the back of the card (4 digits on the front for American Express).',
  badToken: 'This card token is not valid. Enter the card again.',
  amountPositive: 'Enter an amount greater than $0.00.',
  amountWhole: 'Enter the amount in whole cents.',
  amountTooLarge: `A single payment cannot be more than $${(PAYMENT_MAX_CENTS / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}.`,
  badKey: 'The request needs an Idempotency-Key header of 8 to 100 letters, digits, dashes or underscores.',
  statementNotFound: 'No such statement.',
  statementReplaced: 'A newer statement carries this one’s balance. Pay the latest statement.',
  methodNotFound: 'No such card.',
  insufficientFunds: 'Your card was declined for insufficient funds. Nothing was charged.',
  expiredCard: 'Your card has expired. Nothing was charged.',
  authenticationRequired: 'Your bank asks you to confirm this payment, which this card cannot do here. Nothing was charged.',
  declined: 'Your card was declined. Nothing was charged.',
  authenticationFailed: 'Your bank could not confirm this payment. Nothing was charged.',
  authenticationExpired: 'The confirmation with your bank was not finished in time. Nothing was charged.',
  challengeNotFound: 'No such confirmation.',
  keyReused: 'This Idempotency-Key was already used for a different payment.',
} as const;

/** `requires_action`: the member's bank asks them to confirm the payment (3-D Secure, decision 055). */
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const cardBrandSchema = z.enum(CARD_BRANDS);

export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z.string({ error: PAYMENT_MESSAGES.badKey }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: PAYMENT_MESSAGES.badKey }),
});

/** What the browser sends to the processor's tokenizer, never to Peakwise's own API. */
export const tokenizeCardSchema = z.object({
  number: z.string({ error: PAYMENT_MESSAGES.cardNumber }).max(30, { error: PAYMENT_MESSAGES.cardNumber }),
  expMonth: z.number({ error: PAYMENT_MESSAGES.cardExpiry }).int({ error: PAYMENT_MESSAGES.cardExpiry }),
  expYear: z.number({ error: PAYMENT_MESSAGES.cardExpiry }).int({ error: PAYMENT_MESSAGES.cardExpiry }),
  cvc: z.string({ error: PAYMENT_MESSAGES.cardCvc }).max(4, { error: PAYMENT_MESSAGES.cardCvc }),
});
export type TokenizeCard = z.infer<typeof tokenizeCardSchema>;

export const cardTokenSchema = z.object({ token: z.string(), brand: cardBrandSchema, last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });
export type CardToken = z.infer<typeof cardTokenSchema>;

const tokenSchema = z.string({ error: PAYMENT_MESSAGES.badToken }).regex(/^[A-Za-z0-9_]{8,100}$/, { error: PAYMENT_MESSAGES.badToken });

export const addPaymentMethodSchema = z.object({ token: tokenSchema });

export const paymentMethodSchema = z.object({
  id: z.uuid(),
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const createPaymentSchema = z.object({
  amountCents: z
    .number({ error: PAYMENT_MESSAGES.amountWhole })
    .int({ error: PAYMENT_MESSAGES.amountWhole })
    .min(1, { error: PAYMENT_MESSAGES.amountPositive })
    .max(PAYMENT_MAX_CENTS, { error: PAYMENT_MESSAGES.amountTooLarge }),
  paymentMethodId: z.uuid({ error: PAYMENT_MESSAGES.methodNotFound }),
  /** The statement paid; without it, the latest one. */
  statementId: z.uuid({ error: PAYMENT_MESSAGES.statementNotFound }).optional(),
});
export type CreatePayment = z.infer<typeof createPaymentSchema>;

/** Why a payment failed after it was made (declined at once is a 402 instead). */
export const PAYMENT_FAILURE_CODES = ['insufficient_funds', 'expired_card', 'authentication_required', 'declined', 'authentication_failed', 'authentication_expired'] as const;
export const paymentFailureCodeSchema = z.enum(PAYMENT_FAILURE_CODES);
export type PaymentFailureCode = z.infer<typeof paymentFailureCodeSchema>;

/**
 * What finishes a `requires_action` payment (decision 055): the sandbox's challenge page, opened
 * in the same tab with a return path; or Stripe's client secret for `stripe.handleNextAction`.
 */
export const nextActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string().startsWith('/') }),
  z.object({ type: z.literal('stripe'), clientSecret: z.string() }),
]);
export type NextAction = z.infer<typeof nextActionSchema>;

/** What the browser needs to enter a card: the sandbox's tokenizer, or Stripe Elements with the publishable key. */
export const paymentsConfigSchema = z.discriminatedUnion('processor', [
  z.object({ processor: z.literal('sandbox') }),
  z.object({ processor: z.literal('stripe'), publishableKey: z.string().nullable() }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  statementId: z.uuid().nullable(),
  amountCents: z.number().int(),
  status: paymentStatusSchema,
  brand: cardBrandSchema,
  last4: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  succeededAt: z.iso.datetime({ offset: true }).nullable(),
  nextAction: nextActionSchema.nullable(),
  failureCode: paymentFailureCodeSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
