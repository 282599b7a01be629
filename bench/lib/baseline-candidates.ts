/**
 * The baselines the harness scores, as configurations of the pure methods in packages/domain. Each
 * returns the baseline kWh over the event's slots, or null when the method has none for the home.
 */

import { computeBaseline, WEEKDAY_LOOKBACK_DAYS } from '../../packages/domain/src/event-baseline';
import { averagingBaseline, eligibleDays, slotsKwh, type AveragingMethod, type MethodInput } from '../../packages/domain/src/event-baseline-methods';
import { baselineNoiseKwh, eventWindowNoiseKwh } from '../../packages/domain/src/event-points-rule';
import { COMPARISON_GROUP_SIZE, comparisonBaseline, comparisonGroup, MIN_COMPARISON_GROUP, type ComparisonHome, type ComparisonTarget } from '../../packages/domain/src/event-baseline-comparison';
import { regressionBaseline } from '../../packages/domain/src/event-baseline-regression';
import { grossLoadBaseline, type GrossLoadBaseline, type GrossLoadVariant } from '../../packages/domain/src/event-baseline-gross';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { addDays, zonedTimeToUtc } from '../../packages/domain/src/local-time';
import { clock, clocksBetween, type PlannedEvent, type Region } from './baseline-population';

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
  /** Such a home's production from each date's midnight to the first slot in `production`. */
  morningProduction: Map<LocalDate, number> | null;
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
/** The gross-load baseline of a home whose production is measured, from the days the settled rule would read; null where it has none. */
function grossLoadRun(ctx: OwnContext, variant: GrossLoadVariant, gapHours: number, pick?: (input: MethodInput, days: LocalDate[]) => LocalDate[]): GrossLoadBaseline | null | 'too-few-days' {
  const input = methodInput(ctx, 3, gapHours);
  const { days, minimum } = eligibleDays(input, true);
  if (days.length < minimum) return 'too-few-days';
  return grossLoadBaseline({
    days: pick ? pick(input, days) : days,
    event: { date: ctx.event.date, slots: [...input.eventSlots] },
    window: { date: ctx.event.date, slots: [...input.windowSlots] },
    net: ctx.readings,
    gross: ctx.gross!,
    production: ctx.production!,
    variant,
  });
}

function grossLoad(name: string, variant: GrossLoadVariant, gapHours = 1): OwnMethod {
  const settled = settledWithGap(name, gapHours);
  return {
    name,
    run: (ctx) => {
      if (!ctx.gross || !ctx.production) return settled.run(ctx);
      const b = grossLoadRun(ctx, variant, gapHours);
      if (b === 'too-few-days') return null;
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
/** Combined with the gross-load branch's floor at 0 taken per baseline day (the domain's expected-draw variant). */
export const COMBINED_EXPECTED_DRAW = "combined, solar homes without a battery on their expected draw (the floor at 0 per baseline day)";
/** Decision 133's early window: three hours ending two hours before the start. */
const EXPECTED_DRAW_GAP_HOURS = 2;
const expectedDraw2h = grossLoad(COMBINED_EXPECTED_DRAW, 'expected-draw', EXPECTED_DRAW_GAP_HOURS);
/** Decision 141's baseline on the home's own days: battery homes on their days alone, solar homes on their expected draw, the rest on the early window. */
const combinedExpectedDraw = (ctx: OwnContext) => (ctx.battery ? daysAlone.run(ctx) : ctx.gross ? expectedDraw2h.run(ctx) : gap2h.run(ctx));

export const AIMED_METHODS: readonly OwnMethod[] = [
  gap2h,
  settledWithGap(GAP_90MIN, 1.5),
  { name: HYBRID_GROSS, run: (ctx) => (ctx.gross && !ctx.battery ? grossBaseline1h.run(ctx) : settledRule.run(ctx)) },
  { name: BATTERY_UNADJUSTED, run: (ctx) => (ctx.battery ? daysAlone.run(ctx) : settledRule.run(ctx)) },
  { name: COMBINED, run: (ctx) => (ctx.battery ? daysAlone.run(ctx) : ctx.gross ? grossBaseline2h.run(ctx) : gap2h.run(ctx)) },
  { name: COMBINED_EXPECTED_DRAW, run: combinedExpectedDraw },
  {
    name: COMBINED_SOLAR_BATTERY_SETTLED,
    run: (ctx) => (ctx.battery ? (ctx.gross ? settledRule.run(ctx) : daysAlone.run(ctx)) : ctx.gross ? grossBaseline2h.run(ctx) : gap2h.run(ctx)),
  },
];

/**
 * Battery homes with panels (decision 142's "what would shrink it"): a self-consuming battery covers
 * the evening on a day whose sun charged it, so their evening draw follows the day's production before
 * the event, which the production register reads and the event does not change. These candidates keep
 * decision 141's baseline for every other home and score battery homes with panels on their own
 * days of the event's kind (45-day lookback, no same-day adjustment) matched by that production:
 * the K days whose production before the start is nearest the event day's, or a least-squares line
 * of the event hours' draw on it over every such day.
 */
export const SUN_MATCHED_5 = "decision 141's baseline; battery homes with panels on the 5 own days nearest in production before the start";
export const SUN_MATCHED_10 = "decision 141's baseline; battery homes with panels on the 10 own days nearest in production before the start";
export const SUN_REGRESSION = "decision 141's baseline; battery homes with panels on a line of the event hours' draw on production before the start";

/** kWh produced on `date` from midnight to the event's start, or null where the day has no production. */
function productionBeforeStart(ctx: OwnContext, date: LocalDate): number | null {
  const day = ctx.production?.get(date);
  if (!day) return null;
  const start = clock(ctx.event.startHour * 60);
  let sum = ctx.morningProduction?.get(date) ?? 0;
  for (const [slot, kwh] of Object.entries(day)) if (slot < start) sum += kwh;
  return sum;
}

type SunDays = { today: number; days: { date: LocalDate; produced: number; kwh: number }[] };
// Three baselines and their three σ read the same days: find them once a home-event.
const sunDaysRead = new WeakMap<OwnContext, SunDays | null>();

/** The event day's production and each eligible own day's (production, event-hours draw), or null with too few days. */
function sunDays(ctx: OwnContext): SunDays | null {
  if (!sunDaysRead.has(ctx)) sunDaysRead.set(ctx, readSunDays(ctx));
  return sunDaysRead.get(ctx)!;
}

function readSunDays(ctx: OwnContext): SunDays | null {
  const input = methodInput(ctx, 0, 1);
  const { days, minimum } = eligibleDays(input, false);
  const today = productionBeforeStart(ctx, ctx.event.date);
  if (days.length < minimum || today === null) return null;
  const rows = days.flatMap((date) => {
    const produced = productionBeforeStart(ctx, date);
    const kwh = slotsKwh(ctx.readings, date, input.eventSlots);
    return produced === null || kwh === null ? [] : [{ date, produced, kwh }];
  });
  return rows.length < minimum ? null : { today, days: rows };
}

/** The k own days nearest the event day in production before the start (ties to the more recent: eligibleDays lists it first, sort is stable). */
function sunNearest(ctx: OwnContext, k: number): number[] | null {
  const s = sunDays(ctx);
  if (!s) return null;
  return [...s.days].sort((a, b) => Math.abs(a.produced - s.today) - Math.abs(b.produced - s.today)).slice(0, k).map((d) => d.kwh);
}

function sunMatched(k: number) {
  return (ctx: OwnContext): number | null => {
    const kept = sunNearest(ctx, k);
    return kept ? kept.reduce((sum, kwh) => sum + kwh, 0) / kept.length : null;
  };
}

/** The line's prediction for the event day and the residuals' σ (n − 2 degrees of freedom) over the days it was fitted on. */
function sunLine(ctx: OwnContext): { kwh: number; sigma: number; days: number } | null {
  const s = sunDays(ctx);
  if (!s) return null;
  const n = s.days.length;
  const mx = s.days.reduce((a, d) => a + d.produced, 0) / n;
  const my = s.days.reduce((a, d) => a + d.kwh, 0) / n;
  const sxx = s.days.reduce((a, d) => a + (d.produced - mx) ** 2, 0);
  const sxy = s.days.reduce((a, d) => a + (d.produced - mx) * (d.kwh - my), 0);
  // Days of one production (a week of overcast) leave no line: their mean stands.
  const slope = sxx > 1e-9 ? sxy / sxx : 0;
  const sse = s.days.reduce((a, d) => a + (d.kwh - my - slope * (d.produced - mx)) ** 2, 0);
  return { kwh: Math.max(0, my + slope * (s.today - mx)), sigma: Math.sqrt(sse / Math.max(1, n - 2)), days: n };
}

const sunRegression = (ctx: OwnContext) => sunLine(ctx)?.kwh ?? null;

const onBatteryWithPanels = (name: string, run: (ctx: OwnContext) => number | null): OwnMethod => ({
  name,
  run: (ctx) => (ctx.battery && ctx.production ? run(ctx) : combinedExpectedDraw(ctx)),
});

/**
 * Solar homes without a battery in summer: their evening draw is small and swings with the day's
 * cooling, which their days' mean does not follow. A candidate keeps decision 147's baseline for
 * every other home and takes a solar home without a battery's expected draw over the 5 of its days
 * whose gross load in the early window (the 3 h ending 2 h before the start) was nearest the event
 * day's, σ the spread of those 5 days' draws.
 */
export const WINDOW_MATCHED_5 = "decision 147's baseline; solar homes without a battery on the expected draw of their 5 days nearest in the early window's gross load";

export const NOISE_WINDOW_MATCHED_5 = "σ of the expected draw's 5 days nearest in the early window's gross load";

/** The k days whose gross load over the window is nearest the event day's (ties to the more recent: days come most recent first). */
function nearestInWindow(ctx: OwnContext, k: number) {
  return (input: MethodInput, days: LocalDate[]): LocalDate[] => {
    const today = slotsKwh(ctx.gross!, ctx.event.date, input.windowSlots);
    if (today === null) return days;
    const sums = days.map((date) => ({ date, kwh: slotsKwh(ctx.gross!, date, input.windowSlots) ?? Number.POSITIVE_INFINITY }));
    return sums.sort((a, b) => Math.abs(a.kwh - today) - Math.abs(b.kwh - today)).slice(0, k).map((d) => d.date);
  };
}

const windowMatchedRead = new WeakMap<OwnContext, GrossLoadBaseline | null | 'too-few-days'>();
function windowMatched(ctx: OwnContext): GrossLoadBaseline | null | 'too-few-days' {
  if (!windowMatchedRead.has(ctx)) windowMatchedRead.set(ctx, grossLoadRun(ctx, 'expected-draw', EXPECTED_DRAW_GAP_HOURS, nearestInWindow(ctx, 5)));
  return windowMatchedRead.get(ctx)!;
}

export const SUN_METHODS: readonly OwnMethod[] = [
  onBatteryWithPanels(SUN_MATCHED_5, sunMatched(5)),
  onBatteryWithPanels(SUN_MATCHED_10, sunMatched(10)),
  onBatteryWithPanels(SUN_REGRESSION, sunRegression),
  {
    name: WINDOW_MATCHED_5,
    run: (ctx) => {
      if (ctx.battery || !ctx.gross || !ctx.production) return onBatteryWithPanels(SUN_MATCHED_5, sunMatched(5)).run(ctx);
      const b = windowMatched(ctx);
      if (b === 'too-few-days') return null;
      return b ? b.kwh : combinedExpectedDraw(ctx);
    },
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
  ...SUN_METHODS,
];

export const COMPARISON_METHODS = ['comparison group, additive', 'comparison group, ×'] as const;

/**
 * What a home contributes to comparison groups at one event. `anyDays`: its most recent past days of
 * any kind (not event days), and `windowKwh`: its event day's use over 3 h ending 2 h before the
 * start, for the covering candidate below (a member without a day of the event's kind).
 */
/**
 * A home whose production is measured, on gross load (its grid draw plus what its panels made) over the event day's early
 * window and the event, and its production in each of the event's slots.
 */
export type GrossEventDay = { windowKwh: number | null; eventKwh: number | null; productionBySlot: number[] | null };

export type ComparisonEntry = { home: ComparisonHome; target: ComparisonTarget; anyDays?: LocalDate[]; windowKwh?: number | null; solar?: boolean; battery?: boolean; gross?: GrossEventDay | null };

export function comparisonEntry(ctx: OwnContext, id: string, called: boolean, stratum: string, actualKwh: number, solar: boolean): ComparisonEntry {
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
  const skip = new Set([...input.eventDates, ctx.event.date]);
  const anyDays = [...history.keys()].filter((d) => !skip.has(d)).sort().reverse().slice(0, 10);
  // Ends 2 h before the start, as combined's window does: a pre-conditioning member's extra hour and a half stays out.
  const from = ctx.event.startHour * 60;
  const windowClocks = clocksBetween(from - 5 * 60, from - 2 * 60);
  const windowKwh = slotsKwh(ctx.readings, ctx.event.date, windowClocks);
  const productionDay = ctx.production?.get(ctx.event.date);
  // A home without panels: its grid draw is its load, and it makes nothing.
  const gross: GrossEventDay | null = ctx.gross
    ? {
        windowKwh: slotsKwh(ctx.gross, ctx.event.date, windowClocks),
        eventKwh: slotsKwh(ctx.gross, ctx.event.date, input.eventSlots),
        productionBySlot: productionDay && input.eventSlots.every((c) => productionDay[c] !== undefined) ? input.eventSlots.map((c) => productionDay[c]!) : null,
      }
    : solar
      ? null
      : { windowKwh, eventKwh: slotsKwh(ctx.readings, ctx.event.date, input.eventSlots), productionBySlot: input.eventSlots.map(() => 0) };
  return { home: { id, called, stratum, history, eventDayKwh: actualKwh }, target: { id, stratum, history, days }, anyDays, windowKwh, solar, battery: ctx.battery, gross };
}

export function runComparison(entries: readonly ComparisonEntry[], target: ComparisonEntry): Record<(typeof COMPARISON_METHODS)[number], number | null> {
  const group = comparisonGroup(target.target, entries.map((e) => e.home));
  const add = comparisonBaseline(target.target, group, 'additive');
  const mul = comparisonBaseline(target.target, group, 'multiplicative');
  return { 'comparison group, additive': add.ok ? add.kwh : null, 'comparison group, ×': mul.ok ? mul.kwh : null };
}

/**
 * Issue 31's new members (bench/new-member-gap.ts): the comparison group × leaves a member with no
 * past day of the event's kind unscored (a third to four fifths of new members' kWh gap). These
 * candidates score it all the same: over its past days of any kind (a weekend joiner at a weekday
 * event; the peers' ratio over those same days carries the weekday difference), and with no past
 * day at all over its event day's hours before the event (3 h ending 2 h before), against the same
 * hours of peers nearest to it in them. The median variant takes the peers' middle ratio instead of
 * Σ event ÷ Σ usual, so that one peer whose usual days ran unlike its event day (a home gaming its
 * own baseline stops on area event days) does not pull every member's change.
 */
export const COMPARISON_COVERED = 'comparison group ×, any past days, else the event day before it';
export const COMPARISON_COVERED_MEDIAN = "comparison group ×, any past days, else the event day before it, peers' median ratio";
/** Decision 101's fallback as settlement runs it since 2026-11-30: any past days, and nothing with none (no event-day branch). */
export const COMPARISON_ANY_DAYS = 'comparison group ×, any past days';
/** Decision 144's fallback as settlement runs it: any past days, else the event day before it for a home without solar. */
export const COMPARISON_EVENT_DAY = 'comparison group ×, any past days, else the event day before it without solar';
/**
 * A candidate for decision 144's solar homes without a battery (left unscored with no past day): the event day's window and the
 * peers' change read on gross load, where the window's midday sun does not hide the home's use, then the event's production taken
 * off slot by slot (none below zero: what the grid would have supplied). A battery's evening is its charge's, not its load's.
 */
export const COMPARISON_EVENT_DAY_GROSS = 'comparison group ×, any past days, else the event day before it, a solar home without a battery on gross load';
export const COMPARISON_COVERED_METHODS = [COMPARISON_COVERED, COMPARISON_COVERED_MEDIAN, COMPARISON_ANY_DAYS, COMPARISON_EVENT_DAY, COMPARISON_EVENT_DAY_GROSS] as const;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** own × the peers' change, Σ over Σ or their median ratio (a peer with no usual use left out of the median). */
function groupScaled(own: number, peers: readonly { usual: number; event: number }[], ratio: 'sum' | 'median'): number | null {
  if (peers.length < MIN_COMPARISON_GROUP) return null;
  if (ratio === 'sum') {
    const usual = peers.reduce((s, p) => s + p.usual, 0);
    const event = peers.reduce((s, p) => s + p.event, 0);
    return Math.max(0, usual > 0 ? (own * event) / usual : own);
  }
  const ratios = peers.filter((p) => p.usual > 0).map((p) => p.event / p.usual);
  return ratios.length < MIN_COMPARISON_GROUP ? null : Math.max(0, own * median(ratios));
}

/**
 * A group-scored member's σ read from its peers (issue 31's new members): its usual use × the sample
 * standard deviation of the peers' own ratios (event ÷ usual, over the same days or window). The
 * member's error is its usual × (its ratio − the group's), and the peers' ratios are draws of what
 * such a ratio does, their usual read from as many days as its own. `peers` is how many ratios it
 * was read from (a saving is then tested on σ √(1 + 1/k) against t(k − 1), as with days).
 */
export type PeersSigma = { kwh: number; peers: number };

function peersSigma(own: number, peers: readonly { usual: number; event: number }[]): PeersSigma | null {
  const ratios = peers.filter((p) => p.usual > 0).map((p) => p.event / p.usual);
  if (ratios.length < MIN_COMPARISON_GROUP) return null;
  const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
  const variance = ratios.reduce((s, r) => s + (r - mean) ** 2, 0) / (ratios.length - 1);
  return { kwh: own * Math.sqrt(variance), peers: ratios.length };
}

/** σ from the peers of decision 144's fallback (COMPARISON_EVENT_DAY), for the new members it scores. */
export const NOISE_GROUP_PEERS = "σ from the comparison group's peers' ratios";

export function runComparisonCovered(entries: readonly ComparisonEntry[], target: ComparisonEntry): Record<(typeof COMPARISON_COVERED_METHODS)[number], number | null> & { peersSigma: PeersSigma | null } {
  const days = target.target.days.length > 0 ? target.target.days : (target.anyDays ?? []);
  let own: number | null = null;
  let peers: { usual: number; event: number }[] = [];
  if (days.length > 0) {
    const t: ComparisonTarget = { ...target.target, days };
    const group = comparisonGroup(t, entries.map((e) => e.home));
    own = days.reduce((s, d) => s + target.target.history.get(d)!, 0) / days.length;
    peers = group.map((h) => ({ usual: days.reduce((s, d) => s + h.history.get(d)!, 0) / days.length, event: h.eventDayKwh ?? 0 }));
  } else if (target.windowKwh !== undefined && target.windowKwh !== null) {
    const mine = target.windowKwh;
    own = mine;
    const stratum = target.home.stratum;
    peers = entries
      .filter((e) => !e.home.called && e.home.id !== target.home.id && e.home.stratum === stratum && e.home.eventDayKwh !== null && e.windowKwh !== undefined && e.windowKwh !== null)
      .map((e) => ({ id: e.home.id, usual: e.windowKwh!, event: e.home.eventDayKwh!, distance: Math.abs(e.windowKwh! - mine) }))
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, COMPARISON_GROUP_SIZE);
  }
  const onGross = days.length === 0 && target.solar === true && target.battery !== true ? eventDayOnGross(entries, target) : null;
  if (own === null) return { [COMPARISON_COVERED]: null, [COMPARISON_COVERED_MEDIAN]: null, [COMPARISON_ANY_DAYS]: null, [COMPARISON_EVENT_DAY]: null, [COMPARISON_EVENT_DAY_GROSS]: onGross, peersSigma: null };
  const sum = groupScaled(own, peers, 'sum');
  // Settlement leaves a home with solar out of the event-day branch: its window is midday, its draw near zero.
  const eventDay = days.length > 0 || target.solar !== true ? sum : null;
  return {
    [COMPARISON_COVERED]: sum,
    [COMPARISON_COVERED_MEDIAN]: groupScaled(own, peers, 'median'),
    [COMPARISON_ANY_DAYS]: days.length > 0 ? sum : null,
    [COMPARISON_EVENT_DAY]: eventDay,
    [COMPARISON_EVENT_DAY_GROSS]: eventDay ?? onGross,
    peersSigma: eventDay === null || sum === null ? null : peersSigma(own, peers),
  };
}

/** The area of a comparison stratum (`area|solar`). */
const areaOf = (e: ComparisonEntry) => e.home.stratum.split('|')[0];

/**
 * COMPARISON_EVENT_DAY_GROSS's branch: the window's gross load moved by its nearest uncalled peers' on gross, less the event's
 * production per slot. On gross load a home's panels are out of the reading, so its peers are the area's homes with panels or
 * without (a home without panels: its grid draw). Peers with a battery are left out: their midday "gross" holds the battery's
 * charging and their evening's its discharge, so their change says nothing of a load's.
 */
function eventDayOnGross(entries: readonly ComparisonEntry[], target: ComparisonEntry): number | null {
  const mine = target.gross;
  if (!mine || mine.windowKwh === null || !mine.productionBySlot) return null;
  const windowKwh = mine.windowKwh;
  const peers = entries
    .filter((e) => !e.home.called && e.home.id !== target.home.id && areaOf(e) === areaOf(target) && e.battery !== true && e.gross?.windowKwh != null && e.gross.eventKwh != null)
    .map((e) => ({ id: e.home.id, usual: e.gross!.windowKwh!, event: e.gross!.eventKwh!, distance: Math.abs(e.gross!.windowKwh! - windowKwh) }))
    .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, COMPARISON_GROUP_SIZE);
  const grossKwh = groupScaled(windowKwh, peers, 'sum');
  if (grossKwh === null) return null;
  const perSlot = grossKwh / mine.productionBySlot.length;
  return mine.productionBySlot.reduce((sum, made) => sum + Math.max(0, perSlot - made), 0);
}

/**
 * The home's day-to-day noise over the event's clock times: the standard deviation over the days
 * a 10-day baseline would average (decision 102), null with too few.
 */
export function homeNoiseKwh(ctx: OwnContext): number | null {
  return homeNoise(ctx).kwh;
}

/** A σ and how many days it was read from (decision 141 tests a saving on σ √(1 + 1/n) against t for n − 1). */
export type NoiseReading = { kwh: number | null; days: number };

function homeNoise(ctx: OwnContext): NoiseReading {
  const input = methodInput(ctx, 0, 1);
  const days = eligibleDays(input, false).days.slice(0, 10);
  return { kwh: baselineNoiseKwh(days, input.eventSlots, input.readings), days: days.length };
}

/**
 * Candidates for the σ a noise rule (decisions 102, 111) divides a saving by, each computed only from
 * readings before the event (issue 31: the demo household's real 27 % cut sits inside 1.645 σ of its
 * raw evening swing). A placebo day is paid on the baseline's error, not on the raw swing: the
 * same-day adjustment can explain part of a day's level, and the days' mean adds √(1 + 1/n).
 */
export type NoiseCandidate = { name: string; run: (ctx: OwnContext) => NoiseReading };

export const NOISE_RAW = 'raw σ (decision 102)';
export const NOISE_RESIDUAL_SD = 'residual σ of combined, sd';
export const NOISE_RESIDUAL_RMS = 'residual σ of combined, RMS';
export const NOISE_SAME_WEEKDAY = 'σ over the same weekday';
export const NOISE_BASELINE_QUANTITY = "σ on the baseline's quantity (gross load where combined reads it)";
export const NOISE_EXPECTED_DRAW = "σ of the expected draw's days (each day's gross load less the event day's production, floored per interval)";

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

function residualNoise(ctx: OwnContext, kind: 'sd' | 'rms'): NoiseReading {
  let errors = backtests.get(ctx);
  if (!errors) {
    errors = combinedBacktestErrorsKwh(ctx);
    backtests.set(ctx, errors);
  }
  if (errors.length < MIN_BACKTEST_DAYS) return homeNoise(ctx);
  if (kind === 'sd') return { kwh: eventWindowNoiseKwh(errors), days: errors.length };
  // RMS keeps a home's own lean: a baseline that runs high for it pays a placebo day by that lean too.
  return { kwh: Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length), days: errors.length };
}

/** σ of the sun-matched baselines (battery homes with panels; the raw σ for every other home): the kept days' spread, or the line's residuals. */
export const NOISE_SUN_MATCHED_5 = 'σ of the 5 own days nearest in production before the start';
export const NOISE_SUN_MATCHED_10 = 'σ of the 10 own days nearest in production before the start';
export const NOISE_SUN_REGRESSION = "σ of the production line's residuals";

function sunNearestNoise(ctx: OwnContext, k: number): NoiseReading {
  const kept = ctx.battery && ctx.production ? sunNearest(ctx, k) : null;
  const kwh = kept ? eventWindowNoiseKwh(kept) : null;
  return kwh === null ? homeNoise(ctx) : { kwh, days: kept!.length };
}

export const NOISE_CANDIDATES: readonly NoiseCandidate[] = [
  { name: NOISE_RAW, run: homeNoise },
  { name: NOISE_SUN_MATCHED_5, run: (ctx) => sunNearestNoise(ctx, 5) },
  { name: NOISE_SUN_MATCHED_10, run: (ctx) => sunNearestNoise(ctx, 10) },
  {
    name: NOISE_SUN_REGRESSION,
    run: (ctx) => {
      const line = ctx.battery && ctx.production ? sunLine(ctx) : null;
      return line ? { kwh: line.sigma, days: line.days } : homeNoise(ctx);
    },
  },
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
      const kwh = baselineNoiseKwh(days, input.eventSlots, input.readings);
      return kwh === null ? homeNoise(ctx) : { kwh, days: days.length };
    },
  },
  {
    name: NOISE_BASELINE_QUANTITY,
    run: (ctx) => {
      // Combined reads gross load only for solar homes without a battery; the day's production is measured, not predicted.
      if (ctx.battery || !ctx.gross) return homeNoise(ctx);
      const { input, days } = noiseDays(ctx);
      return { kwh: baselineNoiseKwh(days, input.eventSlots, ctx.gross), days: days.length };
    },
  },
  {
    name: NOISE_EXPECTED_DRAW,
    run: (ctx) => {
      // Settlement's σ of an expected-draw row: the spread of each baseline day's draw under the
      // event day's sun, the window's share included, over the same days as its baseline.
      if (ctx.battery || !ctx.gross || !ctx.production) return homeNoise(ctx);
      const b = grossLoadRun(ctx, 'expected-draw', EXPECTED_DRAW_GAP_HOURS);
      if (b === 'too-few-days' || !b?.dayDrawsKwh) return homeNoise(ctx);
      return { kwh: eventWindowNoiseKwh(b.dayDrawsKwh), days: b.dayDrawsKwh.length };
    },
  },
  {
    name: NOISE_WINDOW_MATCHED_5,
    run: (ctx) => {
      if (ctx.battery || !ctx.gross || !ctx.production) return { kwh: null, days: 0 };
      const b = windowMatched(ctx);
      if (b === 'too-few-days' || !b?.dayDrawsKwh) return { kwh: null, days: 0 };
      return { kwh: eventWindowNoiseKwh(b.dayDrawsKwh), days: b.dayDrawsKwh.length };
    },
  },
];

/** Every noise candidate for one home-event, by name. */
export function noiseCandidatesKwh(ctx: OwnContext): Record<string, number | null> {
  return noiseCandidates(ctx).kwh;
}

/** The σ candidates every run keeps: settlement's (decision 141's σ by branch) and the sun-matched baselines' (bench/battery-gap.ts); cheap. */
export const KEPT_NOISE_CANDIDATES: readonly string[] = [NOISE_BASELINE_QUANTITY, NOISE_EXPECTED_DRAW, NOISE_SUN_MATCHED_5, NOISE_SUN_MATCHED_10, NOISE_SUN_REGRESSION, NOISE_WINDOW_MATCHED_5];

/**
 * The noise candidates for one home-event (every one, or those named), by name, with the days each
 * was read from (in one pass: the back-test is not cheap).
 */
export function noiseCandidates(ctx: OwnContext, only?: readonly string[]): { kwh: Record<string, number | null>; days: Record<string, number> } {
  const readings = NOISE_CANDIDATES.filter((n) => !only || only.includes(n.name)).map((n) => [n.name, n.run(ctx)] as const);
  return { kwh: Object.fromEntries(readings.map(([name, r]) => [name, r.kwh])), days: Object.fromEntries(readings.map(([name, r]) => [name, r.days])) };
}
