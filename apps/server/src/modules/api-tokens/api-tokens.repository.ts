import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { nameArray } from '../../lib/pg-array';

export type ApiTokenRow = {
  id: string;
  label: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

type RawRow = Omit<ApiTokenRow, 'createdAt' | 'expiresAt' | 'lastUsedAt'> & { createdAt: string | Date; expiresAt: string | Date | null; lastUsedAt: string | Date | null };
const date = (value: string | Date | null) => (value === null ? null : new Date(value));
const toRow = (r: RawRow): ApiTokenRow => ({ ...r, createdAt: new Date(r.createdAt), expiresAt: date(r.expiresAt), lastUsedAt: date(r.lastUsedAt) });
const COLUMNS = sql`id, label, prefix, scopes, created_at as "createdAt", expires_at as "expiresAt", last_used_at as "lastUsedAt"`;
/** Not revoked and not past its expiry at `now`. */
const live = (now: Date) => sql`revoked_at is null and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`;

/** Locks the member's row until the transaction ends, so racing creations are counted one after the other. */
export async function lockMember(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function countLiveTokens(db: DbOrTx, userId: string, now: Date): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from api_tokens where user_id = ${userId} and ${live(now)}`))[0]!.n;
}

export async function insertApiToken(
  db: DbOrTx,
  token: { userId: string; label: string; tokenHash: string; prefix: string; scopes: readonly string[]; createdAt: Date; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = rowsOf<RawRow>(
    await db.execute(sql`
      insert into api_tokens (user_id, label, token_hash, prefix, scopes, created_at, expires_at)
      values (${token.userId}, ${token.label}, ${token.tokenHash}, ${token.prefix}, ${nameArray(token.scopes)}::text[],
        ${token.createdAt.toISOString()}::timestamptz, ${token.expiresAt?.toISOString() ?? null}::timestamptz)
      returning ${COLUMNS}`),
  );
  return toRow(row!);
}

/** The member's tokens that still work, newest first. */
export async function listLiveTokens(db: DbOrTx, userId: string, now: Date): Promise<ApiTokenRow[]> {
  return rowsOf<RawRow>(await db.execute(sql`select ${COLUMNS} from api_tokens where user_id = ${userId} and ${live(now)} order by created_at desc, id`)).map(toRow);
}

/** Revokes one of the member's working tokens; false when they hold none by that id. */
export async function revokeApiToken(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`update api_tokens set revoked_at = ${now.toISOString()}::timestamptz where id = ${id}::uuid and user_id = ${userId} and ${live(now)} returning id`),
  );
  return rows.length === 1;
}

export type TokenUse = { tokenId: string; scopes: string[]; user: { id: string; email: string; name: string }; windowCount: number; windowStartedAt: Date };

/**
 * Looks a working token up by its hash, counts this request in its rate-limit window (a new
 * window once the old one is over) and marks it used, in one statement: the check and the count
 * cannot be split by a concurrent request, and every server process shares the counter. A
 * deleted account's tokens are gone (decision 079); the profile check holds even for one created
 * in a race with the deletion.
 */
export async function useApiToken(db: DbOrTx, tokenHash: string, now: Date, windowMs: number): Promise<TokenUse | null> {
  const at = now.toISOString();
  const windowOver = sql`(t.window_started_at is null or t.window_started_at <= ${at}::timestamptz - ${`${windowMs} milliseconds`}::interval)`;
  const [row] = rowsOf<{ tokenId: string; scopes: string[]; id: string; email: string; name: string; windowCount: number; windowStartedAt: string | Date }>(
    await db.execute(sql`
      update api_tokens t set
        last_used_at = ${at}::timestamptz,
        window_count = case when ${windowOver} then 1 else t.window_count + 1 end,
        window_started_at = case when ${windowOver} then ${at}::timestamptz else t.window_started_at end
      from users u
      where t.token_hash = ${tokenHash} and u.id = t.user_id and t.revoked_at is null and (t.expires_at is null or t.expires_at > ${at}::timestamptz)
        and not exists (select 1 from profiles p where p.id = u.id and p.deleted_at is not null)
      returning t.id as "tokenId", t.scopes, u.id, u.email, u.name, t.window_count as "windowCount", t.window_started_at as "windowStartedAt"`),
  );
  if (!row) return null;
  return { tokenId: row.tokenId, scopes: row.scopes, user: { id: row.id, email: row.email, name: row.name }, windowCount: row.windowCount, windowStartedAt: new Date(row.windowStartedAt) };
}
