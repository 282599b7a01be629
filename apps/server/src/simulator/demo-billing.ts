import type { Db } from '../db/client';
import { catchUpStatements } from '../modules/billing/statements.service';

/**
 * The demo household's statements for its back-filled months, issued by the same service as the
 * monthly job once the back-fill is stored (a statement on a half-stored month would bill part of
 * it and carry the rest as an adjustment). Months already issued are left as they are.
 */
export async function issueDemoStatements(db: Db, householdId: string, now: Date): Promise<number> {
  return db.transaction((tx) => catchUpStatements(tx, householdId, now));
}
