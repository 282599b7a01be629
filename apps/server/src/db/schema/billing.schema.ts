import { sql } from 'drizzle-orm';
import { bigserial, check, date, doublePrecision, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { STATEMENT_LINE_KINDS } from '@peakwise/domain/billing-statement';
import { households } from './household.schema';


/**
 * A household's monthly statement (decision 044), issued once per billing month and never edited:
 * a late reading shows up as an adjustment line on the next one. Money is integer cents.
 * `amount_due_cents` = previous balance + this period's charges; payments, when they come, are
 * rows of their own and the balance is the latest amount due less the payments after it.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** The billing month, first and last local day (the household's time zone). */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The first day billed: later than period_start in a prorated first month. */
    billedFrom: date('billed_from', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    province: text('province').notNull(),
    timeZone: text('time_zone').notNull(),
    previousBalanceCents: integer('previous_balance_cents').notNull(),
    /** The sum of the lines (a trigger checks it at commit). */
    chargesCents: integer('charges_cents').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    importKwh: doublePrecision('import_kwh').notNull(),
    exportKwh: doublePrecision('export_kwh').notNull(),
    status: text('status', { enum: ['issued'] }).notNull().default('issued'),
  },
  (t) => [
    unique('statements_household_period').on(t.householdId, t.periodStart),
    check('statements_period', sql`${t.periodEnd} >= ${t.periodStart} and ${t.billedFrom} between ${t.periodStart} and ${t.periodEnd} and ${t.dueDate} > ${t.periodEnd}`),
    check('statements_amount_due', sql`${t.amountDueCents} = ${t.previousBalanceCents} + ${t.chargesCents}`),
    check('statements_usage', sql`${t.importKwh} >= 0 and ${t.exportKwh} >= 0`),
    /** Never due before it is issued, on the household's calendar (decision 084). */
    check('statements_due_after_issue', sql`${t.dueDate} >= (${t.issuedAt} at time zone ${t.timeZone})::date`),
  ],
);

export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: STATEMENT_LINE_KINDS }).notNull(),
    /** The member's language is chosen when shown: a key (a tariff period, a tax id) and its values. */
    descriptionKey: text('description_key').notNull(),
    descriptionParams: jsonb('description_params').$type<Record<string, string | number>>().notNull().default({}),
    quantity: doublePrecision('quantity'),
    unit: text('unit', { enum: ['kWh', 'day'] }),
    /** ¢ per unit as published (unrounded). */
    unitPriceCents: doublePrecision('unit_price_cents'),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    unique('statement_lines_position').on(t.statementId, t.position),
    check('statement_lines_kind', sql`${t.kind} in ('energy', 'fixed', 'export-credit', 'rebate', 'tax', 'adjustment', 'credit-lapse')`),
    check('statement_lines_credit_lapse', sql`${t.kind} <> 'credit-lapse' or ${t.amountCents} > 0`),
  ],
);
