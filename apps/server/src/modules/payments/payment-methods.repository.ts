import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ProcessorName } from './payment-processor';

/* Saved cards (decision 048): a processor token and what may be shown of the card. */

export type PaymentMethodRow = {
  id: string;
  householdId: string;
  processor: ProcessorName;
  processorToken: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
};

const columns = sql`m.id, m.household_id as "householdId", m.processor, m.processor_token as "processorToken", m.brand, m.last4,
  m.exp_month as "expMonth", m.exp_year as "expYear", (m.is_default = 1) as "isDefault"`;

/**
 * Saves a card (the same token twice is one card; null when another household saved it); the household's first card becomes its
 * default. The household's row is locked first, so two first cards added at once do not both
 * try to be the default.
 */
export async function insertPaymentMethod(
  db: DbOrTx,
  row: { householdId: string; processor: ProcessorName; processorToken: string; brand: string; last4: string; expMonth: number; expYear: number },
): Promise<string | null> {
  await db.execute(sql`select id from households where id = ${row.householdId}::uuid for update`);
  await db.execute(sql`
    insert into payment_methods (household_id, processor, processor_token, brand, last4, exp_month, exp_year, is_default)
    values (${row.householdId}::uuid, ${row.processor}, ${row.processorToken}, ${row.brand}, ${row.last4}, ${row.expMonth}, ${row.expYear},
      case when exists (select 1 from payment_methods where household_id = ${row.householdId}::uuid and is_default = 1) then 0 else 1 end)
    on conflict (processor, processor_token) do nothing`);
  // A token belongs to the household that saved it first: another's answer is "no such card".
  const [found] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from payment_methods where household_id = ${row.householdId}::uuid and processor = ${row.processor} and processor_token = ${row.processorToken}`),
  );
  return found?.id ?? null;
}

export async function householdPaymentMethods(db: DbOrTx, householdId: string): Promise<PaymentMethodRow[]> {
  return rowsOf<PaymentMethodRow>(
    await db.execute(sql`select ${columns} from payment_methods m where m.household_id = ${householdId}::uuid order by m.is_default desc, m.created_at, m.id`),
  );
}

export async function findPaymentMethod(db: DbOrTx, householdId: string, id: string): Promise<PaymentMethodRow | null> {
  const [row] = rowsOf<PaymentMethodRow>(await db.execute(sql`select ${columns} from payment_methods m where m.household_id = ${householdId}::uuid and m.id = ${id}::uuid`));
  return row ?? null;
}

/** Makes one card the default in one statement, so there is never a moment with two. */
export async function setDefaultPaymentMethod(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db.execute(sql`update payment_methods set is_default = 0 where household_id = ${householdId}::uuid and is_default = 1 and id <> ${id}::uuid`);
  await db.execute(sql`update payment_methods set is_default = 1 where household_id = ${householdId}::uuid and id = ${id}::uuid`);
}

/** Removes a card; when it was the default, the oldest remaining card takes its place. */
export async function deletePaymentMethod(db: DbOrTx, householdId: string, id: string): Promise<void> {
  await db.execute(sql`delete from payment_methods where household_id = ${householdId}::uuid and id = ${id}::uuid`);
  await db.execute(sql`
    update payment_methods set is_default = 1 where id = (
      select id from payment_methods where household_id = ${householdId}::uuid order by created_at, id limit 1)
    and not exists (select 1 from payment_methods where household_id = ${householdId}::uuid and is_default = 1)`);
}

/** Removes every saved card of the household; what the processor holds of each, to detach there. */
export async function deleteHouseholdPaymentMethods(db: DbOrTx, householdId: string): Promise<{ processor: ProcessorName; processorToken: string }[]> {
  return rowsOf<{ processor: ProcessorName; processorToken: string }>(
    await db.execute(sql`delete from payment_methods where household_id = ${householdId}::uuid returning processor, processor_token as "processorToken"`),
  );
}
