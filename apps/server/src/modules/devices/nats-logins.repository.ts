import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The NATS user keys of ended credentials (decision 132): the account's JWT carries all of them on
 * every push, so they are kept here rather than read back from the broker.
 */

export async function recordNatsLoginRevocations(tx: DbOrTx, userKeys: string[]): Promise<void> {
  for (const userKey of userKeys) {
    await tx.execute(sql`insert into nats_login_revocations (user_key) values (${userKey}) on conflict (user_key) do nothing`);
  }
}

export async function natsLoginRevocations(tx: DbOrTx): Promise<{ userKey: string; revokedAt: Date }[]> {
  const rows = rowsOf<{ userKey: string; revokedAt: string | Date }>(
    await tx.execute(sql`select user_key as "userKey", revoked_at as "revokedAt" from nats_login_revocations order by user_key`),
  );
  return rows.map((r) => ({ userKey: r.userKey, revokedAt: new Date(r.revokedAt) }));
}

/**
 * One push of the account's JWT at a time, each carrying every revocation read under the lock: two
 * pushes racing could otherwise leave the older list as the one NATS keeps.
 */
export async function lockNatsAccountClaims(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nats-account-claims'))`);
}
