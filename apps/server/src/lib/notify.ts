import { sql, type SQL } from 'drizzle-orm';

/**
 * PostgreSQL NOTIFY channels between server processes: live updates and session changes. A
 * notification sent inside a transaction is delivered only when it commits, so listeners never
 * hear about rows that were rolled back. Payloads stay far below PostgreSQL's 8000-byte limit.
 */
export const READINGS_CHANNEL = 'peakwise_readings';
export const POWER_CHANNEL = 'peakwise_power';
/** A device was heard from for the first time (the pairing screen's "Connected"). */
export const DEVICE_CHANNEL = 'peakwise_device';
/** Something that can end or change a session was written: every process forgets its cached sessions. */
export const SESSIONS_CHANNEL = 'peakwise_sessions';

/** New or corrected 5-minute readings for a household are committed. */
export type ReadingsNotification = { householdId: string; latestTs: string; kinds: ('meter' | 'device')[] };
/** A newer instantaneous power sample for a household. */
export type PowerNotification = { householdId: string; ts: string; powerW: number };
/** A device's first message: its power then, when it reported one (a relay-only report has none). */
export type DeviceNotification = { householdId: string; deviceId: string; ts: string; powerW: number | null };
/** Carries nothing: the writer does not know whose session changed, so each process drops all it cached. */
export type SessionsNotification = Record<string, never>;

export function notifySql(channel: typeof READINGS_CHANNEL, payload: ReadingsNotification): SQL;
export function notifySql(channel: typeof POWER_CHANNEL, payload: PowerNotification): SQL;
export function notifySql(channel: typeof DEVICE_CHANNEL, payload: DeviceNotification): SQL;
export function notifySql(channel: typeof SESSIONS_CHANNEL, payload: SessionsNotification): SQL;
export function notifySql(channel: string, payload: unknown): SQL {
  return sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`;
}
