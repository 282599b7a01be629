import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type ConsentHistoryRow = { id: string; purpose: string; granted: boolean; wording: string; wordingVersion: string | null; language: string; source: string | null; recordedAt: string };

/** Every consent record of the member, newest first: grants and withdrawals alike (the table is append-only). */
export async function consentHistory(db: DbOrTx, userId: string, limit: number): Promise<ConsentHistoryRow[]> {
  return rowsOf<ConsentHistoryRow>(
    await db.execute(sql`
      select id, purpose, granted, wording, wording_version as "wordingVersion", language, source,
        to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "recordedAt"
      from consents where user_id = ${userId} order by recorded_at desc, id desc limit ${limit}`),
  );
}
