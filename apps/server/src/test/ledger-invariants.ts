import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The ledger's invariants, checked from raw rows (decision 033, 041): all accounts sum to zero;
 * every balance equals the sum of its entries; no member below zero; every transfer balances;
 * every cash-out has exactly one debit, and a refund exactly when it failed.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const accounts = rowsOf<{ id: string; kind: string; balance: number; total: number }>(
    await db.execute(sql`select a.id, a.kind, a.balance, coalesce((select sum(e.amount) from points_entries e where e.account_id = a.id), 0)::int as total from points_accounts a`),
  );
  for (const a of accounts) {
    expect(a.balance, `balance of ${a.kind} account ${a.id}`).toBe(a.total);
    if (a.kind === 'member') expect(a.balance, `member ${a.id}`).toBeGreaterThanOrEqual(0);
  }
  expect(accounts.reduce((s, a) => s + a.balance, 0)).toBe(0);
  const unbalanced = rowsOf(await db.execute(sql`select t.id from points_transfers t join points_entries e on e.transfer_id = t.id group by t.id having sum(e.amount) <> 0`));
  expect(unbalanced).toEqual([]);
  const cashOuts = rowsOf<{ id: string; status: string; debits: number; refunds: number; points: number; debited: number }>(
    await db.execute(sql`
      select c.id, c.status, c.points,
        (select count(*)::int from points_transfers t where t.kind = 'cash_out' and t.detail->>'cashOutId' = c.id::text) as debits,
        (select count(*)::int from points_transfers t where t.kind = 'refund' and t.detail->>'cashOutId' = c.id::text) as refunds,
        (select -sum(e.amount)::int from points_entries e join points_accounts a on a.id = e.account_id and a.kind = 'member' where e.transfer_id = c.debit_transfer_id) as debited
      from cash_outs c`),
  );
  for (const c of cashOuts) {
    expect(c.debits, `debits of cash-out ${c.id}`).toBe(1);
    expect(c.debited, `debit of cash-out ${c.id}`).toBe(c.points);
    expect(c.refunds, `refunds of cash-out ${c.id}`).toBe(c.status === 'failed' ? 1 : 0);
  }
}
