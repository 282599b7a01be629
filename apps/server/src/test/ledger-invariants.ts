import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The ledger's, the marketplace's and the cash-outs' invariants, read from the raw rows
 * (decisions 033, 039, 041, 149).
 * Answers every broken one in words; an empty list means all hold. Tests call it after each case.
 */
export async function ledgerViolations(db: DbOrTx): Promise<string[]> {
  const found: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

  const [totals] = await q<{ balances: number; entries: number }>(sql`
    select (select coalesce(sum(balance), 0)::bigint from points_accounts) as balances, (select coalesce(sum(amount), 0)::bigint from points_entries) as entries`);
  if (Number(totals!.balances) !== 0) found.push(`accounts sum to ${totals!.balances}, not 0`);
  if (Number(totals!.entries) !== 0) found.push(`entries sum to ${totals!.entries}, not 0`);

  for (const a of await q<{ id: string; kind: string; balance: number; total: number }>(sql`
    select a.id, a.kind, a.balance, coalesce(sum(e.amount), 0)::int as total from points_accounts a left join points_entries e on e.account_id = a.id group by a.id`)) {
    if (a.balance !== a.total) found.push(`account ${a.id} has balance ${a.balance} but its entries sum to ${a.total}`);
    if (a.kind === 'member' && a.balance < 0) found.push(`member account ${a.id} is at ${a.balance}`);
  }

  for (const t of await q<{ id: string; total: number }>(sql`select transfer_id as id, sum(amount)::int as total from points_entries group by transfer_id having sum(amount) <> 0`)) {
    found.push(`transfer ${t.id} does not balance (${t.total})`);
  }

  // Every event payment names the household of the one member account it credits or debits (decision 149).
  for (const t of await q<{ id: string; household: string | null; members: string[] | null }>(sql`
    select t.id, t.household_id::text as household, array_agg(a.household_id::text) filter (where a.kind = 'member') as members
    from points_transfers t join points_entries e on e.transfer_id = t.id join points_accounts a on a.id = e.account_id
    where t.event_id is not null group by t.id, t.household_id`)) {
    if (t.members?.length !== 1 || t.members[0] !== t.household) found.push(`event payment ${t.id} names household ${t.household} but pays ${JSON.stringify(t.members)}`);
  }

  // Every order: exactly one redemption transfer naming it, and that one is the order's debit;
  // the free plug (decision 090) none: it costs nothing.
  for (const o of await q<{ id: string; free: boolean; debits: number; matching: number }>(sql`
    select o.id, o.free_plug as free, coalesce(d.n, 0) as debits,
      (select count(*)::int from points_entries e join points_accounts a on a.id = e.account_id and a.kind = 'member' and a.household_id = o.household_id
        where e.transfer_id = o.transfer_id and e.amount = -o.points) as matching
    from reward_orders o
    -- Counted once per order id and joined, not looked up per order: no index holds detail->>'orderId',
    -- and a per-order scan made a benchmark's check quadratic in its orders.
    left join (select t.detail->>'orderId' as order_id, count(*)::int as n from points_transfers t
                where t.kind = 'redemption' and t.detail ? 'orderId' group by 1) d on d.order_id = o.id::text`)) {
    if (o.free ? o.debits !== 0 : o.debits !== 1 || o.matching !== 1) found.push(`order ${o.id} has ${o.debits} debits naming it, ${o.matching} matching its points`);
  }
  for (const t of await q<{ id: string }>(sql`
    select t.id from points_transfers t where t.kind = 'redemption' and t.detail ? 'orderId'
      and not exists (select 1 from reward_orders o where o.transfer_id = t.id)`)) {
    found.push(`redemption ${t.id} has no order`);
  }

  for (const i of await q<{ id: string; stock: number }>(sql`select id, stock from reward_items where stock < 0`)) found.push(`item ${i.id} has stock ${i.stock}`);
  for (const o of await q<{ id: string; codes: number }>(sql`
    select o.id, (select count(*)::int from reward_codes c where c.order_id = o.id) as codes from reward_orders o where o.kind in ('gift_card', 'discount_code')`)) {
    if (o.codes !== 1) found.push(`code order ${o.id} holds ${o.codes} codes`);
  }

  // Every cash-out: exactly one debit of its points, and a refund exactly when it failed.
  for (const c of await q<{ id: string; status: string; points: number; debits: number; refunds: number; debited: number | null }>(sql`
    select c.id, c.status, c.points,
      (select count(*)::int from points_transfers t where t.kind = 'cash_out' and t.detail->>'cashOutId' = c.id::text) as debits,
      (select count(*)::int from points_transfers t where t.kind = 'refund' and t.detail->>'cashOutId' = c.id::text) as refunds,
      (select -sum(e.amount)::int from points_entries e join points_accounts a on a.id = e.account_id and a.kind = 'member' where e.transfer_id = c.debit_transfer_id) as debited
    from cash_outs c`)) {
    if (c.debits !== 1 || c.debited !== c.points) found.push(`cash-out ${c.id} has ${c.debits} debits of ${c.debited} for ${c.points} points`);
    if (c.refunds !== (c.status === 'failed' ? 1 : 0)) found.push(`cash-out ${c.id} (${c.status}) has ${c.refunds} refunds`);
  }
  return found;
}

/** The same, as a test assertion that names every broken invariant. */
export async function expectLedgerInvariants(db: DbOrTx): Promise<void> {
  expect(await ledgerViolations(db)).toEqual([]);
}
