import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type SmsRecord = { to: string; body: string; purpose: string; idempotencyKey: string; providerId: string | null };

/** False when a message with this key is already recorded: it is not recorded, or sent, twice. */
export async function recordSms(db: DbOrTx, sms: SmsRecord): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into sms_outbox ("to", body, purpose, idempotency_key, provider_id) values (${sms.to}, ${sms.body}, ${sms.purpose}, ${sms.idempotencyKey}, ${sms.providerId})
      on conflict (idempotency_key) do nothing returning id`),
  );
  return rows.length === 1;
}

export async function smsRecorded(db: DbOrTx, idempotencyKey: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sms_outbox where idempotency_key = ${idempotencyKey}`)).length === 1;
}

export async function smsTo(db: DbOrTx, to: string): Promise<{ body: string; purpose: string; providerId: string | null }[]> {
  return rowsOf(await db.execute(sql`select body, purpose, provider_id as "providerId" from sms_outbox where "to" = ${to} order by created_at, id`));
}
