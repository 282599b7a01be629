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

/**
 * Why a series of the file is left out, not refused (docs/green-button.md): a utility puts other
 * quantities beside the meter's energy (weather in kelvin or °C, power factor, volts, demand in
 * W), or energy Peakwise has no series for (net flow, cumulative registers).
 */
export const greenButtonSkipReasonSchema = z.enum(['not_energy', 'unsupported_flow', 'cumulative']);
export type GreenButtonSkipReason = z.infer<typeof greenButtonSkipReasonSchema>;

export const GREEN_BUTTON_SKIP_MESSAGES: Record<GreenButtonSkipReason, string> = {
  not_energy: 'These readings are not electricity in watt-hours (a temperature, power, voltage or other quantity), so they were left out.',
  unsupported_flow: 'These readings are net energy or another flow direction; only energy delivered or received is imported.',
  cumulative: 'These readings are meter register totals, not the energy of each interval.',
};

/** One MeterReading (or ReadingType) whose readings were left out. */
export const greenButtonSkippedSeriesSchema = z.object({
  /** The MeterReading's Atom `self` link, when the file gave one. */
  meterReading: z.string().nullable(),
  /** ESPI unit of measure of its ReadingType (72 = Wh, 23 = °C, 38 = W, …); null when unstated. */
  uom: z.number().int().nullable(),
  flowDirection: z.number().int(),
  /** IntervalReadings of this series in the file, every one skipped. */
  readings: z.number().int().min(0),
  reason: greenButtonSkipReasonSchema,
  message: z.string(),
});
export type GreenButtonSkippedSeries = z.infer<typeof greenButtonSkippedSeriesSchema>;

/**
 * What became of each IntervalReading of the file; the five always add up to `readings`.
 * stored: at least one of its 5-minute intervals was written (new or a correction);
 * duplicate: already stored as sent, or an exact repeat of a later reading in the file;
 * superseded: another reading of the file took its place (a later one with the same start and a
 * different value, or finer ones over all of its time); refused: listed in refusedReadings;
 * skipped: in a series that is not imported (listed in skippedSeries).
 */
export const greenButtonReadingOutcomesSchema = z.object({
  stored: z.number().int().min(0),
  duplicate: z.number().int().min(0),
  superseded: z.number().int().min(0),
  refused: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
export type GreenButtonReadingOutcomes = z.infer<typeof greenButtonReadingOutcomesSchema>;

export const greenButtonImportResultSchema = z.object({
  /** IntervalReadings found in the file. */
  readings: z.number().int().min(0),
  /** Of those, refused (listed in refusedReadings, up to GREEN_BUTTON_REFUSED_LIST_LIMIT). */
  refused: z.number().int().min(0),
  refusedReadings: z.array(greenButtonRefusedReadingSchema),
  /** Every reading of the file by what became of it. */
  outcomes: greenButtonReadingOutcomesSchema,
  /** The series left out, one entry per MeterReading, with how many readings each held. */
  skippedSeries: z.array(greenButtonSkippedSeriesSchema),
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
