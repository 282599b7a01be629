import { sql } from 'drizzle-orm';
import type { Language } from '@peakwise/contracts/account.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type PrivacyExportRow = {
  id: string;
  userId: string;
  status: 'pending' | 'ready' | 'expired';
  language: Language;
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  byteSize: number | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const columns = sql`id, user_id as "userId", status, language, ${iso('requested_at')} as "requestedAt", ${iso('ready_at')} as "readyAt",
  ${iso('expires_at')} as "expiresAt", byte_size::float8 as "byteSize"`;

/**
 * A new pending export, or null when the member already has one waiting: the partial unique
 * index, not this code, is what keeps it to one.
 */
export async function insertPendingExport(tx: DbOrTx, userId: string, language: Language, now: Date): Promise<PrivacyExportRow | null> {
  const [row] = rowsOf<PrivacyExportRow>(
    await tx.execute(sql`
      insert into privacy_exports (user_id, language, requested_at) values (${userId}, ${language}, ${now.toISOString()}::timestamptz)
      on conflict (user_id) where status = 'pending' do nothing
      returning ${columns}`),
  );
  return row ?? null;
}

export async function findPendingExport(db: DbOrTx, userId: string): Promise<PrivacyExportRow | null> {
  const [row] = rowsOf<PrivacyExportRow>(await db.execute(sql`select ${columns} from privacy_exports where user_id = ${userId} and status = 'pending'`));
  return row ?? null;
}

/** Locked for the job that builds or expires it, so two workers never both do. */
export async function lockExport(tx: DbOrTx, id: string): Promise<PrivacyExportRow | null> {
  const [row] = rowsOf<PrivacyExportRow>(await tx.execute(sql`select ${columns} from privacy_exports where id = ${id}::uuid for update`));
  return row ?? null;
}

export async function findExport(db: DbOrTx, id: string): Promise<PrivacyExportRow | null> {
  const [row] = rowsOf<PrivacyExportRow>(await db.execute(sql`select ${columns} from privacy_exports where id = ${id}::uuid`));
  return row ?? null;
}

export async function listExports(db: DbOrTx, userId: string, limit: number): Promise<PrivacyExportRow[]> {
  return rowsOf<PrivacyExportRow>(await db.execute(sql`select ${columns} from privacy_exports where user_id = ${userId} order by requested_at desc, id desc limit ${limit}`));
}

export async function appendChunk(tx: DbOrTx, exportId: string, seq: number, data: Uint8Array): Promise<void> {
  await tx.execute(sql`insert into privacy_export_chunks (export_id, seq, data) values (${exportId}::uuid, ${seq}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)})`);
}

export async function readChunk(db: DbOrTx, exportId: string, seq: number): Promise<Buffer | null> {
  const [row] = rowsOf<{ data: Buffer | Uint8Array }>(await db.execute(sql`select data from privacy_export_chunks where export_id = ${exportId}::uuid and seq = ${seq}`));
  return row ? Buffer.from(row.data) : null;
}

export async function markExportReady(tx: DbOrTx, id: string, readyAt: Date, expiresAt: Date, byteSize: number): Promise<void> {
  await tx.execute(sql`
    update privacy_exports set status = 'ready', ready_at = ${readyAt.toISOString()}::timestamptz, expires_at = ${expiresAt.toISOString()}::timestamptz, byte_size = ${byteSize}
    where id = ${id}::uuid and status = 'pending'`);
}

/** The archive's bytes go; the row stays, so the member's list says it expired. */
export async function markExportExpired(tx: DbOrTx, id: string): Promise<void> {
  await tx.execute(sql`delete from privacy_export_chunks where export_id = ${id}::uuid`);
  await tx.execute(sql`update privacy_exports set status = 'expired' where id = ${id}::uuid and status = 'ready'`);
}

export type ExportContact = { email: string; name: string; language: Language };

/** Where to send the "ready" email; null once the account is deleted. */
export async function exportContact(db: DbOrTx, userId: string): Promise<ExportContact | null> {
  const [row] = rowsOf<ExportContact>(await db.execute(sql`select email, name, language from profiles where id = ${userId} and deleted_at is null`));
  return row ?? null;
}
