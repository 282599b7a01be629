import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export async function isOperator(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ role: string }>(await db.execute(sql`select role from users where id = ${userId}`));
  return row?.role === 'operator';
}

/** Staff are made operators by the seed or by a database administrator, never through the API. */
export async function setOperator(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`update users set role = 'operator' where email = ${email}`);
}
