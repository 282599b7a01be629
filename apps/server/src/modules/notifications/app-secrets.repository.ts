import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The stored secret `name`, made by `create` the first time it is asked for. Two processes
 * starting together may both make one; the insert keeps the first and both read it back.
 */
export async function ensureAppSecret(db: DbOrTx, name: string, create: () => Record<string, string>): Promise<Record<string, string>> {
  const [existing] = rowsOf<{ value: Record<string, string> }>(await db.execute(sql`select value from app_secrets where name = ${name}`));
  if (existing) return existing.value;
  await db.execute(sql`insert into app_secrets (name, value) values (${name}, ${JSON.stringify(create())}::jsonb) on conflict (name) do nothing`);
  const [row] = rowsOf<{ value: Record<string, string> }>(await db.execute(sql`select value from app_secrets where name = ${name}`));
  return row!.value;
}
