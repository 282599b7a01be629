/**
 * What Peakwise reports to a VTN for an event (decision 110): the baseline and the actual use of the
 * opted-in homes, summed, per 5-minute interval from the event's start. The VTN's report descriptors
 * choose the unit: energy per interval (kWh, BASELINE and USAGE) unless one asks for power (a DEMAND
 * payload, or KW), then average kW (BASELINE and DEMAND). Other payload types are not sent; per-
 * resource figures only for homes whose members agreed (decision 121).
 */

import { INTERVAL_HOURS } from './time-constants';

export type OpenAdrReportUnits = 'KWH' | 'KW';

/** One interval of the sums, in kWh; actual null while no home's reading for it is in. */
export type ReportFigure = { index: number; baselineKwh: number; actualKwh: number | null };

export type OpenAdrReportInterval = { id: number; payloads: { type: string; values: number[] }[] };

/** Ten-thousandths of a kWh (0.1 Wh): more than any meter gives, and the same text every time. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

const REPORTABLE = new Set(['BASELINE', 'USAGE', 'DEMAND']);

/** The unit the VTN's descriptors ask for, or null when they ask for nothing Peakwise reports. */
export function openAdrReportUnits(descriptors: unknown): OpenAdrReportUnits | null {
  if (!Array.isArray(descriptors)) return null;
  const asked = descriptors.filter((d): d is { payloadType: string; units?: string | null } => typeof d === 'object' && d !== null && REPORTABLE.has((d as { payloadType?: unknown }).payloadType as string));
  if (asked.length === 0) return null;
  return asked.some((d) => d.payloadType === 'DEMAND' || d.units === 'KW') ? 'KW' : 'KWH';
}

/**
 * Whether the descriptors ask for each resource's own figures: a reportable one whose `aggregate`
 * is not true (the documents' default is false, "results for each resource"). Asked, the homes
 * whose members agreed get one resource each beside the sum (decision 121); the rest stay in the sum.
 */
export function openAdrAsksPerResource(descriptors: unknown): boolean {
  if (!Array.isArray(descriptors)) return false;
  return descriptors.some((d) => typeof d === 'object' && d !== null && REPORTABLE.has((d as { payloadType?: unknown }).payloadType as string) && (d as { aggregate?: unknown }).aggregate !== true);
}

/** The report's intervals: BASELINE always, the actual (USAGE or DEMAND) once a reading for the interval is in. */
export function openAdrReportIntervals(figures: ReportFigure[], units: OpenAdrReportUnits): OpenAdrReportInterval[] {
  const value = (kwh: number) => round(units === 'KW' ? kwh / INTERVAL_HOURS : kwh);
  const actualType = units === 'KW' ? 'DEMAND' : 'USAGE';
  return [...figures]
    .sort((a, b) => a.index - b.index)
    .map((f) => ({
      id: f.index,
      payloads: [{ type: 'BASELINE', values: [value(f.baselineKwh)] }, ...(f.actualKwh === null ? [] : [{ type: actualType, values: [value(f.actualKwh)] }])],
    }));
}

/** The totals shown on /ops: the baseline over the intervals with an actual, against that actual, in kWh. */
export function openAdrReportTotals(figures: ReportFigure[]): { intervals: number; baselineKwh: number; actualKwh: number } {
  const inAlready = figures.filter((f) => f.actualKwh !== null);
  return {
    intervals: figures.length,
    baselineKwh: round(inAlready.reduce((sum, f) => sum + f.baselineKwh, 0)),
    actualKwh: round(inAlready.reduce((sum, f) => sum + (f.actualKwh ?? 0), 0)),
  };
}
