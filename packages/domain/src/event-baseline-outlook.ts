import type { Baseline, DayKind } from './event-baseline';
import { dayKind, MIN_BASELINE_WEEKDAYS, MIN_BASELINE_WEEKEND_DAYS } from './event-baseline';
import type { EventTerms } from './event-points';
import { belowMinimumCut, minimumCutKwh } from './event-points';
import type { LocalDate } from './local-time';
import { addDays } from './local-time';

/**
 * What a member is told before an event about the baseline it will be scored against
 * (docs/decisions/098-the-baseline-shown-before-the-event.md): today's `computeBaseline` run on the
 * readings stored so far, so the figure is the rule's, not a second estimate that could disagree.
 * Before the event the same-day adjustment is not known, so the figure is the unadjusted mean.
 */
export type BaselineOutlook =
  | {
      status: 'estimate';
      kind: DayKind;
      /** The days averaged so far, most recent first. */
      days: LocalDate[];
      /** Sum over the event's slots of the days' mean, kWh, before the same-day adjustment. */
      baselineKwh: number;
      /** The most the home can use and still meet the target and the least cut, kWh, rounded down to a hundredth; 0 when none can. */
      targetKwh: number;
      /** The least cut that earns points over the event, kWh (decision 148). */
      minimumCutKwh: number;
      /** The figure is under the least cut: no use the home can make earns points (decision 148). */
      belowMinimumCut?: true;
      /** Too few days of its own: a comparison group moves the figure on the day (decision 101). */
      byGroup?: true;
      /** With byGroup, no complete past day: the figure is its use over the event day's window (decision 144). */
      byEventDay?: true;
      /** A battery home: nothing moves the figure on the day (decision 138). */
      notAdjusted?: true;
      /** How long before the start the same-day window ends, minutes (decision 138). */
      windowGapMinutes?: number;
    }
  | {
      status: 'insufficient_history';
      kind: DayKind;
      days: LocalDate[];
      /** Days of the event's kind with complete readings the rule needs. */
      needed: number;
      /**
       * Days of that kind still to come before the event day (today included, if it is one):
       * with a reading for each, the home can still reach `needed` in time.
       */
      daysLeft: number;
    }
  | { status: 'event_crosses_midnight' };

export type OutlookInput = {
  baseline: Baseline;
  terms: EventTerms;
  /** The household's local date now. */
  today: LocalDate;
  holidays: Iterable<LocalDate>;
  eventDates: Iterable<LocalDate>;
};

/**
 * The most a home can use over the event and meet a target of `targetPercent` below
 * `baselineKwh` with a cut of at least `minimumCut` kWh (decision 148; 0 for results settled before
 * it), rounded down to the hundredth of a kWh the screens show, so a member who uses exactly what
 * they are shown still meets it: a target of 1.835 kWh shown to two decimals read "1.84", which
 * misses it (the epsilon keeps float noise from costing the last hundredth). Never below 0.
 */
export function targetKwhFor(baselineKwh: number, targetPercent: number, minimumCut = 0): number {
  const most = Math.min(baselineKwh * (100 - targetPercent), (baselineKwh - minimumCut) * 100);
  return Math.max(0, Math.floor(most + 1e-6) / 100);
}

export function baselineOutlook({ baseline, terms, today, holidays, eventDates }: OutlookInput): BaselineOutlook {
  if (baseline.ok) {
    const baselineKwh = baseline.slots.reduce((sum, slot) => sum + (baseline.unadjustedKwhBySlot[slot] ?? 0), 0);
    const minimumCut = minimumCutKwh(baseline.slots.length);
    const below = belowMinimumCut(baselineKwh, minimumCut) ? { belowMinimumCut: true as const } : {};
    const estimate = { status: 'estimate' as const, kind: baseline.kind, days: baseline.days, baselineKwh, targetKwh: targetKwhFor(baselineKwh, terms.targetPercent, minimumCut), minimumCutKwh: minimumCut, ...below };
    const { method, windowGapMinutes } = baseline.adjustment;
    if (method === 'comparison') return baseline.fromEventDay ? { ...estimate, byGroup: true, byEventDay: true } : { ...estimate, byGroup: true };
    if (method === 'none') return { ...estimate, notAdjusted: true };
    return windowGapMinutes === undefined ? estimate : { ...estimate, windowGapMinutes };
  }
  if (baseline.reason === 'event_crosses_midnight' || baseline.eventDate === null) return { status: 'event_crosses_midnight' };
  const holidaySet = new Set(holidays);
  const eventSet = new Set(eventDates);
  const kind = dayKind(baseline.eventDate, holidaySet);
  let daysLeft = 0;
  for (let date = today; date < baseline.eventDate; date = addDays(date, 1)) {
    if (!eventSet.has(date) && dayKind(date, holidaySet) === kind && !baseline.days.includes(date)) daysLeft++;
  }
  return { status: 'insufficient_history', kind, days: baseline.days, needed: kind === 'weekday' ? MIN_BASELINE_WEEKDAYS : MIN_BASELINE_WEEKEND_DAYS, daysLeft };
}
