import { sql } from 'drizzle-orm';
import { notificationConsentVersion } from '@peakwise/contracts/consent-history.contract';
import { DEFAULT_CHANNEL_ON, NOTIFICATION_CONSENT_WORDING, type NotificationChannel, type NotificationKind } from '@peakwise/contracts/notifications.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The channel's default as SQL literals (not parameters, which would arrive as text). */
const DEFAULT_IN_FORCE = sql.raw(`case w.channel when 'email' then ${DEFAULT_CHANNEL_ON.email} when 'sms' then ${DEFAULT_CHANNEL_ON.sms} else ${DEFAULT_CHANNEL_ON.push} end`);

export type PreferenceChange = { channel: NotificationChannel; kind: NotificationKind; enabled: boolean };
export type ConsentSource = 'settings' | 'unsubscribe_link' | 'sms_stop' | 'phone_changed';

export async function storedPreferences(db: DbOrTx, userId: string): Promise<PreferenceChange[]> {
  return rowsOf<PreferenceChange>(await db.execute(sql`select channel, kind, enabled from notification_preferences where user_id = ${userId}`));
}

/**
 * Saves the changes and appends one consent record for each, in the caller's transaction, so a
 * preference never changes without its record. Returns the changes that really changed
 * something (turning off what is already off records nothing).
 */
export async function savePreferences(tx: DbOrTx, userId: string, changes: PreferenceChange[], source: ConsentSource, now: Date): Promise<PreferenceChange[]> {
  if (changes.length === 0) return [];
  const values = sql.join(
    changes.map((c) => sql`(${c.channel}::text, ${c.kind}::text, ${c.enabled}::boolean)`),
    sql`, `,
  );
  // One row per kind: two channels of one kind changed together must not join twice.
  const wording = sql.join(
    [...new Set(changes.map((c) => c.kind))].map((kind) => sql`(${kind}::text, ${NOTIFICATION_CONSENT_WORDING[kind]}::text, ${notificationConsentVersion(kind)}::text)`),
    sql`, `,
  );
  // Compared with what was in force before (stored or default), so only real changes are kept and recorded.
  const changed = rowsOf<PreferenceChange>(
    await tx.execute(sql`
      with wanted (channel, kind, enabled) as (values ${values}),
      before as (
        select w.channel, w.kind, w.enabled,
          coalesce(np.enabled, ${DEFAULT_IN_FORCE}) as was
        from wanted w left join notification_preferences np on np.user_id = ${userId} and np.channel = w.channel and np.kind = w.kind
      ),
      saved as (
        insert into notification_preferences (user_id, channel, kind, enabled, updated_at)
        select ${userId}, channel, kind, enabled, ${now.toISOString()}::timestamptz from before
        on conflict (user_id, channel, kind) do update set enabled = excluded.enabled, updated_at = excluded.updated_at
      )
      select channel, kind, enabled from before where enabled <> was`),
  );
  if (changed.length === 0) return [];
  await tx.execute(sql`
    insert into consents (user_id, purpose, granted, wording, wording_version, language, source, recorded_at)
    select ${userId}, 'notifications:' || c.channel || ':' || c.kind, c.enabled, w.wording, w.version,
      coalesce((select language from profiles where id = ${userId}), 'en'), ${source}, ${now.toISOString()}::timestamptz
    from (values ${sql.join(
      changed.map((c) => sql`(${c.channel}::text, ${c.kind}::text, ${c.enabled}::boolean)`),
      sql`, `,
    )}) as c(channel, kind, enabled)
    join (values ${wording}) as w(kind, wording, version) on w.kind = c.kind`);
  return changed;
}

export type ConsentRecord = { purpose: string; granted: boolean; source: string | null; wording: string };

export async function notificationConsents(db: DbOrTx, userId: string): Promise<ConsentRecord[]> {
  return rowsOf<ConsentRecord>(
    await db.execute(sql`
      select purpose, granted, source, wording from consents where user_id = ${userId} and purpose like 'notifications:%' order by recorded_at, id`),
  );
}

export type PhoneRow = {
  phone: string;
  verifiedAt: Date | null;
  codeHash: string | null;
  codeExpiresAt: Date | null;
  codeAttempts: number;
  codeSentAt: Date | null;
};

export async function findPhone(db: DbOrTx, userId: string, lock = false): Promise<PhoneRow | null> {
  const [row] = rowsOf<PhoneRow>(
    await db.execute(sql`
      select phone, verified_at as "verifiedAt", code_hash as "codeHash", code_expires_at as "codeExpiresAt", code_attempts as "codeAttempts", code_sent_at as "codeSentAt"
      from notification_phones where user_id = ${userId} ${lock ? sql`for update` : sql``}`),
  );
  if (!row) return null;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return { ...row, verifiedAt: date(row.verifiedAt), codeExpiresAt: date(row.codeExpiresAt), codeSentAt: date(row.codeSentAt) };
}

/** A new number, or a new code for it: unverified until the code comes back. */
export async function saveCode(tx: DbOrTx, userId: string, phone: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into notification_phones (user_id, phone, verified_at, code_hash, code_expires_at, code_attempts, code_sent_at, updated_at)
    values (${userId}, ${phone}, null, ${codeHash}, ${expiresAt.toISOString()}::timestamptz, 0, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (user_id) do update set
      verified_at = case when notification_phones.phone = excluded.phone then notification_phones.verified_at else null end,
      phone = excluded.phone, code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
      code_attempts = 0, code_sent_at = excluded.code_sent_at, updated_at = excluded.updated_at`);
}

export async function countWrongCode(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`update notification_phones set code_attempts = code_attempts + 1, updated_at = ${now.toISOString()}::timestamptz where user_id = ${userId}`);
}

export async function markPhoneVerified(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update notification_phones set verified_at = ${now.toISOString()}::timestamptz, code_hash = null, code_expires_at = null, code_attempts = 0, updated_at = ${now.toISOString()}::timestamptz
    where user_id = ${userId}`);
}

/** Members whose verified number this is (normally one). */
export async function usersWithVerifiedPhone(db: DbOrTx, phone: string): Promise<string[]> {
  return rowsOf<{ userId: string }>(await db.execute(sql`select user_id as "userId" from notification_phones where phone = ${phone} and verified_at is not null`)).map((r) => r.userId);
}

export async function countPushSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from push_subscriptions where user_id = ${userId}`));
  return row!.n;
}

export async function savePushSubscription(db: DbOrTx, userId: string, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  // A browser re-subscribing (or a shared device changing hands) moves the endpoint to this member.
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`);
}

export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`)).length === 1;
}

export type PushSubscriptionRow = { id: string; endpoint: string; p256dh: string; auth: string };

export async function pushSubscriptionsOf(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
  return rowsOf<PushSubscriptionRow>(await db.execute(sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId} order by created_at`));
}

/** The push service said the subscription is gone (404/410): stop sending to it. */
export async function forgetPushSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${id}::uuid`);
}

/** Erased with the account (decision 009): the number and devices identify the member. */
export async function forgetNotificationContacts(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`delete from notification_phones where user_id = ${userId}`);
  await tx.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
}
