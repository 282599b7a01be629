import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The tables of messages sent one by one on the durable queue (decision 035): event
 * notifications and bill reminders share these columns and this life cycle, pending → sent,
 * skipped or failed, so they share how an attempt's outcome is written.
 */
export type DeliveryTable = 'event_notifications' | 'bill_reminders';

export async function markDeliverySent(tx: DbOrTx, table: DeliveryTable, id: string, providerId: string | null, now: Date): Promise<void> {
  await tx.execute(sql`
    update ${sql.identifier(table)} set status = 'sent', attempts = attempts + 1, provider_id = ${providerId}, last_error = null,
      sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}

export async function markDeliverySkipped(tx: DbOrTx, table: DeliveryTable, id: string, reason: string, now: Date): Promise<void> {
  await tx.execute(sql`update ${sql.identifier(table)} set status = 'skipped', last_error = ${reason}, updated_at = ${now.toISOString()}::timestamptz where id = ${id}::uuid`);
}

/** One more failed try; `giveUp` makes it final. */
export async function markDeliveryAttemptFailed(tx: DbOrTx, table: DeliveryTable, id: string, error: string, giveUp: boolean, now: Date): Promise<void> {
  await tx.execute(sql`
    update ${sql.identifier(table)} set attempts = attempts + 1, last_error = ${error.slice(0, 1000)}, status = ${giveUp ? 'failed' : 'pending'},
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}
