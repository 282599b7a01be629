import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { OpenAdrVersion } from '../../lib/config-openadr-vtns';
import { rowsOf } from '../../db/rows';

export type SubscriptionRow = { scope: string; vtnSubscriptionId: string | null; bearerSha256: string | null };
export type SubscriptionStatus = 'off' | 'active' | 'failed';

/** The VTN's callback token, made once: `fresh` is kept only when there is none yet. */
export async function ensureCallbackToken(db: DbOrTx, vtnId: string, fresh: string): Promise<string> {
  const [row] = rowsOf<{ token: string }>(
    await db.execute(sql`update openadr_vtns set callback_token = coalesce(callback_token, ${fresh}) where id = ${vtnId}::uuid returning callback_token as token`),
  );
  return row!.token;
}

export async function subscriptionsOf(db: DbOrTx, vtnId: string): Promise<SubscriptionRow[]> {
  return rowsOf<SubscriptionRow>(
    await db.execute(sql`select scope, vtn_subscription_id as "vtnSubscriptionId", bearer_sha256 as "bearerSha256" from openadr_subscriptions where vtn_id = ${vtnId}::uuid and retired_at is null order by scope`),
  );
}

/** Written (and committed) before the bearer goes to the VTN, so a notification that comes at once is taken. */
export async function holdBearer(db: DbOrTx, vtnId: string, scope: string, bearerSha256: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into openadr_subscriptions (vtn_id, scope, pending_bearer_sha256, updated_at) values (${vtnId}::uuid, ${scope}, ${bearerSha256}, ${now.toISOString()}::timestamptz)
    on conflict (vtn_id, scope) do update set pending_bearer_sha256 = excluded.pending_bearer_sha256, updated_at = excluded.updated_at,
      -- A retired one taken up again (the VTN stopped offering MQTT) starts afresh: its old subscription is gone.
      vtn_subscription_id = case when openadr_subscriptions.retired_at is null then openadr_subscriptions.vtn_subscription_id end,
      bearer_sha256 = case when openadr_subscriptions.retired_at is null then openadr_subscriptions.bearer_sha256 end,
      retired_at = null`);
}

/** Deleted on the VTN (decision 121): kept as a record, its bearers no longer let a callback in. */
export async function retireSubscriptionRows(db: DbOrTx, vtnId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update openadr_subscriptions set retired_at = ${now.toISOString()}::timestamptz, pending_bearer_sha256 = null, updated_at = ${now.toISOString()}::timestamptz
    where vtn_id = ${vtnId}::uuid and retired_at is null`);
}

/** The VTN took the subscription: with `bearerSha256` when it was given a new bearer, which becomes the current one. */
export async function saveSubscription(db: DbOrTx, vtnId: string, held: { scope: string; vtnSubscriptionId: string; bearerSha256: string | null }, now: Date): Promise<void> {
  await db.execute(sql`
    update openadr_subscriptions set vtn_subscription_id = ${held.vtnSubscriptionId}, updated_at = ${now.toISOString()}::timestamptz,
      bearer_sha256 = coalesce(${held.bearerSha256}, bearer_sha256),
      pending_bearer_sha256 = case when pending_bearer_sha256 = ${held.bearerSha256} then null else pending_bearer_sha256 end
    where vtn_id = ${vtnId}::uuid and scope = ${held.scope}`);
}

export async function recordSubscriptionState(db: DbOrTx, vtnId: string, status: SubscriptionStatus, error: string | null, at: Date): Promise<void> {
  await db.execute(sql`
    update openadr_vtns set subscription_status = ${status}, subscription_error = ${error?.slice(0, 1000) ?? null}, subscription_checked_at = ${at.toISOString()}::timestamptz
    where id = ${vtnId}::uuid`);
}

/** What a callback is checked against: the VTN's address, its callback token and every bearer hash it was given. */
export async function callbackTarget(db: DbOrTx, vtnId: string): Promise<{ url: string; version: OpenAdrVersion; callbackToken: string | null; bearerSha256s: string[] } | null> {
  const [row] = rowsOf<{ url: string; version: OpenAdrVersion; callbackToken: string | null; bearerSha256s: string[] | null }>(
    await db.execute(sql`
      select v.url, v.version, v.callback_token as "callbackToken", array_remove(array_agg(s.bearer_sha256) || array_agg(s.pending_bearer_sha256), null) as "bearerSha256s"
      from openadr_vtns v left join openadr_subscriptions s on s.vtn_id = v.id and s.retired_at is null
      where v.id = ${vtnId}::uuid group by v.id`),
  );
  return row ? { ...row, bearerSha256s: row.bearerSha256s ?? [] } : null;
}

export async function markNotified(db: DbOrTx, vtnId: string, at: Date): Promise<void> {
  await db.execute(sql`update openadr_vtns set notified_at = greatest(notified_at, ${at.toISOString()}::timestamptz) where id = ${vtnId}::uuid`);
}

/**
 * True when a notification came after `since` (a poll that began before it runs again at once); it
 * is taken as it is answered, so the poll that runs again does not see it again.
 */
export async function takeNotificationSince(db: DbOrTx, vtnId: string, since: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`update openadr_vtns set notified_at = null where id = ${vtnId}::uuid and notified_at > ${since.toISOString()}::timestamptz returning 1 as one`),
  );
  return rows.length > 0;
}
