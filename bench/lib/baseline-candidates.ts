/**
 * The baselines the harness scores, as configurations of the pure methods in packages/domain. Each
 * returns the baseline kWh over the event's slots, or null when the method has none for the home.
 */

import { computeBaseline, WEEKDAY_LOOKBACK_DAYS } from '../../packages/domain/src/event-baseline';
import { averagingBaseline, eligibleDays, slotsKwh, type AveragingMethod, type MethodInput } from '../../packages/domain/src/event-baseline-methods';
import { baselineNoiseKwh, eventWindowNoiseKwh } from '../../packages/domain/src/event-points-rule';
import { comparisonBaseline, comparisonGroup, type ComparisonHome, type ComparisonTarget } from '../../packages/domain/src/event-baseline-comparison';
import { regressionBaseline } from '../../packages/domain/src/event-baseline-regression';
import { grossLoadBaseline, type GrossLoadVariant } from '../../packages/domain/src/event-baseline-gross';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { addDays, zonedTimeToUtc } from '../../packages/domain/src/local-time';
import { clocksBetween, type PlannedEvent, type Region } from './baseline-population';

export type OwnContext = {
  region: Region;
  event: PlannedEvent;
  readings: Map<LocalDate, Record<string, number>>;
  /** Outdoor temperature over the event's hours, per date. */
  temperatureC: Map<LocalDate, number>;
  /** Dates of the area's real events this home was asked to cut in (the settlement code's exclusion). */
  calledDates: LocalDate[];
  /** Gross load and production per slot, for a home whose production is measured (its solar homes); null otherwise. */
  gross: Map<LocalDate, Record<string, number>> | null;
  production: Map<LocalDate, Record<string, number>> | null;
  /** The home has a battery: settlement does not know this today; a candidate that reads it needs the member to say so. */
  battery: boolean;
  /** The event day's readings had there been no event: for the diagnostics only, never a candidate. */
  counterfactualDay: Record<string, number> | null;
};

/** Which past event days a baseline leaves out: every area event (decision 029), or only those the home was called to. */
type Exclusion = 'area' | 'called';

function excluded(ctx: OwnContext, exclusion: Exclusion): LocalDate[] {
  return (exclusion === 'area' ? ctx.region.eventDates : ctx.calledDates).filter((d) => d !== ctx.event.date);
}

export type OwnMethod = { name: string; run: (ctx: OwnContext) => number | null };

function methodInput(ctx: OwnContext, windowHours: number, gapHours: number, exclusion: Exclusion = 'area'): MethodInput {
  const from = ctx.event.startHour * 60;
  return {
    eventDate: ctx.event.date,
    eventSlots: clocksBetween(from, from + ctx.event.hours * 60),
    windowSlots: windowHours > 0 ? clocksBetween(from - (windowHours + gapHours) * 60, from - gapHours * 60) : [],
    readings: ctx.readings,
    eventDates: excluded(ctx, exclusion),
    holidays: ctx.region.holidays,
  };
}

function averaging(name: string, method: AveragingMethod, windowHours = 3, gapHours = 1): OwnMethod {
  return {
    name,
    run: (ctx) => {
      const result = averagingBaseline(methodInput(ctx, method.adjustment === 'none' ? 0 : windowHours, gapHours), method);
      return result.ok ? result.kwh : null;
    },
  };
}

const TEN: Pick<AveragingMethod, 'keep' | 'pick'> = { keep: 10, pick: 'recent' };

function todaysRule(name: string, exclusion: Exclusion): OwnMethod {
  return {
    name,
    run: (ctx) => {
      const { city } = ctx.region;
      const start = zonedTimeToUtc(ctx.event.date, ctx.event.startHour, 0, city.timeZone);
      const end = new Date(start.getTime() + ctx.event.hours * 3_600_000);
      // Decision 029's rule as RESULTS.md names it; the additive one decision 101 chose is the 10/10 additive averaging row.
      const b = computeBaseline({
        eventStart: start, eventEnd: end, timeZone: city.timeZone, readings: ctx.readings, eventDates: excluded(ctx, exclusion), holidays: ctx.region.holidays, adjustment: 'multiplicative',
      });
      return b.ok ? Object.values(b.kwhBySlot).reduce((s, v) => s + v, 0) : null;
    },
  };
}

/** Decision 101's capped additive rule with its 3-hour window ending `gapHours` before the start. */
function settledWithGap(name: string, gapHours: number): OwnMethod {
  return averaging(name, { ...TEN, adjustment: 'additive', cap: 0.2 }, 3, gapHours);
}

function regression(name: string, sameDay: boolean, exclusion: Exclusion = 'area'): OwnMethod {
  return {
    name,
    run: (ctx) => {
      const r = regressionBaseline({ ...methodInput(ctx, sameDay ? 3 : 0, 1, exclusion), temperatureC: ctx.temperatureC, sameDay });
      return r.ok ? r.kwh : null;
    },
  };
}

/**
 * Decision 101's capped additive rule, with the window read on gross load for a home whose
 * production is measured (decision 126); other homes by decision 101's rule unchanged.
 */
function grossLoad(name: string, variant: GrossLoadVariant, gapHours = 1): OwnMethod {
  const settled = settledWithGap(name, gapHours);
  return {
    name,
    run: (ctx) => {
      if (!ctx.gross || !ctx.production) return settled.run(ctx);
      const input = methodInput(ctx, 3, gapHours);
      const { days, minimum } = eligibleDays(input, true);
      if (days.length < minimum) return null;
      const b = grossLoadBaseline({
        days,
        event: { date: ctx.event.date, slots: [...input.eventSlots] },
        window: { date: ctx.event.date, slots: [...input.windowSlots] },
        net: ctx.readings,
        gross: ctx.gross,
        production: ctx.production,
        variant,
      });
      return b ? b.kwh : settled.run(ctx);
    },
  };
}

export const GROSS_WINDOW = '10/10, +, 3 h, cap ±20 %, window on gross load where production is measured';
export const GROSS_PRODUCTION = '10/10, +, 3 h, cap ±20 %, window on gross load and the event hours\' production difference where production is measured';
export const GROSS_BASELINE = '10/10, +, 3 h, cap ±20 %, gross-load baseline less the day\'s production where production is measured';

/**
 * Candidates aimed at where the settled rule's over-estimate comes from (issue 31, decision 133):
 * pre-event behaviour (pre-cooling, pre-heating, a battery held for the event) raising the window
 * the additive adjustment reads, and solar homes' window carrying midday sun into the evening.
 */
export const GAP_2H = '10/10, +, 3 h ending 2 h before, cap ±20 %';
export const GAP_90MIN = '10/10, +, 3 h ending 90 min before, cap ±20 %';
export const HYBRID_GROSS = "gross-load baseline for solar homes without a battery, decision 101's rule for the rest";
export const BATTERY_UNADJUSTED = "decision 101's rule, battery homes without the same-day adjustment";
export const COMBINED = "window ending 2 h before; solar homes without a battery on the gross-load baseline; battery homes unadjusted";
// Formed after the first runs: battery homes with panels keep decision 101's window, since the decomposition finds their
// window barely moved by the held battery (its surplus charges it either way) and correcting the weather.
export const COMBINED_SOLAR_BATTERY_SETTLED = "window ending 2 h before; solar homes without a battery on the gross-load baseline; battery homes without solar unadjusted, with solar by decision 101's rule";

const settledRule = settledWithGap('decision 101', 1);
const gap2h = settledWithGap(GAP_2H, 2);
const daysAlone = averaging('days alone', { ...TEN, adjustment: 'none', cap: 0 });
const grossBaseline1h = grossLoad(HYBRID_GROSS, 'gross-baseline', 1);
const grossBaseline2h = grossLoad(COMBINED, 'gross-baseline', 2);

export const AIMED_METHODS: readonly OwnMethod[] = [
  gap2h,
  settledWithGap(GAP_90MIN, 1.5),
  { name: HYBRID_GROSS, run: (ctx) => (ctx.gross && !ctx.battery ? grossBaseline1h.run(ctx) : settledRule.run(ctx)) },
  { name: BATTERY_UNADJUSTED, run: (ctx) => (ctx.battery ? daysAlone.run(ctx) : settledRule.run(ctx)) },
  { name: COMBINED, run: (ctx) => (ctx.battery ? daysAlone.run(ctx) : ctx.gross ? grossBaseline2h.run(ctx) : gap2h.run(ctx)) },
  {
    name: COMBINED_SOLAR_BATTERY_SETTLED,
    run: (ctx) => (ctx.battery ? (ctx.gross ? settledRule.run(ctx) : daysAlone.run(ctx)) : ctx.gross ? grossBaseline2h.run(ctx) : gap2h.run(ctx)),
  },
];

/**
 * Not candidates: decision 101's rule taken apart, to say where its error comes from. Its days
 * with the cap at 0 (the days' own error: weather, season, the day's luck), and its rule with the
 * window read on the event day as it would have run without the event (what the home's own
 * pre-event behaviour adds is the settled rule less this).
 */
export const DIAGNOSTIC_DAYS = "diagnostic: decision 101's days, no adjustment";
export const DIAGNOSTIC_UNDISTURBED = "diagnostic: decision 101's rule, window read on the day without the event";

export const DIAGNOSTICS: readonly OwnMethod[] = [
  averaging(DIAGNOSTIC_DAYS, { ...TEN, adjustment: 'additive', cap: 0 }),
  {
    name: DIAGNOSTIC_UNDISTURBED,
    run: (ctx) => {
      if (!ctx.counterfactualDay) return null;
      const readings = new Map(ctx.readings);
      readings.set(ctx.event.date, ctx.counterfactualDay);
      return settledRule.run({ ...ctx, readings });
    },
  },
];

/** Event-day temperature over the event's hours less the mean over decision 101's baseline days (null without them). */
export function temperatureGapC(ctx: OwnContext): number | null {
  const input = methodInput(ctx, 3, 1);
  const { days, minimum } = eligibleDays(input, true);
  const kept = days.slice(0, TEN.keep);
  const today = ctx.temperatureC.get(ctx.event.date);
  if (kept.length < minimum || today === undefined) return null;
  return today - kept.reduce((s, d) => s + (ctx.temperatureC.get(d) ?? Number.NaN), 0) / kept.length;
}

export const OWN_METHODS: readonly OwnMethod[] = [
  todaysRule("today's rule (10/10, ×, 3 h window 1 h before, 0.8–1.2)", 'area'),
  todaysRule("today's rule, leaving out only the events the home was called to", 'called'),
  averaging('10/10, no adjustment', { ...TEN, adjustment: 'none', cap: 0 }),
  averaging('10/10, ×, 3 h, cap ±40 %', { ...TEN, adjustment: 'multiplicative', cap: 0.4 }),
  averaging('10/10, ×, 3 h, uncapped', { ...TEN, adjustment: 'multiplicative', cap: Infinity }),
  averaging('10/10, +, 3 h, cap ±20 %', { ...TEN, adjustment: 'additive', cap: 0.2 }),
  averaging('10/10, +, 3 h, uncapped', { ...TEN, adjustment: 'additive', cap: Infinity }),
  averaging('10/10, +, 2 h, uncapped', { ...TEN, adjustment: 'additive', cap: Infinity }, 2),
  averaging('10/10, +, 4 h, uncapped', { ...TEN, adjustment: 'additive', cap: Infinity }, 4),
  averaging('10/10, +, 3 h ending at the start, uncapped', { ...TEN, adjustment: 'additive', cap: Infinity }, 3, 0),
  // Decision 101's rule with its window moved up to the start: does the hour's gap still earn its place?
  averaging('10/10, +, 3 h ending at the start, cap ±20 %', { ...TEN, adjustment: 'additive', cap: 0.2 }, 3, 0),
  averaging('high 5 of 10, no adjustment', { keep: 5, pick: 'highest', adjustment: 'none', cap: 0 }),
  averaging('high 5 of 10, +, 3 h, uncapped', { keep: 5, pick: 'highest', adjustment: 'additive', cap: Infinity }),
  regression('regression on temperature, own 45 days', false),
  regression('regression on temperature + same-day 3 h window', true),
  regression('regression on temperature + same-day 3 h window, leaving out only the events the home was called to', true, 'called'),
  grossLoad(GROSS_WINDOW, 'window'),
  grossLoad(GROSS_BASELINE, 'gross-baseline'),
  grossLoad(GROSS_PRODUCTION, 'production-difference'),
  ...AIMED_METHODS,
];

export const COMPARISON_METHODS = ['comparison group, additive', 'comparison group, ×'] as const;

/** What a home contributes to comparison groups at one event. */
export type ComparisonEntry = { home: ComparisonHome; target: ComparisonTarget };

export function comparisonEntry(ctx: OwnContext, id: string, called: boolean, stratum: string, actualKwh: number): ComparisonEntry {
  const input = methodInput(ctx, 0, 1);
  const history = new Map<LocalDate, number>();
  for (const [date, day] of ctx.readings) {
    if (date >= ctx.event.date) continue;
    let sum = 0;
    let complete = true;
    for (const slot of input.eventSlots) {
      const kwh = day[slot];
      if (kwh === undefined) complete = false;
      else sum += kwh;
    }
    if (complete) history.set(date, sum);
  }
  // Any day of the kind counts, down to one: the group carries the rest.
  const days = eligibleDays(input, false).days;
  return { home: { id, called, stratum, history, eventDayKwh: actualKwh }, target: { id, stratum, history, days } };
}

export function runComparison(entries: readonly ComparisonEntry[], target: ComparisonEntry): Record<(typeof COMPARISON_METHODS)[number], number | null> {
  const group = comparisonGroup(target.target, entries.map((e) => e.home));
  const add = comparisonBaseline(target.target, group, 'additive');
  const mul = comparisonBaseline(target.target, group, 'multiplicative');
  return { 'comparison group, additive': add.ok ? add.kwh : null, 'comparison group, ×': mul.ok ? mul.kwh : null };
}

/**
 * The home's day-to-day noise over the event's clock times: the standard deviation over the days
 * a 10-day baseline would average (decision 102), null with too few.
 */
export function homeNoiseKwh(ctx: OwnContext): number | null {
  const input = methodInput(ctx, 0, 1);
  return baselineNoiseKwh(eligibleDays(input, false).days.slice(0, 10), input.eventSlots, input.readings);
}

/**
 * Candidates for the σ a noise rule (decisions 102, 111) divides a saving by, each computed only from
 * readings before the event (issue 31: the demo household's real 27 % cut sits inside 1.645 σ of its
 * raw evening swing). A placebo day is paid on the baseline's error, not on the raw swing: the
 * same-day adjustment can explain part of a day's level, and the days' mean adds √(1 + 1/n).
 */
export type NoiseCandidate = { name: string; run: (ctx: OwnContext) => number | null };

export const NOISE_RAW = 'raw σ (decision 102)';
export const NOISE_RESIDUAL_SD = 'residual σ of combined, sd';
export const NOISE_RESIDUAL_RMS = 'residual σ of combined, RMS';
export const NOISE_SAME_WEEKDAY = 'σ over the same weekday';
export const NOISE_BASELINE_QUANTITY = "σ on the baseline's quantity (gross load where combined reads it)";

/** Fewer back-tested days than this and the residual says too little: the raw σ stands in. */
export const MIN_BACKTEST_DAYS = 5;
const BACKTEST_DAYS = 10;
const SAME_WEEKDAY_DAYS = 5;

const combinedMethod = AIMED_METHODS.find((m) => m.name === COMBINED)!;

/** The days raw σ reads (the 10 most recent eligible days) and their kWh over the event's clock times. */
function noiseDays(ctx: OwnContext): { input: MethodInput; days: LocalDate[] } {
  const input = methodInput(ctx, 0, 1);
  return { input, days: eligibleDays(input, false).days.slice(0, BACKTEST_DAYS) };
}

/**
 * "combined" back-tested on the home's recent ordinary days: for each of the days raw σ reads, the
 * method's prediction for that day from the days before it (with that day's own same-day window, as
 * the method would run on an event that day) less what the day drew over the event's clock times.
 */
export function combinedBacktestErrorsKwh(ctx: OwnContext): number[] {
  const { input, days } = noiseDays(ctx);
  const errors: number[] = [];
  for (const date of days) {
    const predicted = combinedMethod.run({ ...ctx, event: { ...ctx.event, date }, counterfactualDay: null });
    const actual = slotsKwh(input.readings, date, input.eventSlots);
    if (predicted !== null && actual !== null) errors.push(predicted - actual);
  }
  return errors;
}

// sd and RMS read the same back-test: run it once per context.
const backtests = new WeakMap<OwnContext, number[]>();

function residualNoise(ctx: OwnContext, kind: 'sd' | 'rms'): number | null {
  let errors = backtests.get(ctx);
  if (!errors) {
    errors = combinedBacktestErrorsKwh(ctx);
    backtests.set(ctx, errors);
  }
  if (errors.length < MIN_BACKTEST_DAYS) return homeNoiseKwh(ctx);
  if (kind === 'sd') return eventWindowNoiseKwh(errors);
  // RMS keeps a home's own lean: a baseline that runs high for it pays a placebo day by that lean too.
  return Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);
}

export const NOISE_CANDIDATES: readonly NoiseCandidate[] = [
  { name: NOISE_RAW, run: homeNoiseKwh },
  { name: NOISE_RESIDUAL_SD, run: (ctx) => residualNoise(ctx, 'sd') },
  { name: NOISE_RESIDUAL_RMS, run: (ctx) => residualNoise(ctx, 'rms') },
  {
    name: NOISE_SAME_WEEKDAY,
    run: (ctx) => {
      // Ten eligible weekdays hold two of the event's weekday: go back by weeks over decision 029's 45 days instead.
      const input = methodInput(ctx, 0, 1);
      const skip = new Set([...input.eventDates, ...input.holidays]);
      const days: LocalDate[] = [];
      for (let back = 7; back <= WEEKDAY_LOOKBACK_DAYS && days.length < SAME_WEEKDAY_DAYS; back += 7) {
        const date = addDays(ctx.event.date, -back);
        if (!skip.has(date) && slotsKwh(input.readings, date, input.eventSlots) !== null) days.push(date);
      }
      return baselineNoiseKwh(days, input.eventSlots, input.readings) ?? homeNoiseKwh(ctx);
    },
  },
  {
    name: NOISE_BASELINE_QUANTITY,
    run: (ctx) => {
      // Combined reads gross load only for solar homes without a battery; the day's production is measured, not predicted.
      if (ctx.battery || !ctx.gross) return homeNoiseKwh(ctx);
      const { input, days } = noiseDays(ctx);
      return baselineNoiseKwh(days, input.eventSlots, ctx.gross!);
    },
  },
];

/** Every noise candidate for one home-event, by name. */
export function noiseCandidatesKwh(ctx: OwnContext): Record<string, number | null> {
  return Object.fromEntries(NOISE_CANDIDATES.map((n) => [n.name, n.run(ctx)]));
}
