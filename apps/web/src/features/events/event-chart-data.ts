import type { EventResult } from '@peakwise/contracts/events.contract';
import type { ChartPoint } from '@/components/charts/chart-types';

// The second pass through a repeated hour (the fall-back night) is keyed "01:05#2" (decision 029),
// and an event's slots after local midnight "00:05+1" (decision 102): a label shows the clock time.
const REPEAT_MARK = '#2';
const NEXT_DAY_MARK = '+1';

/**
 * A slot key is a clock time on the household's wall, not an instant: it is formatted as that
 * clock time (in UTC, so no zone can shift it) in the UI language, "6:05 p.m." or "18 h 05".
 */
export function slotLabel(slot: string, locale: string): string {
  const [hour, minute] = slot.replace(NEXT_DAY_MARK, '').replace(REPEAT_MARK, '').split(':').map(Number);
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return slot;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}

export const isRepeatedSlot = (slot: string) => slot.includes(REPEAT_MARK);

/** Baseline and actual per 5-minute slot; an interval that never arrived is "no data", never zero. */
export function eventChartPoints(result: EventResult, locale: string, repeated: (time: string) => string): ChartPoint[] {
  return result.intervals.map((interval) => {
    const time = slotLabel(interval.slot, locale);
    const label = isRepeatedSlot(interval.slot) ? repeated(time) : time;
    return { label, title: label, values: [interval.baselineKwh, interval.actualKwh] };
  });
}
