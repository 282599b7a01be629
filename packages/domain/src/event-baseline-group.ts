import type { Adjustment, DayKind } from './event-baseline';
import { completeDays, WEEKDAY_LOOKBACK_DAYS, WEEKEND_LOOKBACK_DAYS } from './event-baseline';
import { COMPARISON_GROUP_SIZE, MIN_COMPARISON_GROUP } from './event-baseline-comparison';
import type { DayReadings, SlotReadings } from './event-intervals';
import { clockOf, readingAt } from './event-intervals';
import type { LocalDate } from './local-time';
import { addDays } from './local-time';

/**
 * A member with too few days of its own for a baseline (fewer than 5 weekdays) is scored from its
 * first complete day by a matched comparison group (docs/decisions/101-the-additive-adjustment-frozen.md):
 * homes of its area and solar status that were not called for the event, nearest to it in use over
 * its own days. What is known at the announcement is frozen (the peers and their usual use over the
 * member's days); on the day, the group's use over the event against that usual use is the change
 * applied to the member's own usual use. The same slots, the same instants: peers' readings are
 * keyed on the member's clock.
 */

/** A home that could be a peer, with its readings on the member's days (keyed on the member's clock). */
export type PeerCandidate = { id: string; readings: DayReadings };

/** A chosen peer: its mean kWh per event slot over the member's days, in slot order. */
export type GroupPeer = { id: string; usualKwh: number[] };

/** Mean per slot over the days, or null when a day lacks a slot (averaging a gap reads as a saving). */
function usualOver(readings: DayReadings, days: readonly LocalDate[], slots: readonly string[]): number[] | null {
  const sorted = [...days].sort();
  const usual: number[] = [];
  for (const slot of slots) {
    let sum = 0;
    for (const date of sorted) {
      const kwh = readingAt(readings, date, clockOf(slot));
      if (kwh === undefined || !Number.isFinite(kwh)) return null;
      sum += kwh;
    }
    usual.push(sum / sorted.length);
  }
  return usual;
}

const total = (kwh: readonly number[]) => kwh.reduce((sum, v) => sum + v, 0);

/**
 * Up to 20 candidates with every event slot on every one of the member's days, nearest to the
 * member in use over them (ties by id, so the group does not depend on the order homes are read
 * in). Null with fewer than 5: a smaller group's own day-to-day swing would swamp the member's.
 * The caller passes only homes not called for the event; the member itself is never its own peer.
 */
export function chooseGroup(
  memberId: string,
  memberUsualKwh: readonly number[],
  days: readonly LocalDate[],
  slots: readonly string[],
  candidates: readonly PeerCandidate[],
  size = COMPARISON_GROUP_SIZE,
): GroupPeer[] | null {
  if (days.length === 0) return null;
  const own = total(memberUsualKwh);
  const ranked: { peer: GroupPeer; distance: number }[] = [];
  for (const candidate of candidates) {
    if (candidate.id === memberId) continue;
    const usualKwh = usualOver(candidate.readings, days, slots);
    if (usualKwh) ranked.push({ peer: { id: candidate.id, usualKwh }, distance: Math.abs(total(usualKwh) - own) });
  }
  ranked.sort((a, b) => a.distance - b.distance || (a.peer.id < b.peer.id ? -1 : a.peer.id > b.peer.id ? 1 : 0));
  const group = ranked.slice(0, size).map((r) => r.peer);
  return group.length >= MIN_COMPARISON_GROUP ? group : null;
}

/** How many past days of any kind a member with none of the event's kind is scored over. */
export const ANY_KIND_DAYS = 10;

/**
 * The days a member with no past day of the event's kind could be scored over: every day before the
 * event day within the look-back the own-days rule uses for the event's kind, most recent first.
 */
export function anyKindLookBack(eventDate: LocalDate, kind: DayKind): LocalDate[] {
  const lookback = kind === 'weekday' ? WEEKDAY_LOOKBACK_DAYS : WEEKEND_LOOKBACK_DAYS;
  return Array.from({ length: lookback }, (_, i) => addDays(eventDate, -(i + 1)));
}

/**
 * A member with no complete past day of the event's kind (a weekend event for a member who joined
 * on Monday) is scored by its group over its most recent days of any kind: the peers' use over the
 * same days carries the difference between those days and the event's (issue 31's harness). Up to
 * 10 days within the look-back, complete at every event slot, not another event's day; a holiday
 * counts as any other day, the peers having it too. Most recent first; empty with none.
 */
export function anyKindDays(input: { eventDate: LocalDate; kind: DayKind; slots: readonly string[]; readings: DayReadings; eventDates: Iterable<LocalDate> }): LocalDate[] {
  const events = new Set(input.eventDates);
  const complete = completeDays(input.slots.map(clockOf), input.readings);
  const days: LocalDate[] = [];
  for (const date of anyKindLookBack(input.eventDate, input.kind)) {
    if (days.length === ANY_KIND_DAYS) break;
    if (!events.has(date) && complete(date)) days.push(date);
  }
  return days;
}

/**
 * The group's change on the event day: Σ of its use ÷ Σ of its usual use, over the peers and
 * slots that are in. A peer that has since been called (opted in after the freeze) is left out:
 * a home that cut is no measure of what the member would have used. A slot counts only when at
 * least 5 peers are in for it, so the live scorecard's first minutes are not one home's. With no
 * slot counted, the factor is 1 (the member's own usual use), as an own-days baseline without its
 * window is.
 */
export function groupChange(
  group: readonly GroupPeer[],
  slots: readonly string[],
  eventDay: ReadonlyMap<string, SlotReadings | undefined>,
  called: ReadonlySet<string>,
): Adjustment {
  const method = 'comparison';
  let during = 0;
  let usual = 0;
  const counted = new Set<string>();
  slots.forEach((slot, i) => {
    const inNow = group.filter((peer) => !called.has(peer.id) && Number.isFinite(eventDay.get(peer.id)?.[slot]));
    if (inNow.length < MIN_COMPARISON_GROUP) return;
    for (const peer of inNow) {
      during += eventDay.get(peer.id)![slot]!;
      usual += peer.usualKwh[i]!;
      counted.add(peer.id);
    }
  });
  if (counted.size === 0) return { method, factor: 1, unclamped: null, status: 'missing_data', slots: [], peers: 0 };
  if (!(usual > 0)) return { method, factor: 1, unclamped: null, status: 'zero_baseline', slots: [], peers: counted.size };
  const factor = during / usual;
  return { method, factor, unclamped: factor, status: 'applied', slots: [], peers: counted.size };
}

/**
 * A member with no complete past day at all (decision 144: it joined today) is scored on the event
 * day itself: its use over the 3 h ending 2 h before the start (the window combined reads, so a
 * pre-cool or pre-heat stays out), moved as homes not called move from those same hours into the
 * event. A home's use over that window on the event day.
 */
export type WindowUse = { id: string; windowKwh: number };

/**
 * Up to 20 homes not called with that window complete, nearest to the member in their use over it
 * (ties by id); null with fewer than 5, as `chooseGroup`. The caller passes homes of the member's
 * area and solar status; the member is never its own peer.
 */
export function chooseEventDayGroup(memberId: string, memberWindowKwh: number, candidates: readonly WindowUse[], size = COMPARISON_GROUP_SIZE): WindowUse[] | null {
  const ranked = candidates
    .filter((c) => c.id !== memberId && Number.isFinite(c.windowKwh))
    .map((c) => ({ c, distance: Math.abs(c.windowKwh - memberWindowKwh) }))
    .sort((a, b) => a.distance - b.distance || (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0));
  const group = ranked.slice(0, size).map((r) => r.c);
  return group.length >= MIN_COMPARISON_GROUP ? group : null;
}
