import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { energyEvents } from './energy-event.schema';

/**
 * The points ledger (decision 033), double entry: every movement is a transfer whose entries sum
 * to zero across accounts, so points are never created or lost, only moved. Program issuance
 * accounts go negative by what they have issued; a member's account never does. The database
 * enforces all of it: triggers keep `balance` equal to the sum of the account's entries and
 * refuse to update or delete an entry; a deferred trigger refuses a transfer that does not
 * balance; and a CHECK refuses a negative member balance, whatever code wrote it.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['member', 'issuance', 'redemptions', 'cash_out'] }).notNull(),
    /** The member's household for a member account; null for Peakwise's own accounts. */
    householdId: uuid('household_id'),
    /** Peakwise's own accounts are named ("events", "marketplace"). */
    name: text('name'),
    balance: integer('balance').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_accounts_household_idx').on(t.householdId).where(sql`kind = 'member'`),
    uniqueIndex('points_accounts_name_idx').on(t.kind, t.name).where(sql`kind <> 'member'`),
    check('points_accounts_owner', sql`(${t.kind} = 'member') = (${t.householdId} is not null)`),
    check('points_accounts_member_not_negative', sql`${t.kind} <> 'member' or ${t.balance} >= 0`),
  ],
);

export const pointsTransfers = pgTable(
  'points_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who asked, in words a retry repeats exactly: "event:<id>:household:<id>:to:<points>", a client's key. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind', { enum: ['event_reward', 'event_adjustment', 'event_release', 'redemption', 'cash_out', 'refund', 'prize', 'monthly_bonus', 'adjustment'] }).notNull(),
    /**
     * The event an event payment is for. Settlement sums what each household was already paid
     * for the event through this index (decision 038); the same id stays in `detail` for Activity.
     */
    eventId: uuid('event_id').references(() => energyEvents.id),
    /**
     * The household an event payment is for (the member its entries credit), so settlement reads
     * what each household of a batch was already paid for the event in proportion to the batch,
     * not to the event's transfers so far (decision 149).
     */
    householdId: uuid('household_id'),
    /** What the member sees in Activity: the event, the item. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_transfers_event_household_idx').on(t.eventId, t.householdId).where(sql`event_id is not null`),
    check('points_transfers_event_household', sql`(${t.eventId} is null) = (${t.householdId} is null)`),
  ],
);

export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => pointsTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => pointsAccounts.id),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_entries_account_idx').on(t.accountId, t.createdAt),
    index('points_entries_transfer_idx').on(t.transferId),
    check('points_entries_amount', sql`${t.amount} <> 0`),
  ],
);
