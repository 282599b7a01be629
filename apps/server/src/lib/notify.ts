import { sql, type SQL } from 'drizzle-orm';

/**
 * PostgreSQL NOTIFY channels that carry live updates between server processes. A notification
 * sent inside a transaction is delivered only when it commits, so listeners never hear about
 * rows that were rolled back. Payloads stay far below PostgreSQL's 8000-byte limit.
 */
export const READINGS_CHANNEL = 'peakwise_readings';
export const POWER_CHANNEL = 'peakwise_power';

/** New or corrected 5-minute readings for a household are committed. */
export type ReadingsNotification = { householdId: string; latestTs: string; kinds: ('meter' | 'device')[] };
/** A newer instantaneous power sample for a household. */
export type PowerNotification = { householdId: string; ts: string; powerW: number };

export function notifySql(channel: typeof READINGS_CHANNEL, payload: ReadingsNotification): SQL;
export function notifySql(channel: typeof POWER_CHANNEL, payload: PowerNotification): SQL;
export function notifySql(channel: string, payload: unknown): SQL {
  return sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`;
}

/** Both drivers answer execute() with `{ rows }`; the shared Db type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
