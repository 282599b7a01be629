import type { Adjustment, AdjustmentMethod, Baseline, DayKind, SameDayMethod } from './event-baseline';
import { adjustmentBy, DECISION_101_WINDOW_GAP_MINUTES, EARLY_WINDOW_GAP_MINUTES, meanByClock, sameDayWindow } from './event-baseline';
import type { GroupPeer, WindowUse } from './event-baseline-group';
import { groupChange } from './event-baseline-group';
import type { DayReadings, SlotReadings } from './event-intervals';
import { eventSlots } from './event-intervals';
import { GROSS_LOAD_METHOD, thawGrossBaseline, type FrozenGross, type GrossDay } from './event-baseline-frozen-gross';
import { SUN_MATCHED_METHOD, thawSunMatchedBaseline, type FrozenSun } from './event-baseline-frozen-sun';
import type { LocalDate } from './local-time';
import { baselineNoiseKwh } from './event-points-rule';

/**
 * The baseline a household is shown before an event, frozen when the event is announced (or when
 * it opts in later), so what it was shown is what it is paid against
 * (docs/decisions/099-the-frozen-baseline.md). Everything the rule takes from earlier days is kept:
 * the days, and their mean per event slot and per slot of the adjustment window. What only the
 * event day can tell (the same-day adjustment, the actual use) is worked out on the day, as before.
 */

/** How a method's baseline of the household's own days is adjusted on the day: `computeBaseline`'s options for it. */
export type OwnDaysRule = { adjustment: AdjustmentMethod; windowGapMinutes: number } | { adjustment: 'none' };

/**
 * The rule a row's figures came from, by the name stored with it: decision 029's mean of days with
 * the same-day factor, then decision 101's with the additive adjustment over the window ending an
 * hour before, then decision 138's: the same adjustment over the window ending two hours before,
 * and battery homes' days alone. A row thaws by the rule it was frozen under, so a member frozen
 * before a change is paid by what it was shown (decision 099).
 */
export const FROZEN_BASELINE_METHODS = {
  'mean-of-days-same-day-factor': { adjustment: 'multiplicative', windowGapMinutes: DECISION_101_WINDOW_GAP_MINUTES },
  'mean-of-days-additive-window': { adjustment: 'additive', windowGapMinutes: DECISION_101_WINDOW_GAP_MINUTES },
  'own-days-comparison-group': 'comparison',
  // A member with no complete past day: its use over the event day's window, moved by its group (decision 144).
  'event-day-comparison-group': 'comparison',
  // The same for a home whose panels' production is measured and that has no battery: the window and the
  // peers read on gross load, the home's production over the event taken off (decision 149's companion, 144's Since).
  'event-day-gross-comparison-group': 'comparison',
  'mean-of-days-additive-early-window': { adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES },
  'mean-of-days-unadjusted': { adjustment: 'none' },
  // A solar home with measured production and no battery: decision 126's gross-load baseline over the
  // early window (event-baseline-frozen-gross.ts). Without the day's flows it thaws by the early window.
  'mean-of-days-gross-load': { adjustment: 'additive', windowGapMinutes: EARLY_WINDOW_GAP_MINUTES },
  // A battery home whose production is measured: its days nearest in sun before the start (decision 147,
  // event-baseline-frozen-sun.ts). Until the day's production is in, its days' mean, as 138's battery row.
  'mean-of-sun-matched-days': { adjustment: 'none' },
} as const satisfies Record<string, OwnDaysRule | 'comparison'>;
export type FrozenBaselineMethod = keyof typeof FROZEN_BASELINE_METHODS;
/** The methods a household's own days are frozen under (the comparison group is chosen after, for want of them). */
export type OwnDaysMethod = Exclude<FrozenBaselineMethod, GroupMethod>;
type GroupMethod = 'own-days-comparison-group' | EventDayMethod;
/** The methods of a member with no complete past day (decision 144): its window's use moved by its group. */
export type EventDayMethod = 'event-day-comparison-group' | 'event-day-gross-comparison-group';
/** A solar member with no past day, scored on gross load (decision 144's Since). */
export const EVENT_DAY_GROSS_METHOD = 'event-day-gross-comparison-group' satisfies EventDayMethod;
/** Whether a row is scored by a comparison group (decisions 101 and 144): no window of its own, no own-days rule. */
export const isGroupMethod = (method: FrozenBaselineMethod): method is GroupMethod => FROZEN_BASELINE_METHODS[method] === 'comparison';

/** What new rows of homes without a battery are frozen under. */
export const FROZEN_BASELINE_METHOD: OwnDaysMethod = 'mean-of-days-additive-early-window';

export function isFrozenBaselineMethod(name: string): name is FrozenBaselineMethod {
  return Object.hasOwn(FROZEN_BASELINE_METHODS, name);
}

/** What the household is known to have, as far as the choice of method goes. */
export type BaselineHome = {
  /** The member says the home has a battery (`households.has_battery`). */
  hasBattery: boolean;
  /** The home's meter reports its panels' production (decision 126; `hasMeasuredProduction`). */
  measuredProduction: boolean;
};

/**
 * The method a household's new row is frozen under, and settled by when it has none (decision
 * 138): a battery home's days alone, since a battery held for the event leaves its whole afternoon
 * unlike its ordinary days and any window would carry that into the baseline; a home whose panels'
 * production is measured, the gross-load baseline; every other home decision 101's adjustment over
 * the window ending two hours before. The one place the choice is made.
 */
export function frozenMethodFor(home: BaselineHome): OwnDaysMethod {
  // A battery whose panels' production is measured: the days whose sun charged it as the event day's did (decision 147).
  if (home.hasBattery) return home.measuredProduction ? SUN_MATCHED_METHOD : 'mean-of-days-unadjusted';
  // Panels whose production is measured: the window read on gross load, the evening's sun taken off (decision 133).
  if (home.measuredProduction) return GROSS_LOAD_METHOD;
  return FROZEN_BASELINE_METHOD;
}

/** `computeBaseline`'s options for a method of the household's own days. */
export function ownDaysRule(method: OwnDaysMethod): { adjustment: SameDayMethod; windowGapMinutes: number } {
  const rule: OwnDaysRule = FROZEN_BASELINE_METHODS[method];
  return rule.adjustment === 'none' ? { adjustment: 'none', windowGapMinutes: 0 } : rule;
}

export type FrozenBaseline =
  | {
      status: 'ok';
      method: FrozenBaselineMethod;
      kind: DayKind;
      /** The days averaged, most recent first. */
      days: LocalDate[];
      /** Mean of the days per event slot, in slot order, kWh, before the adjustment. */
      eventKwh: number[];
      /** Mean of the days per adjustment-window slot, in slot order, kWh (empty: no window). */
      windowKwh: number[];
      /** Sum of `eventKwh` in slot order: the figure the member is shown. */
      baselineKwh: number;
      /** own-days-comparison-group only: the peers, with their usual use per event slot over `days`. */
      group?: GroupPeer[];
      /** mean-of-days-gross-load only: the days' mean gross load per window and event slot (event-baseline-frozen-gross.ts). */
      gross?: FrozenGross;
      /** mean-of-sun-matched-days only: each day's production before the start and draw per event slot (event-baseline-frozen-sun.ts). */
      sun?: FrozenSun;
      /**
       * σ of the days' kWh over the event's slots, on the quantity the baseline averages (decision
       * 140: what a saving is tested against); null with too few days, absent on rows frozen before it.
       */
      noiseKwh?: number | null;
    }
  | { status: 'insufficient_history' | 'event_crosses_midnight'; days: LocalDate[] };

/** A frozen baseline with its figures. */
export type FrozenBaselineFigures = Extract<FrozenBaseline, { status: 'ok' }>;

/**
 * What to keep of a baseline computed under `method` (with `ownDaysRule(method)`) from `readings`
 * (the readings it was computed from).
 */
export function freezeBaseline(baseline: Baseline, readings: DayReadings, eventStart: Date, timeZone: string, method: OwnDaysMethod): FrozenBaseline {
  if (!baseline.ok) return { status: baseline.reason, days: baseline.days };
  const rule = ownDaysRule(method);
  const windowSlots = sameDayWindow(rule.adjustment, eventStart, timeZone, rule.windowGapMinutes)?.slots ?? [];
  // The same means, over the same days in the same (date) order, as computeBaseline takes.
  const typical = meanByClock([...baseline.days].sort(), windowSlots, readings);
  const eventKwh = baseline.slots.map((slot) => baseline.unadjustedKwhBySlot[slot] ?? 0);
  return {
    status: 'ok',
    method,
    kind: baseline.kind,
    days: baseline.days,
    eventKwh,
    windowKwh: windowSlots.map((slot) => typical[slot]!),
    baselineKwh: eventKwh.reduce((sum, kwh) => sum + kwh, 0),
    noiseKwh: baselineNoiseKwh(baseline.days, baseline.slots, readings),
  };
}

/**
 * A member with too few days of its own, frozen with its comparison group: its mean per event
 * slot over the days it has, and the peers chosen for it (event-baseline-group.ts).
 */
export function freezeGroupBaseline(kind: DayKind, days: LocalDate[], slots: readonly string[], readings: DayReadings, group: GroupPeer[]): FrozenBaselineFigures {
  const mean = meanByClock([...days].sort(), slots, readings);
  const eventKwh = slots.map((slot) => mean[slot]!);
  // σ of its own few days: usually too few, so the fallback share of the baseline (decision 140).
  return { status: 'ok', method: 'own-days-comparison-group', kind, days, eventKwh, windowKwh: [], baselineKwh: eventKwh.reduce((sum, kwh) => sum + kwh, 0), group, noiseKwh: baselineNoiseKwh(days, slots, readings) };
}

/**
 * A member with no complete past day, frozen at the start with its group (decision 144): its use over
 * the event day's window at that rate in every event slot, and each peer's the same way, so the
 * group's change (`groupChange`) is Σ peers' use over the event ÷ Σ their use over the window at the
 * event's length, and the baseline the member's window use times that. `days` is the event day, the
 * day its figures come from; σ is unknown from one window (the fallback share, decision 140).
 */
export function freezeEventDayGroupBaseline(
  kind: DayKind,
  eventDate: LocalDate,
  eventSlotCount: number,
  windowSlotCount: number,
  memberWindowKwh: number,
  group: readonly WindowUse[],
  method: EventDayMethod = 'event-day-comparison-group',
): FrozenBaselineFigures {
  const rate = (kwh: number) => Array.from({ length: eventSlotCount }, () => kwh / windowSlotCount);
  const eventKwh = rate(memberWindowKwh);
  return {
    status: 'ok',
    method,
    kind,
    days: [eventDate],
    eventKwh,
    windowKwh: [],
    baselineKwh: eventKwh.reduce((sum, kwh) => sum + kwh, 0),
    group: group.map((peer) => ({ id: peer.id, usualKwh: rate(peer.windowKwh) })),
    noiseKwh: null,
  };
}

/** The event day's readings of a frozen group's peers (keyed on the member's clock), and which of them have been called since. */
export type GroupDay = { readings: ReadonlyMap<string, SlotReadings | undefined>; called: ReadonlySet<string> };

/**
 * The baseline an event is measured against, from the frozen figures and the event day's
 * readings (for the same-day adjustment). Equal to `computeBaseline` on the readings the figures
 * were frozen from, whatever readings of earlier days arrived or changed since. Null when the
 * figures do not fit the event's slots (frozen for another window): the caller computes anew.
 */
export function thawBaseline(
  frozen: FrozenBaseline,
  eventStart: Date,
  eventEnd: Date,
  timeZone: string,
  eventDay: SlotReadings | undefined,
  groupDay?: GroupDay,
  grossDay?: GrossDay,
  producedBeforeStartKwh?: number | null,
): Baseline | null {
  const event = eventSlots(eventStart, eventEnd, timeZone);
  if (!event) return frozen.status === 'event_crosses_midnight' ? { ok: false, reason: 'event_crosses_midnight', eventDate: null, days: [] } : null;
  if (frozen.status !== 'ok') return frozen.status === 'insufficient_history' ? { ok: false, reason: 'insufficient_history', eventDate: event.date, days: frozen.days } : null;
  const byGroup = isGroupMethod(frozen.method);
  const rule = byGroup ? null : ownDaysRule(frozen.method as OwnDaysMethod);
  const window = rule ? sameDayWindow(rule.adjustment, eventStart, timeZone, rule.windowGapMinutes) : null;
  const windowSlots = window?.slots ?? [];
  if (frozen.eventKwh.length !== event.slots.length || frozen.windowKwh.length !== windowSlots.length) return null;
  if (byGroup && !frozen.group?.every((peer) => peer.usualKwh.length === event.slots.length)) return null;
  // A gross-load row with the day's gross load and production read (decision 138); without them, the early window below.
  if (frozen.method === GROSS_LOAD_METHOD && frozen.gross && grossDay) return thawGrossBaseline({ ...frozen, gross: frozen.gross }, event, window, grossDay);
  // A sun-matched row (decision 147): its nearest days once the day's production before the start is in, else its days' mean.
  if (frozen.method === SUN_MATCHED_METHOD && frozen.sun) return thawSunMatchedBaseline({ ...frozen, sun: frozen.sun }, event, producedBeforeStartKwh);
  const typical: Record<string, number> = {};
  windowSlots.forEach((slot, i) => {
    const kwh = frozen.windowKwh[i];
    if (typeof kwh === 'number') typical[slot] = kwh;
  });
  const unadjustedKwhBySlot: Record<string, number> = {};
  event.slots.forEach((slot, i) => {
    unadjustedKwhBySlot[slot] = frozen.eventKwh[i]!;
  });
  const adjustment = !rule
    ? groupChange(frozen.group ?? [], event.slots, groupDay?.readings ?? new Map(), groupDay?.called ?? new Set())
    : adjustmentBy(rule.adjustment, rule.windowGapMinutes, window, typical, eventDay, event.slots, unadjustedKwhBySlot);
  const kwhBySlot: Record<string, number> = {};
  for (const slot of event.slots) kwhBySlot[slot] = unadjustedKwhBySlot[slot]! * adjustment.factor;
  if (frozen.method === EVENT_DAY_GROSS_METHOD) return { ...eventDayGrossOnTheDay(event.slots, unadjustedKwhBySlot, kwhBySlot, adjustment, grossDay), eventDate: event.date, kind: frozen.kind, days: frozen.days, fromEventDay: true };
  const baseline = { ok: true as const, eventDate: event.date, kind: frozen.kind, days: frozen.days, adjustment, slots: event.slots, unadjustedKwhBySlot, kwhBySlot };
  return frozen.method === 'event-day-comparison-group' ? { ...baseline, fromEventDay: true } : baseline;
}

/**
 * An event-day row on gross load (decision 144's Since): the group moved the member's gross use, so
 * in each event slot whose production is in, the panels' production of that slot is taken off, never
 * below 0 (when the panels cover the use, nothing is drawn). A slot whose production is not in yet
 * keeps the gross figure: it has no reading to compare either. The figures say what it was made of.
 */
function eventDayGrossOnTheDay(
  slots: readonly string[],
  unadjustedKwhBySlot: Record<string, number>,
  grossKwhBySlot: Record<string, number>,
  adjustment: Adjustment,
  day: GrossDay | undefined,
): { ok: true; adjustment: Adjustment; slots: string[]; unadjustedKwhBySlot: Record<string, number>; kwhBySlot: Record<string, number> } {
  const kwhBySlot: Record<string, number> = {};
  let usualKwh = 0;
  let movedKwh = 0;
  let productionKwh = 0;
  for (const slot of slots) {
    usualKwh += unadjustedKwhBySlot[slot]!;
    movedKwh += grossKwhBySlot[slot]!;
    const produced = day?.production?.[slot];
    if (Number.isFinite(produced)) productionKwh += produced!;
    kwhBySlot[slot] = Number.isFinite(produced) ? Math.max(0, grossKwhBySlot[slot]! - produced!) : grossKwhBySlot[slot]!;
  }
  return { ok: true, adjustment: { ...adjustment, gross: { usualKwh, shiftKwh: movedKwh - usualKwh, productionKwh } }, slots: [...slots], unadjustedKwhBySlot, kwhBySlot };
}
