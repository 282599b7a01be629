import type { Baseline } from './event-baseline';
import { BASELINE_WEEKDAYS, BASELINE_WEEKEND_DAYS, dayKind, WEEKDAY_LOOKBACK_DAYS, WEEKEND_LOOKBACK_DAYS } from './event-baseline';
import type { DaySlots } from './event-intervals';
import { ADJUSTMENT_WINDOW_MINUTES, adjustmentWindowSlots, clockOf, eventSlots, NEXT_DAY_MARK, slotOf } from './event-intervals';
import type { LocalDate } from './local-time';
import { addDays, utcOffsetMs, zonedTimeToUtc } from './local-time';
import { HOUR_MS } from './time-constants';

const SLOT_MS = 5 * 60_000;
/**
 * Days of the event's kind read first beyond the ones a baseline uses, so that a household with
 * another event or a gap among its recent days (members who take part do so week after week)
 * still has its baseline from the first read.
 */
export const FIRST_READ_SPARE_DAYS = 3;

/** Instants [fromMs, toMs) whose readings a settlement reads. */
export type ReadingRange = { fromMs: number; toMs: number };

/**
 * Which of a household's readings its event's baseline can look at, so settlement reads those
 * and not two months of whole days (docs/decisions/038-set-based-settlement-and-live-scorecard.md).
 * The baseline only looks at the event's and the adjustment window's clock times, on the event
 * day and on earlier days of the same kind within the look-back; every range here covers that,
 * so `computeBaseline` on the readings inside them is `computeBaseline` on all of them.
 *
 * `first` holds the event day and only the most recent days of the event's kind, as many as a
 * baseline uses and a few more: a household with no more gaps or other events than that needs
 * nothing else.
 * `full` holds every day of that kind in the look-back. Read it when `firstReadIsEnough` says no.
 */
export type ReadingPlan = { eventDate: LocalDate | null; wanted: number; first: ReadingRange[]; full: ReadingRange[] };

/**
 * The event day's reads: the same-day adjustment window (the three hours ending `windowGapMinutes`
 * before the start, `adjustmentWindowSlots`; none when null, a method without one) and the event
 * itself. All a frozen baseline still needs.
 */
export function eventDayRanges(eventStart: Date, eventEnd: Date, windowGapMinutes: number | null): ReadingRange[] {
  const startMs = Math.floor(eventStart.getTime() / SLOT_MS) * SLOT_MS;
  const event = { fromMs: startMs, toMs: eventEnd.getTime() };
  if (windowGapMinutes === null) return [event];
  const toMs = startMs - windowGapMinutes * 60_000;
  return [{ fromMs: toMs - ADJUSTMENT_WINDOW_MINUTES * 60_000, toMs }, event];
}

/** `windowGapMinutes`: how long before the start the method's window ends; null when it reads none. */
export function baselineReadingPlan(eventStart: Date, eventEnd: Date, timeZone: string, holidays: Iterable<LocalDate>, windowGapMinutes: number | null): ReadingPlan {
  const event = eventSlots(eventStart, eventEnd, timeZone);
  // No baseline whatever the readings say (the event reaches a third local day).
  if (!event) return { eventDate: null, wanted: 0, first: [], full: [] };
  const window = windowGapMinutes === null ? null : adjustmentWindowSlots(eventStart, timeZone, windowGapMinutes);
  const historyDay = historyDayRanges(event, window, timeZone);
  const holidaySet = new Set(holidays);
  const kind = dayKind(event.date, holidaySet);
  const [wanted, lookback] = kind === 'weekday' ? [BASELINE_WEEKDAYS, WEEKDAY_LOOKBACK_DAYS] : [BASELINE_WEEKEND_DAYS, WEEKEND_LOOKBACK_DAYS];

  const dayRanges = eventDayRanges(eventStart, eventEnd, windowGapMinutes);
  const eventDay: ReadingRange[] = window ? dayRanges : dayRanges.slice(-1);
  const sameKind: LocalDate[] = [];
  for (let back = 1; back <= lookback; back++) {
    const date = addDays(event.date, -back);
    if (dayKind(date, holidaySet) === kind) sameKind.push(date);
  }
  return {
    eventDate: event.date,
    wanted,
    first: [...eventDay, ...sameKind.slice(0, wanted + FIRST_READ_SPARE_DAYS).flatMap(historyDay)],
    full: [...eventDay, ...sameKind.flatMap(historyDay)],
  };
}

/**
 * The instants a baseline reads on one of its days: runs of clock times, the adjustment window and
 * the event, the event's part after midnight on the next day (the time between window and event is
 * not read). Null window: the event alone.
 */
function historyDayRanges(event: DaySlots, window: DaySlots | null, timeZone: string): (date: LocalDate) => ReadingRange[] {
  const clocks = event.slots.map(clockOf);
  const runs = [
    { offset: 0, clocks: (window?.slots ?? []).map(clockOf) },
    { offset: 0, clocks: clocks.filter((c) => !c.endsWith(NEXT_DAY_MARK)) },
    { offset: 1, clocks: clocks.filter((c) => c.endsWith(NEXT_DAY_MARK)).map((c) => c.slice(0, -NEXT_DAY_MARK.length)) },
  ]
    .filter((run) => run.clocks.length > 0)
    .map((run) => ({ offset: run.offset, ...clockRun(run.clocks) }));
  return (date) =>
    runs.map(({ offset, lo, hi }) => {
      const day = addDays(date, offset);
      let fromMs = zonedTimeToUtc(day, lo[0], lo[1], timeZone).getTime();
      let toMs = zonedTimeToUtc(day, hi[0], hi[1], timeZone).getTime() + SLOT_MS;
      // A clock change inside the range (an event near 2 a.m.): an hour either side still covers it.
      if (utcOffsetMs(new Date(fromMs), timeZone) !== utcOffsetMs(new Date(toMs), timeZone)) {
        fromMs -= HOUR_MS;
        toMs += HOUR_MS;
      }
      return { fromMs, toMs };
    });
}

/** What a baseline of these slots and this window reads on each of `days` (a frozen row's, say). */
export function baselineDayRanges(days: readonly LocalDate[], event: DaySlots, window: DaySlots | null, timeZone: string): ReadingRange[] {
  return days.flatMap(historyDayRanges(event, window, timeZone));
}

/** The first and last clock time of a run of slots, as [hour, minute]. */
function clockRun(clocks: readonly string[]): { lo: [number, number]; hi: [number, number] } {
  const sorted = [...clocks].sort();
  const parse = (clock: string) => clock.split(':').map(Number) as [number, number];
  return { lo: parse(sorted[0]!), hi: parse(sorted[sorted.length - 1]!) };
}

/**
 * Whether a baseline computed from the `first` ranges is the one all readings give. It is when
 * it found as many days as a baseline uses: the days it walked past were all among the ones read
 * (or of another kind, skipped whatever their readings), so older readings could not change it.
 * With fewer (a gap, another event's day), the full look-back may hold more days.
 */
export function firstReadIsEnough(baseline: Baseline, plan: ReadingPlan): boolean {
  if (plan.eventDate === null) return true;
  return baseline.ok && baseline.days.length === plan.wanted;
}

/** The local date an instant falls on, for the household's zone (other events' days). */
export function eventDateOf(start: Date, timeZone: string): LocalDate {
  return slotOf(start, timeZone).date;
}
