import type { Language } from '@peakwise/contracts/account.contract';
import { consentWordingText } from '@peakwise/contracts/consent-history.contract';
import { privacyExportDownloadPath, type PrivacyExport } from '@peakwise/contracts/privacy-export.contract';
import type { DbOrTx } from '../../db/client';
import { csvRows, toCsv, type CsvValue } from '../../lib/csv';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Mailer } from '../email/mailer';
import { privacyExportReadyTemplate } from '../email/templates/privacy-export-ready.template';
import { createArchiveWriter, type ArchiveWriter } from './privacy-export-archive';
import { isSharedDemo } from '../auth/shared-demo';
import * as data from './privacy-export-data.repository';
import { exportReadme } from './privacy-export-readme';
import { DEFAULT_RAW_RETENTION_MONTHS } from '@peakwise/domain/reading-partition-months';
import { appendChunk, exportContact, findPendingExport, insertPendingExport, lockExport, markExportExpired, markExportReady, type PrivacyExportRow } from './privacy-exports.repository';

/** Durable job names (decision 032): one build and one expiry per export, keyed by its id. */
export const PRIVACY_EXPORT_JOBS = { build: 'privacy-export.build', expire: 'privacy-export.expire' } as const;

/** Bytes per stored chunk: small enough to hold in memory, large enough that a big archive is few rows. */
export const EXPORT_CHUNK_BYTES = 512 * 1024;
/** Rows read per page of a long series (readings, rollups). */
export const EXPORT_PAGE_ROWS = 5_000;
const DAY_MS = 86_400_000;

export type BuildDeps = {
  mailer: Mailer;
  publicUrl: string;
  ttlDays: number;
  /** READINGS_RAW_RETENTION_MONTHS, for the README to say where the 5-minute files start. */
  rawRetentionMonths?: number;
  chunkBytes?: number;
  pageRows?: number;
};

/**
 * Asks for an export: a new pending one with its build job, or the one already waiting (pressing
 * twice builds once). One transaction, so an export never exists without its job.
 */
export async function requestExport(tx: DbOrTx, userId: string, language: Language, now: Date): Promise<{ export: PrivacyExportRow; created: boolean }> {
  const created = await insertPendingExport(tx, userId, language, now);
  if (!created) {
    const pending = await findPendingExport(tx, userId);
    if (!pending) throw new Error('A pending export vanished while it was being asked for');
    return { export: pending, created: false };
  }
  await scheduleJob(tx, { name: PRIVACY_EXPORT_JOBS.build, key: `privacy-export:${created.id}:build`, runAt: now, payload: { exportId: created.id } });
  return { export: created, created: true };
}

/** Ready exports whose time is up read as expired, even before the expiry job has dropped their bytes. */
export function exportView(row: PrivacyExportRow, now: Date): PrivacyExport {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime());
  const status = expired ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    requestedAt: row.requestedAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    byteSize: row.byteSize,
    downloadUrl: status === 'ready' ? privacyExportDownloadPath(row.id) : null,
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Page after page until a short one, each written as it arrives. */
async function writePages(archive: ArchiveWriter, page: (after: string | null) => Promise<data.Page>) {
  let after: string | null = null;
  do {
    const next = await page(after);
    if (next.rows.length > 0) await archive.write(csvRows(next.rows as CsvValue[][]));
    after = next.next;
  } while (after !== null);
}

/**
 * The build job: writes every file into the archive's chunks, marks the export ready, schedules
 * its expiry and sends the email, all in the job's transaction (decision 032), so a crash part way
 * leaves nothing and the retry starts clean; a finished export is never built again.
 */
export async function buildExport(tx: DbOrTx, deps: BuildDeps, exportId: string, now: Date): Promise<void> {
  const row = await lockExport(tx, exportId);
  // Gone with its deleted account, or already built by an earlier run.
  if (!row || row.status !== 'pending') return;
  const pageRows = deps.pageRows ?? EXPORT_PAGE_ROWS;
  const archive = createArchiveWriter((seq, chunk) => appendChunk(tx, exportId, seq, chunk), deps.chunkBytes ?? EXPORT_CHUNK_BYTES, now);
  const { userId, language } = row;
  const householdId = await data.exportHouseholdId(tx, userId);

  await archive.file('README.txt');
  await archive.write(exportReadme(language, now, deps.rawRetentionMonths ?? DEFAULT_RAW_RETENTION_MONTHS));
  await archive.file('profile.json');
  const account = await data.exportAccount(tx, userId);
  await archive.write(json(account));
  await archive.file('household.json');
  await archive.write(json(householdId ? await data.exportHousehold(tx, householdId) : null));
  await archive.file('devices.json');
  await archive.write(json(householdId ? await data.exportDevices(tx, householdId) : []));

  const deviceIds = householdId ? await data.exportDeviceIds(tx, householdId) : [];
  const householdSeries: [string, readonly string[], (h: string, after: string | null, size: number) => Promise<data.Page>][] = [
    ['readings.csv', data.READINGS_HEADER, (h, a, s) => data.exportReadingsPage(tx, h, a, s)],
    ['rollups-hourly.csv', data.HOURLY_HEADER, (h, a, s) => data.exportHourlyPage(tx, h, a, s)],
    ['rollups-daily.csv', data.DAILY_HEADER, (h, a, s) => data.exportDailyPage(tx, h, a, s)],
  ];
  for (const [name, header, page] of householdSeries) {
    await archive.file(name);
    await archive.write(toCsv(header, []));
    if (householdId) await writePages(archive, (after) => page(householdId, after, pageRows));
  }
  // Device series device by device: each page is then a range of one primary key.
  const deviceSeries: [string, readonly string[], (d: string, after: string | null, size: number) => Promise<data.Page>][] = [
    ['device-readings.csv', data.DEVICE_READINGS_HEADER, (d, a, s) => data.exportDeviceReadingsPage(tx, d, a, s)],
    ['device-rollups-hourly.csv', data.DEVICE_HOURLY_HEADER, (d, a, s) => data.exportDeviceHourlyPage(tx, d, a, s)],
    ['device-rollups-daily.csv', data.DEVICE_DAILY_HEADER, (d, a, s) => data.exportDeviceDailyPage(tx, d, a, s)],
  ];
  for (const [name, header, page] of deviceSeries) {
    await archive.file(name);
    await archive.write(toCsv(header, []));
    for (const deviceId of deviceIds) await writePages(archive, (after) => page(deviceId, after, pageRows));
  }

  await archive.file('events.json');
  await archive.write(json(householdId ? await data.exportEvents(tx, householdId) : []));
  await archive.file('points-ledger.csv');
  const ledger = householdId ? await data.exportLedger(tx, householdId) : [];
  await archive.write(toCsv(['entry_id', 'created_at_utc', 'points', 'kind', 'event_id', 'detail'], ledger.map((r) => [r.entryId, r.createdAt, r.points, r.kind, r.eventId, r.detail] as CsvValue[])));
  await archive.file('orders.json');
  await archive.write(json(householdId ? await data.exportOrders(tx, householdId) : []));
  await archive.file('cash-outs.json');
  await archive.write(json(householdId ? await data.exportCashOuts(tx, householdId) : []));
  await archive.file('statements.json');
  await archive.write(json(householdId ? await data.exportStatements(tx, householdId) : []));
  await archive.file('payments.json');
  await archive.write(json(householdId ? await data.exportPayments(tx, householdId) : []));
  await archive.file('payment-methods.json');
  await archive.write(json(householdId ? await data.exportPaymentMethods(tx, householdId) : []));
  await archive.file('notification-preferences.json');
  await archive.write(json(await data.exportNotificationPreferences(tx, userId)));
  await archive.file('consents.json');
  const consents = await data.exportConsents(tx, userId);
  await archive.write(json(consents.map((c) => ({ ...c, wordingAsShown: consentWordingText(c) }))));
  await archive.file('sessions.json');
  // A shared demo account's sessions are other visitors' (decision 082).
  const sharedDemo = typeof account?.email === 'string' && isSharedDemo({ email: account.email });
  await archive.write(json(sharedDemo ? [] : await data.exportSessions(tx, userId)));
  const byteSize = await archive.finish();

  const expiresAt = new Date(now.getTime() + deps.ttlDays * DAY_MS);
  await markExportReady(tx, exportId, now, expiresAt, byteSize);
  await scheduleJob(tx, { name: PRIVACY_EXPORT_JOBS.expire, key: `privacy-export:${exportId}:expire`, runAt: expiresAt, payload: { exportId } });
  const contact = await exportContact(tx, userId);
  if (contact) {
    const rendered = privacyExportReadyTemplate(contact.language, { name: contact.name, settingsUrl: `${deps.publicUrl}/app/settings/data`, expiresAt });
    await deps.mailer.sendRecorded({ to: contact.email, kind: 'privacy-export-ready', language: contact.language, ...rendered, messageId: `<privacy-export-${exportId}@peakwise.ca>`, headers: {} }, tx);
  }
}

/** The expiry job: the archive's bytes go, the row stays as a record that it existed. */
export async function expireExport(tx: DbOrTx, exportId: string): Promise<void> {
  const row = await lockExport(tx, exportId);
  if (row?.status === 'ready') await markExportExpired(tx, exportId);
}
