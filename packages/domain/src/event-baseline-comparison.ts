import type { MethodResult } from './event-baseline-methods';
import type { LocalDate } from './local-time';

/**
 * A matched comparison group, one of the candidates the baseline harness measures
 * (docs/decisions/096-event-baseline-by-measurement.md): similar homes in the same area that were
 * not called, on the same day. How the group's use on the event day differs from its use on the
 * household's own baseline days is how the household's would have differed, had it not been
 * called (a difference in differences). Works from one past day, so a new member can be scored.
 */

export type ComparisonHome = {
  id: string;
  /** Asked to cut during this event: never in anyone's comparison group. */
  called: boolean;
  /** What a peer must share: area, solar or not, kind of heating; compared as a string. */
  stratum: string;
  /** kWh over the event's clock times on past days (complete days only). */
  history: ReadonlyMap<LocalDate, number>;
  /** kWh over the event's slots on the event day; null when not all in. */
  eventDayKwh: number | null;
};

export type ComparisonTarget = {
  id: string;
  stratum: string;
  history: ReadonlyMap<LocalDate, number>;
  /** The household's own baseline days (eligible past days, most recent first). */
  days: readonly LocalDate[];
};

export const COMPARISON_GROUP_SIZE = 20;
/** Fewer peers than this and the group's day-to-day noise swamps the household's. */
export const MIN_COMPARISON_GROUP = 5;

function meanOver(history: ReadonlyMap<LocalDate, number>, days: readonly LocalDate[]): number | null {
  let sum = 0;
  for (const date of days) {
    const kwh = history.get(date);
    if (kwh === undefined) return null;
    sum += kwh;
  }
  return days.length === 0 ? null : sum / days.length;
}

/**
 * Up to `size` homes of the target's stratum, not called, with the event day and every one of the
 * target's days in, nearest to it in mean use over those days (ties by id, so the group is the
 * same whatever order the homes come in).
 */
export function comparisonGroup(target: ComparisonTarget, homes: readonly ComparisonHome[], size = COMPARISON_GROUP_SIZE): ComparisonHome[] {
  const own = meanOver(target.history, target.days);
  if (own === null) return [];
  const ranked: { home: ComparisonHome; distance: number }[] = [];
  for (const home of homes) {
    if (home.called || home.id === target.id || home.stratum !== target.stratum || home.eventDayKwh === null) continue;
    const theirs = meanOver(home.history, target.days);
    if (theirs !== null) ranked.push({ home, distance: Math.abs(theirs - own) });
  }
  ranked.sort((a, b) => a.distance - b.distance || (a.home.id < b.home.id ? -1 : a.home.id > b.home.id ? 1 : 0));
  return ranked.slice(0, size).map((r) => r.home);
}

/**
 * additive: own mean + the group's mean change; multiplicative: own mean × the group's mean
 * ratio of event day to baseline days.
 */
export function comparisonBaseline(target: ComparisonTarget, group: readonly ComparisonHome[], mode: 'additive' | 'multiplicative'): MethodResult {
  const own = meanOver(target.history, target.days);
  if (own === null || group.length < MIN_COMPARISON_GROUP) return { ok: false, reason: 'insufficient_history', days: [...target.days] };
  let before = 0;
  let during = 0;
  for (const home of group) {
    before += meanOver(home.history, target.days) ?? 0;
    during += home.eventDayKwh ?? 0;
  }
  before /= group.length;
  during /= group.length;
  const kwh = mode === 'additive' ? own + (during - before) : before > 0 ? (own * during) / before : own;
  return { ok: true, kwh: Math.max(0, kwh), days: [...target.days] };
}
