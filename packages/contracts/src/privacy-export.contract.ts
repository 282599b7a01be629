import { z } from 'zod';

/**
 * "Download everything Peakwise holds about me" (decision 052): a zip built in the background,
 * mailed when ready, downloadable by its member until it expires.
 */
export const PRIVACY_EXPORT_STATUSES = ['pending', 'ready', 'expired'] as const;

export const PRIVACY_EXPORT_MESSAGES = {
  notFound: 'No such export.',
  notReady: 'This export is still being prepared. We will email you when it is ready.',
  expired: 'This download link has expired. Ask for a new export in Settings.',
} as const;

export const PRIVACY_EXPORT_DEFAULT_TTL_DAYS = 7;

export const privacyExportSchema = z.object({
  id: z.string(),
  status: z.enum(PRIVACY_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  /** Where to fetch the archive while it is ready; null otherwise. */
  downloadUrl: z.string().nullable(),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

export const privacyExportDownloadPath = (id: string) => `/api/privacy-exports/${encodeURIComponent(id)}/download`;
