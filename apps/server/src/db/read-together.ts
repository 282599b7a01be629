import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';
import { executePrepared } from './prepared-statement';

/** A SELECT's rows as one JSON array value ('[]' for none), to nest in another statement. */
export const jsonRowsSql = (query: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) as x)`;

/**
 * Runs several independent reads in one round trip: each SELECT becomes one JSON column, parsed
 * back into row objects keyed by column name. A chart read that needs four small queries pays
 * for four round trips (driver work, a socket write and a wake-up of the backend each), more
 * than the queries themselves. Values come back as JSON: numbers exact (PostgreSQL prints float8
 * so that it reads back exactly), dates and timestamps as strings. The statement is prepared: a
 * statement of several subqueries costs about as much to plan as to run.
 */
export async function readTogether<K extends string>(db: DbOrTx, parts: Record<K, SQL>): Promise<Record<K, Record<string, unknown>[]>> {
  const keys = Object.keys(parts) as K[];
  const columns = keys.map((key) => sql`${jsonRowsSql(parts[key])}::text as ${sql.identifier(key)}`);
  const [row] = rowsOf<Record<K, string>>(await executePrepared(db, sql`select ${sql.join(columns, sql`, `)}`));
  return Object.fromEntries(keys.map((key) => [key, JSON.parse(row![key])])) as Record<K, Record<string, unknown>[]>;
}
