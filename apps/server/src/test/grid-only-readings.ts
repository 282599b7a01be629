import { INTERVAL_MS } from '@peakwise/domain/time-constants';

/** A meter's 5-minute reading, as ingested, for a home without panels: all it used came from the grid. */
export const gridOnlyReading = (ms: number, kwh: number) => ({ ts: new Date(ms).toISOString(), productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 });

/** Every 5-minute reading of each day over the span it gives (start included, end not), `kwh(day, ms)` each. */
export function gridOnlyDays(days: readonly string[], span: (day: string) => readonly [Date, Date], kwh: (day: string, ms: number) => number) {
  return days.flatMap((day) => {
    const [from, to] = span(day);
    const out: ReturnType<typeof gridOnlyReading>[] = [];
    for (let ms = from.getTime(); ms < to.getTime(); ms += INTERVAL_MS) out.push(gridOnlyReading(ms, kwh(day, ms)));
    return out;
  });
}
