import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema/email-outbox.schema';

export type OutboxRow = Pick<typeof emailOutbox.$inferInsert, 'to' | 'subject' | 'kind' | 'language' | 'text' | 'html' | 'raw' | 'sentAt'>;

export async function insertOutboxEmail(db: DbOrTx, row: OutboxRow): Promise<string> {
  const [inserted] = await db.insert(emailOutbox).values(row).returning({ id: emailOutbox.id });
  if (!inserted) throw new Error('Outbox insert returned nothing');
  return inserted.id;
}

export async function markOutboxSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(emailOutbox).set({ sentAt: at }).where(eq(emailOutbox.id, id));
}

/** Keeps the first 500 characters of why SMTP refused. */
export async function markOutboxFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db.update(emailOutbox).set({ error: error.slice(0, 500) }).where(eq(emailOutbox.id, id));
}
