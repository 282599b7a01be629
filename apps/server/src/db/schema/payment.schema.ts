import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { households } from './household.schema';
import { statements } from './billing.schema';

/**
 * The embedded sandbox processor's own records (decision 048), standing in for a card
 * processor's vault: a token with what may be shown (brand, last 4, expiry) and how the test card
 * behaves. The card number and the security code are never stored.
 */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    token: text('token').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    behaviour: text('behaviour', { enum: ['succeed', 'insufficient_funds', 'expired_card', 'authentication_required'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_card_tokens_last4', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

/** The sandbox's charges: one per idempotency key, and the webhook it owes the merchant. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    reference: text('reference').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique('sandbox_charges_idempotency_key'),
    token: text('token').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** 3-D Secure (decision 055): null when the card needs none; no webhook is owed while it is `required`. */
    authentication: text('authentication', { enum: ['required', 'approved', 'failed', 'expired'] }),
    authenticationExpiresAt: timestamp('authentication_expires_at', { withTimezone: true }),
    /** What the owed webhook reports: a charge succeeds unless its authentication failed or expired. */
    failureCode: text('failure_code', { enum: ['authentication_failed', 'authentication_expired'] }),
  },
  (t) => [
    check('sandbox_charges_amount', sql`${t.amountCents} > 0`),
    index('sandbox_charges_due_idx').on(t.nextAttemptAt),
    check('sandbox_charges_authentication', sql`(${t.authentication} is null) = (${t.authenticationExpiresAt} is null)`),
    check(
      'sandbox_charges_failure',
      sql`(${t.failureCode} is not null) = (${t.authentication} is not null and ${t.authentication} in ('failed', 'expired'))`,
    ),
  ],
);

/** A member's saved cards: the processor's token and what may be shown, never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    processorToken: text('processor_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: integer('is_default').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_methods_token').on(t.processor, t.processorToken),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_expiry', sql`${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2099`),
    check('payment_methods_default', sql`${t.isDefault} in (0, 1)`),
  ],
);

/**
 * Card payments (decision 048): one row per idempotency key per household, never deleted while
 * the household exists. Pending until the processor's webhook confirms it; only succeeded ones
 * count against a statement. A statement is null for a payment made before the first statement
 * (a credit carried into it).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id').references(() => statements.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    processorReference: text('processor_reference'),
    status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** Why it failed, as a code the web translates (decision 055); the reason is its English sentence. */
    failureCode: text('failure_code'),
    /** What the member must do to finish a `requires_action` payment: a challenge URL or Stripe's client secret (decision 055). */
    nextAction: jsonb('next_action'),
    idempotencyKey: text('idempotency_key').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    unique('payments_household_key').on(t.householdId, t.idempotencyKey),
    unique('payments_processor_reference').on(t.processor, t.processorReference),
    check('payments_amount', sql`${t.amountCents} > 0`),
    check('payments_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payments_succeeded', sql`(${t.status} = 'succeeded') = (${t.succeededAt} is not null)`),
    check('payments_failed', sql`(${t.status} = 'failed') = (${t.failedAt} is not null and ${t.failureReason} is not null)`),
    check('payments_next_action', sql`(${t.status} = 'requires_action') = (${t.nextAction} is not null)`),
    check('payments_status', sql`${t.status} in ('pending', 'requires_action', 'succeeded', 'failed')`),
    index('payments_household_idx').on(t.householdId, t.createdAt),
    index('payments_statement_idx').on(t.statementId),
  ],
);

/**
 * Auto-pay (decision 048): on, the default card is charged for the latest statement on its due
 * date. Its own table, so other billing preferences can live elsewhere without touching it.
 */
export const autopaySettings = pgTable('autopay_settings', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
