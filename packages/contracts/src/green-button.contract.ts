import { z } from 'zod';

/**
 * Green Button (ESPI Atom XML) import and export of the household meter (decision 046,
 * docs/green-button.md). The import answers in two units: the file's own readings (what the
 * member's utility sent, the unit of every refusal) and the 5-minute intervals they became.
 */

export const GREEN_BUTTON_IMPORT_PATH = '/api/green-button/import';
export const GREEN_BUTTON_EXPORT_PATH = '/api/green-button/export';
/** Form field of a multipart upload; a raw XML body needs none. */
export const GREEN_BUTTON_FILE_FIELD = 'file';
/** Default largest upload (GREEN_BUTTON_MAX_BYTES): a year of 15-minute data is about 8 MB. */
export const GREEN_BUTTON_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** Longest export, in local days (from and to both included). */
export const GREEN_BUTTON_MAX_EXPORT_DAYS = 400;
/** At most this many refused readings are listed one by one; `refused` counts them all. */
export const GREEN_BUTTON_REFUSED_LIST_LIMIT = 100;
/** ESPI unit of measure 72 = watt-hours, the only unit a household meter series can take. */
export const GREEN_BUTTON_UOM_WH = 72;
/** The longest reading imported: a day's total is spread over its 288 intervals, a month's is not. */
export const GREEN_BUTTON_MAX_READING_SECONDS = 86_400;
/** What the export writes: hourly intervals, values in milliwatt-hours (uom 72 × 10^-3). */
export const GREEN_BUTTON_EXPORT_INTERVAL_SECONDS = 3600;
export const GREEN_BUTTON_EXPORT_POWER_OF_TEN = -3;

/** Why a whole file is refused (nothing is written). */
export const greenButtonFileErrorSchema = z.enum(['malformed_xml', 'not_green_button', 'foreign_unit', 'unsupported_reading_type', 'no_readings', 'payload_too_large', 'missing_file']);
export type GreenButtonFileError = z.infer<typeof greenButtonFileErrorSchema>;

/** Why one reading of a file is refused (the others are still imported). */
export const greenButtonRefusalReasonSchema = z.enum([
  'invalid_value',
  'interval_not_multiple',
  'interval_misaligned',
  'interval_too_long',
  'negative',
  'too_large',
  'future_timestamp',
  'too_old',
  'correction_window_closed',
]);
export type GreenButtonRefusalReason = z.infer<typeof greenButtonRefusalReasonSchema>;

export const GREEN_BUTTON_REFUSAL_MESSAGES: Record<GreenButtonRefusalReason, string> = {
  invalid_value: 'The reading has no usable start, duration or value.',
  interval_not_multiple: 'The reading’s duration is not a whole number of 5-minute intervals.',
  interval_misaligned: 'The reading does not start on a 5-minute boundary (e.g. 12:05:00).',
  interval_too_long: 'Readings longer than one day are not imported: they cannot be placed on the days they cover.',
  negative: 'The reading’s value is negative.',
  too_large: 'The reading is larger than a household meter can measure in its interval.',
  future_timestamp: 'The reading is in the future.',
  too_old: 'The reading is more than ten years old.',
  correction_window_closed: 'A different value is already stored for this period, and stored readings can only be changed within 7 days.',
};

export const greenButtonRefusedReadingSchema = z.object({
  /** Position of the IntervalReading in the file, counted from 0 across all blocks. */
  index: z.number().int().min(0),
  /** Start of the reading (ISO-8601 UTC), when the file gave one. */
  start: z.string().nullable(),
  reason: greenButtonRefusalReasonSchema,
  message: z.string(),
});
export type GreenButtonRefusedReading = z.infer<typeof greenButtonRefusedReadingSchema>;

export const greenButtonImportResultSchema = z.object({
  /** IntervalReadings found in the file. */
  readings: z.number().int().min(0),
  /** Of those, refused (listed in refusedReadings, up to GREEN_BUTTON_REFUSED_LIST_LIMIT). */
  refused: z.number().int().min(0),
  refusedReadings: z.array(greenButtonRefusedReadingSchema),
  /** 5-minute intervals: newly stored, replacing a different value, already stored as sent. */
  intervals: z.object({
    accepted: z.number().int().min(0),
    corrected: z.number().int().min(0),
    duplicates: z.number().int().min(0),
  }),
  /** The span the imported readings cover (ISO-8601 UTC, end exclusive); null when none was usable. */
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Distinct reading lengths in the file, in seconds (900 = 15 minutes). */
  intervalSeconds: z.array(z.number().int()),
});
export type GreenButtonImportResult = z.infer<typeof greenButtonImportResultSchema>;

/** 2026-02-30 parses as a Date (it rolls over to March); only a date that prints back the same is real. */
function isCalendarDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

/** Member's local dates, both included. */
export const greenButtonExportQuerySchema = z
  .object({ from: localDateSchema, to: localDateSchema })
  .refine((q) => isCalendarDate(q.from) && isCalendarDate(q.to), { message: 'Use real calendar dates.' })
  .refine((q) => q.from <= q.to, { message: 'The start date must not be after the end date.' })
  .refine((q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1 <= GREEN_BUTTON_MAX_EXPORT_DAYS, {
    message: `A download covers at most ${GREEN_BUTTON_MAX_EXPORT_DAYS} days.`,
  });
export type GreenButtonExportQuery = z.infer<typeof greenButtonExportQuerySchema>;
