import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
const names = new Map<string, string>();
// Statements are written in the code, so their texts are few; the cap only guards against a
// caller that builds a new text per request (each would otherwise stay named on every connection).
const NAMES_LIMIT = 256;

/**
 * Runs a statement as a named prepared statement: on PostgreSQL each pooled connection parses
 * and plans it once, then only binds and executes. For a chart read whose execution takes a few
 * tenths of a millisecond, planning it every time costs about as much again. The name is a hash
 * of the text, so one name always means one text (node-postgres refuses a name reused with
 * another text). Only for statements whose plan does not depend on their parameter values
 * (household-keyed range reads): PostgreSQL may switch to one generic plan after five runs.
 * PGlite has no named statements and runs it as usual.
 */
export async function executePrepared(db: DbOrTx, query: SQL): Promise<unknown> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_LIMIT) names.clear();
    name = `pw_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
}

/**
 * A drizzle prepared query built once per database (or transaction) instead of on every call:
 * for the lookups every signed-in request makes, building the query costs more than running it.
 */
export function preparedPerDb<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
