import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type MqttStatus = 'off' | 'connecting' | 'connected' | 'down' | 'failed';

/** The listener's state for /ops (decision 114): where it listens, on what, and how it is going. */
export async function recordMqttState(db: DbOrTx, vtnId: string, state: { status: MqttStatus; broker: string | null; topics: string[]; error: string | null }, at: Date): Promise<void> {
  await db.execute(sql`
    update openadr_vtns set mqtt_status = ${state.status}, mqtt_broker = ${state.broker}, mqtt_topics = ${`{${state.topics.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[],
      mqtt_error = ${state.error?.slice(0, 1000) ?? null}, mqtt_changed_at = ${at.toISOString()}::timestamptz
    where id = ${vtnId}::uuid`);
}

/** The notifier could not be asked this time: said on /ops, and the listener goes on as it was. */
export async function recordMqttError(db: DbOrTx, vtnId: string, error: string): Promise<void> {
  await db.execute(sql`update openadr_vtns set mqtt_error = ${error.slice(0, 1000)} where id = ${vtnId}::uuid`);
}

export async function recordMqttMessage(db: DbOrTx, vtnId: string, at: Date): Promise<void> {
  await db.execute(sql`update openadr_vtns set mqtt_message_at = greatest(mqtt_message_at, ${at.toISOString()}::timestamptz) where id = ${vtnId}::uuid`);
}
