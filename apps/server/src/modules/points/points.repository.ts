import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Peakwise's own accounts: where event rewards come from, where spent points go. */
export type HouseAccount = { kind: 'issuance' | 'redemptions' | 'cash_out'; name: string };
export const EVENT_ISSUANCE: HouseAccount = { kind: 'issuance', name: 'events' };
/** Where prize draws, monthly bonuses and operators' credits come from (decisions 041, 042). */
export const PRIZE_ISSUANCE: HouseAccount = { kind: 'issuance', name: 'prizes' };
export const BONUS_ISSUANCE: HouseAccount = { kind: 'issuance', name: 'bonuses' };
export const ADJUSTMENT_ISSUANCE: HouseAccount = { kind: 'issuance', name: 'adjustments' };
/** Cash-outs on their way to, or paid by, Interac e-Transfer. */
export const INTERAC_CASH_OUT: HouseAccount = { kind: 'cash_out', name: 'interac' };
/**
 * Where points spent in the rewards marketplace go (decision 039), split over several accounts
 * by the spending household (decision 051): every debit also updates its receiving account's row,
 * locked until commit, and one row for all members made every redemption wait for the one before.
 * 64 rather than 16 since decision 064: with 32 redemptions in flight, 16 rows still queued them.
 */
export const MARKETPLACE_SHARDS = 64;
export function marketplaceRedemptions(householdId: string): HouseAccount {
  const shard = (Number.parseInt(householdId.slice(0, 8), 16) || 0) % MARKETPLACE_SHARDS;
  return { kind: 'redemptions', name: `marketplace:${shard}` };
}

/** event_release: a held event's points, paid when the member's season test proved its cuts (decision 140). */
export type TransferKind = 'event_reward' | 'event_adjustment' | 'event_release' | 'redemption' | 'cash_out' | 'refund' | 'prize' | 'monthly_bonus' | 'adjustment';
export type Posting = { accountId: string; amount: number };

/** The member account of a household, created on first use. */
export async function memberAccountId(db: DbOrTx, householdId: string): Promise<string> {
  const find = sql`select id from points_accounts where kind = 'member' and household_id = ${householdId}::uuid`;
  // Looked up first: after the first use that is the one round trip every transfer pays.
  const [found] = rowsOf<{ id: string }>(await db.execute(find));
  if (found) return found.id;
  await db.execute(sql`insert into points_accounts (kind, household_id) values ('member', ${householdId}::uuid) on conflict do nothing`);
  return rowsOf<{ id: string }>(await db.execute(find))[0]!.id;
}

/**
 * Locks a house account's row until the transaction ends, as a transfer on it does (FOR NO KEY
 * UPDATE, the balance trigger's mode: entries' foreign key checks on it still go through).
 */
export async function lockHouseAccount(db: DbOrTx, account: HouseAccount): Promise<void> {
  const id = await houseAccountId(db, account);
  await db.execute(sql`select 1 from points_accounts where id = ${id}::uuid for no key update`);
}

export async function houseAccountId(db: DbOrTx, account: HouseAccount): Promise<string> {
  const find = sql`select id from points_accounts where kind = ${account.kind} and name = ${account.name}`;
  const [found] = rowsOf<{ id: string }>(await db.execute(find));
  if (found) return found.id;
  await db.execute(sql`insert into points_accounts (kind, name) values (${account.kind}, ${account.name}) on conflict do nothing`);
  return rowsOf<{ id: string }>(await db.execute(find))[0]!.id;
}

/**
 * Records a transfer under its idempotency key, or nothing if that key was already recorded
 * (a retry, a second tab, a re-run): answers whether this call posted it. The entries must sum
 * to zero; the database refuses the transaction at commit otherwise, and refuses any entry that
 * would take a member below zero.
 */
export async function insertTransfer(db: DbOrTx, key: string, kind: TransferKind, detail: Record<string, unknown>, postings: readonly Posting[]): Promise<boolean> {
  const [transfer] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into points_transfers (idempotency_key, kind, detail) values (${key}, ${kind}, ${JSON.stringify(detail)}::jsonb)
      on conflict (idempotency_key) do nothing returning id`),
  );
  if (!transfer) return false;
  // Accounts in a fixed order, so two transfers touching the same pair never lock them crosswise.
  const ordered = [...postings].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  await db.execute(sql`
    insert into points_entries (transfer_id, account_id, amount)
    select ${transfer.id}::uuid, u.account, u.amount
    from unnest(${sql.param(ordered.map((p) => p.accountId))}::uuid[], ${sql.param(ordered.map((p) => p.amount))}::int4[]) with ordinality as u(account, amount, n)
    order by u.n`);
  return true;
}

/** The transfer recorded under a key, if any. */
export async function transferIdByKey(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from points_transfers where idempotency_key = ${key}`));
  return row?.id ?? null;
}

/** A household's balance as committed now (0 without an account). */
export async function memberBalance(db: DbOrTx, householdId: string): Promise<number> {
  const [row] = rowsOf<{ balance: number }>(await db.execute(sql`select balance from points_accounts where kind = 'member' and household_id = ${householdId}::uuid`));
  return row?.balance ?? 0;
}

/** The member accounts of many households, created on first use, in two statements. */
export async function memberAccountIds(db: DbOrTx, householdIds: readonly string[]): Promise<Map<string, string>> {
  if (householdIds.length === 0) return new Map();
  await db.execute(sql`insert into points_accounts (kind, household_id) select 'member', h from unnest(${sql.param([...householdIds])}::uuid[]) as h order by h on conflict do nothing`);
  const rows = rowsOf<{ householdId: string; id: string }>(
    await db.execute(sql`select household_id as "householdId", id from points_accounts where kind = 'member' and household_id = any(${sql.param([...householdIds])}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.householdId, r.id]));
}

/** `eventId` and `householdId` together: the event a payment is for and the household it pays, or neither. */
export type TransferRequest = { key: string; kind: TransferKind; detail: Record<string, unknown>; eventId: string | null; householdId: string | null; postings: readonly Posting[] };

/**
 * Many transfers in two statements (decision 038), each under its idempotency key: a key already
 * recorded is skipped with its entries. Answers the keys this call posted. The database's rules
 * hold per entry as for one transfer; the balance trigger runs once for the statement.
 */
export async function insertTransfers(db: DbOrTx, transfers: readonly TransferRequest[]): Promise<Set<string>> {
  if (transfers.length === 0) return new Set();
  const posted = rowsOf<{ id: string; key: string }>(
    await db.execute(sql`
      insert into points_transfers (idempotency_key, kind, detail, event_id, household_id)
      select t.key, t.kind, t.detail::jsonb, t.event_id, t.household_id
      from unnest(${sql.param(transfers.map((t) => t.key))}::text[], ${sql.param(transfers.map((t) => t.kind))}::text[],
        ${sql.param(transfers.map((t) => JSON.stringify(t.detail)))}::text[], ${sql.param(transfers.map((t) => t.eventId))}::uuid[],
        ${sql.param(transfers.map((t) => t.householdId))}::uuid[]) as t(key, kind, detail, event_id, household_id)
      on conflict (idempotency_key) do nothing returning id, idempotency_key as key`),
  );
  if (posted.length === 0) return new Set();
  const idOf = new Map(posted.map((p) => [p.key, p.id]));
  const transferIds: string[] = [];
  const accounts: string[] = [];
  const amounts: number[] = [];
  for (const transfer of transfers) {
    const id = idOf.get(transfer.key);
    if (!id) continue;
    for (const posting of transfer.postings) {
      if (!Number.isInteger(posting.amount)) throw new Error(`Points must be whole, got ${posting.amount}`);
      transferIds.push(id);
      accounts.push(posting.accountId);
      amounts.push(posting.amount);
    }
  }
  await db.execute(sql`
    insert into points_entries (transfer_id, account_id, amount)
    select u.transfer, u.account, u.amount
    from unnest(${sql.param(transferIds)}::uuid[], ${sql.param(accounts)}::uuid[], ${sql.param(amounts)}::int4[]) with ordinality as u(transfer, account, amount, n)
    order by u.n`);
  return new Set(idOf.keys());
}

export type MemberPoints = { balance: number; lifetimeEarned: number };

/** Balance from the account; lifetime earned = every positive entry it ever received. */
export async function memberPoints(db: DbOrTx, householdId: string): Promise<MemberPoints> {
  const [row] = rowsOf<{ balance: number | null; earned: number | null }>(
    await db.execute(sql`
      select a.balance, (select coalesce(sum(e.amount), 0)::int from points_entries e where e.account_id = a.id and e.amount > 0) as earned
      from points_accounts a where a.kind = 'member' and a.household_id = ${householdId}::uuid`),
  );
  return { balance: row?.balance ?? 0, lifetimeEarned: row?.earned ?? 0 };
}

export type LedgerActivity = {
  entryId: string;
  transferId: string;
  kind: TransferKind;
  amount: number;
  balanceAfter: number;
  at: string;
  detail: Record<string, unknown>;
  /** The item a redemption's order bought; null for every other entry. */
  item: { en: string; fr: string; es: string } | null;
};

/**
 * A member's entries, newest first, after `before` (an entry id) when paging. Each carries the
 * balance it left, a running sum over the account's entries in the order they were written
 * (entry ids), computed over the whole account before the page is cut.
 */
export async function memberActivity(db: DbOrTx, householdId: string, options: { before?: string | undefined; limit?: number | undefined } = {}): Promise<LedgerActivity[]> {
  const before = options.before ?? null;
  return rowsOf<LedgerActivity>(
    await db.execute(sql`
      select a.id::text as "entryId", a.transfer_id as "transferId", a.kind, a.amount, a.balance_after as "balanceAfter", a.at, a.detail,
        (select json_build_object('en', i.name_en, 'fr', i.name_fr, 'es', i.name_es) from reward_orders o join reward_items i on i.id = o.item_id where o.transfer_id = a.transfer_id) as item
      from (
        select e.id, e.transfer_id, t.kind, e.amount, t.detail,
          (sum(e.amount) over (order by e.id rows between unbounded preceding and current row))::int as balance_after,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from points_entries e
        join points_accounts acc on acc.id = e.account_id and acc.kind = 'member' and acc.household_id = ${householdId}::uuid
        join points_transfers t on t.id = e.transfer_id
      ) a
      where ${before}::bigint is null or a.id < ${before}::bigint
      order by a.id desc
      ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}`),
  );
}
