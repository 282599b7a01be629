import { sql } from 'drizzle-orm';
import type { RewardOrderStatus } from '@peakwise/domain/reward-rules';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows';
import { marketplaceRedemptions } from '../points/points.repository';
import { itemColumns, type ItemRow } from './rewards.repository';

/**
 * A redemption's SQL in two statements (decision 051): one that reads all the checks need, one
 * that locks and writes the item's stock, the code, the ledger transfer and its entries, and the
 * order. Round trips, not PostgreSQL's work, were a redemption's cost. The ledger's tables are
 * written here with the same rules as `insertTransfer`: one key per transfer, entries in account
 * order, the balance CHECK and the balancing trigger in the database.
 *
 * Both run as named prepared statements (decision 064): their texts never change, every lookup
 * in them is by a unique key or the item's free-code index whatever the values, so each pooled
 * connection plans them once instead of on every redemption.
 */

export type RedemptionContext = {
  /** The item as last committed (not locked: the write locks it); null when there is no such item, or it is the free plug. */
  item: ItemRow | null;
  /** The member's order under this key, as committed when the statement began. */
  earlier: { id: string; itemId: string; quantity: number } | null;
  memberAccount: { id: string; balance: number } | null;
  marketplaceAccountId: string | null;
  contact: { email: string; name: string; language: string; deleted: boolean } | null;
};

/**
 * Reads, in one statement and without locking anything, the item, the key's earlier order, the
 * member's account and balance, the marketplace account and who to email: what the service
 * checks to refuse early. The item is locked by the write instead (decision 064), so it stays
 * locked for one round trip to this process, not two; an order under the same key committing
 * meanwhile is found by its ledger key in the write (see `writeRedemption`).
 */
export async function openRedemption(tx: DbOrTx, who: { userId: string; householdId: string }, itemId: string, clientKey: string): Promise<RedemptionContext> {
  const marketplace = marketplaceRedemptions(who.householdId);
  // The account kind is written into the text, not bound: the house accounts' name index covers
  // only non-member kinds, which a generic plan cannot know of a parameter.
  const [row] = rowsOf<RedemptionContext>(
    await executePrepared(
      tx,
      sql`
      select
        (select row_to_json(item) from (select ${itemColumns} from reward_items i where i.id = ${itemId}::uuid and not i.free_plug) item) as item,
        (select json_build_object('id', o.id, 'itemId', o.item_id, 'quantity', o.quantity) from reward_orders o where o.user_id = ${who.userId} and o.client_key = ${clientKey}) as earlier,
        (select json_build_object('id', a.id, 'balance', a.balance) from points_accounts a where a.kind = 'member' and a.household_id = ${who.householdId}::uuid) as "memberAccount",
        (select a.id from points_accounts a where a.kind = ${sql.raw(`'${marketplace.kind}'`)} and a.name = ${marketplace.name}) as "marketplaceAccountId",
        (select json_build_object('email', p.email, 'name', p.name, 'language', p.language, 'deleted', p.deleted_at is not null) from profiles p where p.id = ${who.userId}) as contact`,
    ),
  );
  return row!;
}

export type RedemptionWrite = {
  orderId: string;
  householdId: string;
  userId: string;
  item: Pick<ItemRow, 'id' | 'kind'>;
  quantity: number;
  points: number;
  takesCode: boolean;
  clientKey: string;
  ledgerKey: string;
  memberAccountId: string;
  marketplaceAccountId: string;
  status: RewardOrderStatus;
  address: { name: string; line1: string; line2: string | null; city: string; province: string; postalCode: string } | null;
};

/**
 * `active` false: the item was withdrawn (or is gone) by the time it was locked. `covered` false:
 * the member's balance, once locked, no longer covers the points. `transferId` null: nothing was
 * written, for either of those, because no code was free, or because the ledger key was already used.
 */
export type RedemptionWritten = { active: boolean; covered: boolean; transferId: string | null; code: string | null; createdAt: string | null };

/**
 * Locks the item (redemptions of one item queue here, decision 040), then both ledger accounts in
 * id order, as the ledger trigger would: the member's balance read under that lock is the latest,
 * so when copies of one spend queue here the later ones see the first's debit and decline before
 * writing; and the entries' foreign-key checks then find their accounts locked by this statement
 * already, instead of sharing a lock with another redemption still holding the marketplace
 * account (a multixact on every debit, decision 064). Claims the oldest free code
 * (SKIP LOCKED), posts the debit under the ledger key, writes the order, gives it the code and
 * takes the stock, in one statement that writes all of that or nothing, so it may commit on its
 * own (decision 064). Nothing is written when the item is no longer active, a code item found no
 * code, or the ledger key is already used: by a copy of this request that committed first, or by
 * one still running, whose commit the key's unique index waits for. The stock and balance CHECKs
 * raise as they would statement by statement, and the error undoes the whole statement.
 */
export async function writeRedemption(tx: DbOrTx, w: RedemptionWrite): Promise<RedemptionWritten> {
  const a = w.address;
  // The same account order as insertTransfer, so two transfers never lock their accounts crosswise.
  const postings = [
    { accountId: w.memberAccountId, amount: -w.points },
    { accountId: w.marketplaceAccountId, amount: w.points },
  ].sort((x, y) => (x.accountId < y.accountId ? -1 : x.accountId > y.accountId ? 1 : 0));
  const detail = JSON.stringify({ orderId: w.orderId, itemId: w.item.id });
  const [row] = rowsOf<RedemptionWritten>(
    await executePrepared(
      tx,
      sql`
      with item as materialized (
        select i.status = 'active' as active from reward_items i where i.id = ${w.item.id}::uuid for no key update
      ),
      accounts as materialized (
        select a.id, a.balance from points_accounts a
        where (select active from item) and a.id = any(${sql.param(postings.map((p) => p.accountId))}::uuid[])
        order by a.id for no key update
      ),
      funds as materialized (
        select a.balance >= ${w.points} as covered from accounts a where a.id = ${w.memberAccountId}::uuid
      ),
      code as materialized (
        select c.id, c.code from reward_codes c
        where ${w.takesCode}::boolean and (select covered from funds) and c.item_id = ${w.item.id}::uuid and c.order_id is null
        order by c.created_at, c.id limit 1 for update skip locked
      ),
      transfer as (
        insert into points_transfers (idempotency_key, kind, detail)
        select ${w.ledgerKey}, 'redemption', ${detail}::jsonb where (select covered from funds) and (not ${w.takesCode}::boolean or exists (select 1 from code))
        on conflict (idempotency_key) do nothing returning id
      ),
      entries as (
        insert into points_entries (transfer_id, account_id, amount)
        select t.id, p.account, p.amount
        from transfer t cross join unnest(${sql.param(postings.map((p) => p.accountId))}::uuid[], ${sql.param(postings.map((p) => p.amount))}::int4[]) with ordinality as p(account, amount, n)
        order by p.n
        returning id
      ),
      ord as (
        insert into reward_orders (id, household_id, user_id, item_id, kind, quantity, points, client_key, transfer_id, status,
          ship_name, ship_line1, ship_line2, ship_city, ship_province, ship_postal_code)
        select ${w.orderId}::uuid, ${w.householdId}::uuid, ${w.userId}, ${w.item.id}::uuid, ${w.item.kind}, ${w.quantity}, ${w.points}, ${w.clientKey}, t.id, ${w.status},
          ${a?.name ?? null}, ${a?.line1 ?? null}, ${a?.line2 ?? null}, ${a?.city ?? null}, ${a?.province ?? null}, ${a?.postalCode ?? null}
        from transfer t
        returning id, created_at
      ),
      given as (
        update reward_codes c set order_id = o.id from ord o where c.id = (select id from code) and c.order_id is null returning c.id
      ),
      stock as (
        update reward_items set stock = stock - ${w.quantity} where id = ${w.item.id}::uuid and stock is not null and exists (select 1 from transfer) returning id
      )
      select coalesce((select active from item), false) as active, coalesce((select covered from funds), false) as covered, (select id from transfer) as "transferId", (select code from code) as code,
        (select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ord o) as "createdAt"`,
    ),
  );
  return { active: row!.active, covered: row!.covered, transferId: row!.transferId, code: row!.code, createdAt: row!.createdAt };
}
