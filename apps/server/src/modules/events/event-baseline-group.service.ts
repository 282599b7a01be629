import { dayKind, EARLY_WINDOW_GAP_MINUTES } from '@peakwise/domain/event-baseline';
import { EVENT_DAY_GROSS_METHOD, freezeEventDayGroupBaseline, freezeGroupBaseline, type FrozenBaseline, type GroupDay } from '@peakwise/domain/event-baseline-frozen';
import { hasMeasuredProduction } from '@peakwise/domain/event-baseline-frozen-gross';
import { anyKindDays, anyKindLookBack, chooseEventDayGroup, chooseGroup } from '@peakwise/domain/event-baseline-group';
import { slotsKwh } from '@peakwise/domain/event-baseline-methods';
import { adjustmentWindowSlots, eventDayReadings, eventSlots, readingsByDayFromLists, type DayReadings } from '@peakwise/domain/event-intervals';
import { eventDateOf, eventDayRanges, type ReadingRange } from '@peakwise/domain/event-reading-plan';
import { localParts, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import { isHolidayProvince, provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import type { DbOrTx } from '../../db/client';
import type { HouseholdBaseline } from './event-baselines.service';
import { calledAmong, grossPeerPools, peerPools, solarAmong } from './event-baseline-group.repository';
import { meterFlowsInRanges, type MeterFlows } from './event-meter-flows.repository';
import { gridImportInRanges } from './event-settlement.repository';
import type { EventRow, Participant } from './events.repository';

/**
 * A member with too few days of its own, scored from its first complete day by a comparison group
 * (decision 101): chosen and frozen with the rest of its batch, and read on the day. Each is one
 * read per batch, whatever the number of members in it.
 */

/** The member's days at the event's clock times, as instants (an hour spare for a DST day: readings are matched by clock time). */
function dayRanges(event: EventRow, household: Participant, days: readonly string[]): ReadingRange[] {
  const { hour, minute } = localParts(event.startsAt, household.timeZone);
  const length = event.endsAt.getTime() - event.startsAt.getTime();
  return days.map((day) => {
    const fromMs = zonedTimeToUtc(day, hour, minute, household.timeZone).getTime();
    return { fromMs: fromMs - HOUR_MS, toMs: fromMs + length + HOUR_MS };
  });
}

/** Overlapping ranges merged: a reading read twice would be added twice to its slot. */
function merged(ranges: readonly ReadingRange[]): ReadingRange[] {
  const out: ReadingRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.fromMs - b.fromMs)) {
    const last = out.at(-1);
    if (last && range.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, range.toMs);
    else out.push({ ...range });
  }
  return out;
}

/** Each peer's readings parsed once per clock, however many members share it as a peer. */
function parsedReadings(rows: ReadonlyMap<string, { ms: number[]; kwh: number[] }>): (peerId: string, timeZone: string) => DayReadings | undefined {
  const cache = new Map<string, DayReadings>();
  return (peerId, timeZone) => {
    const key = `${peerId}|${timeZone}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const read = rows.get(peerId);
    if (!read) return undefined;
    const readings = readingsByDayFromLists(read.ms, read.kwh, timeZone);
    cache.set(key, readings);
    return readings;
  };
}

function holidaysOf(event: EventRow, household: Participant): string[] {
  const year = Number(eventDateOf(event.startsAt, household.timeZone).slice(0, 4));
  return isHolidayProvince(household.province) ? provincialHolidayDates(household.province, year - 1, year) : [];
}

/**
 * The frozen rows of the batch's members that have too few days for a baseline of their own, and a
 * group of at least 5 homes not called: by household. A member with days of the event's kind is
 * scored over them; one with none, over its most recent complete days of any kind (`anyKindDays`),
 * read here in one statement for the batch. The others keep what the own-days rule froze (too
 * little history, said so).
 */
export async function groupBaselines(db: DbOrTx, event: EventRow, batch: readonly HouseholdBaseline[], otherStarts: ReadonlyMap<string, number[]>, now: Date): Promise<Map<string, FrozenBaseline>> {
  const out = new Map<string, FrozenBaseline>();
  const short = batch.filter(({ baseline }) => !baseline.ok && baseline.reason === 'insufficient_history');
  if (short.length === 0) return out;
  const withDays = await withAnyKindDays(db, event, short, otherStarts);
  // No complete past day at all: scored on the event day once its window is over (decision 144).
  for (const [id, frozen] of await eventDayGroupBaselines(db, event, withDays.filter(({ days }) => days.length === 0).map(({ household }) => household), now)) out.set(id, frozen);
  const members = withDays.filter(({ days }) => days.length > 0);
  if (members.length === 0) return out;
  const pools = await peerPools(db, event.id, members.map(({ household }) => household.householdId));
  const peers = [...new Set([...pools.values()].flat())];
  // Members of one batch often share their days: one read of each instant.
  const ranges = merged(members.flatMap(({ household, days }) => dayRanges(event, household, days)));
  const rows = await gridImportInRanges(db, peers.map((householdId) => ({ householdId, group: 0 })), [ranges]);
  const parsed = parsedReadings(rows);
  for (const { household, days, readings } of members) {
    const slots = eventSlots(event.startsAt, event.endsAt, household.timeZone);
    if (!slots) continue;
    const candidates = (pools.get(household.householdId) ?? []).flatMap((id) => {
      const peerReadings = parsed(id, household.timeZone);
      return peerReadings ? [{ id, readings: peerReadings }] : [];
    });
    // The event's kind, whatever the days': the row says which rule's days it lacked.
    const kind = dayKind(slots.date, new Set(holidaysOf(event, household)));
    const own = freezeGroupBaseline(kind, days, slots.slots, readings, []);
    const group = chooseGroup(household.householdId, own.eventKwh, days, slots.slots, candidates);
    if (group) out.set(household.householdId, { ...own, group });
  }
  return out;
}

/** The complete days of any kind one member with none of the event's kind would be scored over (its outlook). */
export async function anyKindDaysOf(db: DbOrTx, event: EventRow, household: Participant, otherStarts: readonly number[]): Promise<string[]> {
  const eventDate = eventDateOf(event.startsAt, household.timeZone);
  const short = { household, baseline: { ok: false as const, reason: 'insufficient_history' as const, eventDate, days: [] }, readings: new Map(), eventDate };
  const [member] = await withAnyKindDays(db, event, [short], new Map([[household.householdId, [...otherStarts]]]));
  return member?.days ?? [];
}

/**
 * Each short member with the days it is scored over and the readings of those days: its days of the
 * event's kind when it has any; else its complete days of any kind, from one read of the look-back
 * for all such members of the batch (the own-days read held only days of the event's kind).
 */
async function withAnyKindDays(
  db: DbOrTx,
  event: EventRow,
  short: readonly HouseholdBaseline[],
  otherStarts: ReadonlyMap<string, number[]>,
): Promise<{ household: Participant; days: string[]; readings: DayReadings }[]> {
  // Each member without a day of the event's kind, with its look-back worked out once.
  const none = new Map(
    short
      .filter(({ baseline }) => baseline.days.length === 0)
      .map(({ household }) => {
        const eventDate = eventDateOf(event.startsAt, household.timeZone);
        return [household.householdId, { household, eventDate, kind: dayKind(eventDate, new Set(holidaysOf(event, household))) }] as const;
      }),
  );
  const ranges = merged([...none.values()].flatMap(({ household, eventDate, kind }) => dayRanges(event, household, anyKindLookBack(eventDate, kind))));
  const rows = none.size > 0 ? await gridImportInRanges(db, [...none.keys()].map((householdId) => ({ householdId, group: 0 })), [ranges]) : new Map<string, { ms: number[]; kwh: number[] }>();
  return short.map(({ household, baseline, readings }) => {
    const lookBack = none.get(household.householdId);
    if (!lookBack) return { household, days: baseline.days, readings };
    const slots = eventSlots(event.startsAt, event.endsAt, household.timeZone);
    const read = rows.get(household.householdId);
    if (!slots || !read) return { household, days: [], readings };
    const own = readingsByDayFromLists(read.ms, read.kwh, household.timeZone);
    // Another event's day is no usual day, as for the own-days rule.
    const eventDates = (otherStarts.get(household.householdId) ?? []).map((ms) => eventDateOf(new Date(ms), household.timeZone));
    return { household, days: anyKindDays({ eventDate: lookBack.eventDate, kind: lookBack.kind, slots: slots.slots, readings: own, eventDates }), readings: own };
  });
}

/**
 * The event day of the frozen groups of these members: each peer's readings over the event (one
 * read for all of them; gross load for the peers of a row frozen on it, decision 144's Since), keyed
 * on its member's clock, and which peers have been called since.
 */
export async function groupDays(db: DbOrTx, event: EventRow, members: readonly { household: Participant; frozen: FrozenBaseline }[]): Promise<Map<string, GroupDay>> {
  const out = new Map<string, GroupDay>();
  const grouped = members.flatMap(({ household, frozen }) => (frozen.status === 'ok' && frozen.group ? [{ household, group: frozen.group, gross: frozen.method === EVENT_DAY_GROSS_METHOD }] : []));
  if (grouped.length === 0) return out;
  const peersOf = (gross: boolean) => [...new Set(grouped.filter((g) => g.gross === gross).flatMap(({ group }) => group.map((peer) => peer.id)))];
  const peers = [...new Set(grouped.flatMap(({ group }) => group.map((peer) => peer.id)))];
  const range = [eventDayRanges(event.startsAt, event.endsAt, null)];
  // One after the other: a transaction's connection runs one statement at a time.
  const onGrid = peersOf(false);
  const rows = onGrid.length > 0 ? await gridImportInRanges(db, onGrid.map((householdId) => ({ householdId, group: 0 })), range) : new Map<string, { ms: number[]; kwh: number[] }>();
  const byGross = peersOf(true);
  const flows = byGross.length > 0 ? await meterFlowsInRanges(db, byGross.map((householdId) => ({ householdId, group: 0 })), range) : new Map<string, MeterFlows>();
  const called = await calledAmong(db, event.id, peers);
  const parsed = parsedReadings(rows);
  const parsedGross = parsedReadings(new Map([...flows].map(([id, f]) => [id, { ms: f.ms, kwh: f.gross }])));
  for (const { household, group, gross } of grouped) {
    const eventDate = eventDateOf(event.startsAt, household.timeZone);
    const readings = new Map(
      group.map((peer) => {
        const peerReadings = (gross ? parsedGross : parsed)(peer.id, household.timeZone);
        return [peer.id, peerReadings ? eventDayReadings(peerReadings, eventDate) : undefined] as const;
      }),
    );
    out.set(household.householdId, { readings, called });
  }
  return out;
}

/**
 * The event day's hours a member with no complete past day is scored on (decision 144): the 3 h
 * ending 2 h before the start, or null when they fall on the day before (an event before 5 a.m.).
 * The freeze reads them; the outlook promises them only when there are some.
 */
export const eventDayWindow = (startsAt: Date, timeZone: string) => adjustmentWindowSlots(startsAt, timeZone, EARLY_WINDOW_GAP_MINUTES);

/**
 * Members with no complete past day (decision 144), frozen with their group once the event day's
 * window (3 h ending 2 h before the start) is over: the freeze at the start, or a later read before
 * it. A home with solar is not read on its grid draw: its window is midday, where that draw is near
 * zero and the group's ratio to it says nothing (issue 31's harness); without a battery it is read
 * on gross load instead (`eventDayGrossBaselines`). A member whose window lacks a reading, or with
 * fewer than 5 homes not called that have theirs, is left out.
 */
async function eventDayGroupBaselines(db: DbOrTx, event: EventRow, households: readonly Participant[], now: Date): Promise<Map<string, FrozenBaseline>> {
  const out = new Map<string, FrozenBaseline>();
  // The window as an instant range, the same for every home whatever its zone.
  const windowRange = eventDayRanges(event.startsAt, event.endsAt, EARLY_WINDOW_GAP_MINUTES)[0]!;
  if (households.length === 0 || now.getTime() < windowRange.toMs) return out;
  const solar = await solarAmong(db, event.id, households.map((h) => h.householdId));
  for (const [id, frozen] of await eventDayGrossBaselines(db, event, households.filter((h) => solar.has(h.householdId) && !h.hasBattery), windowRange)) out.set(id, frozen);
  const members = households.filter((h) => !solar.has(h.householdId));
  if (members.length === 0) return out;
  const pools = await peerPools(db, event.id, members.map((h) => h.householdId));
  const homes = [...new Set([...members.map((h) => h.householdId), ...[...pools.values()].flat()])];
  const rows = await gridImportInRanges(db, homes.map((householdId) => ({ householdId, group: 0 })), [[windowRange]]);
  const parsed = parsedReadings(rows);
  for (const household of members) {
    const slots = eventSlots(event.startsAt, event.endsAt, household.timeZone);
    const window = eventDayWindow(event.startsAt, household.timeZone);
    if (!slots || !window) continue;
    const use = (id: string) => {
      const readings = parsed(id, household.timeZone);
      return readings ? slotsKwh(readings, window.date, window.slots) : null;
    };
    const own = use(household.householdId);
    if (own === null) continue;
    const candidates = (pools.get(household.householdId) ?? []).flatMap((id) => {
      const windowKwh = use(id);
      return windowKwh === null ? [] : [{ id, windowKwh }];
    });
    const group = chooseEventDayGroup(household.householdId, own, candidates);
    if (!group) continue;
    const kind = dayKind(slots.date, new Set(holidaysOf(event, household)));
    out.set(household.householdId, freezeEventDayGroupBaseline(kind, slots.date, slots.slots.length, window.slots.length, own, group));
  }
  return out;
}

/**
 * Solar members without a battery and with no complete past day (decision 144's Since): the window
 * read on gross load (what the home used, its panels' production added back), the member's only
 * when its meter reported production in the window, so a register that reads 0 is not taken for a
 * home without sun. Its peers are homes of its area without a battery, with their gross load: one
 * without panels is its grid draw; one with panels only when its production is measured in the
 * window. On the day, the group's gross change moves the member's, and the member's production over
 * the event is taken off (`thawBaseline`).
 */
async function eventDayGrossBaselines(db: DbOrTx, event: EventRow, households: readonly Participant[], windowRange: ReadingRange): Promise<Map<string, FrozenBaseline>> {
  const out = new Map<string, FrozenBaseline>();
  if (households.length === 0) return out;
  const pools = await grossPeerPools(db, event.id, households.map((h) => h.householdId));
  const solarPeer = new Set([...pools.values()].flat().filter((peer) => peer.solar).map((peer) => peer.id));
  const homes = [...new Set([...households.map((h) => h.householdId), ...[...pools.values()].flat().map((peer) => peer.id)])];
  const flows = await meterFlowsInRanges(db, homes.map((householdId) => ({ householdId, group: 0 })), [[windowRange]]);
  const gross = parsedReadings(new Map([...flows].map(([id, f]) => [id, { ms: f.ms, kwh: f.gross }])));
  const production = parsedReadings(new Map([...flows].map(([id, f]) => [id, { ms: f.ms, kwh: f.production }])));
  for (const household of households) {
    const slots = eventSlots(event.startsAt, event.endsAt, household.timeZone);
    const window = eventDayWindow(event.startsAt, household.timeZone);
    if (!slots || !window) continue;
    const use = (id: string, measured: boolean) => {
      const load = gross(id, household.timeZone);
      if (!load) return null;
      if (measured && !hasMeasuredProduction([window.date], window.slots, production(id, household.timeZone)!)) return null;
      return slotsKwh(load, window.date, window.slots);
    };
    const own = use(household.householdId, true);
    if (own === null) continue;
    const candidates = (pools.get(household.householdId) ?? []).flatMap((peer) => {
      const windowKwh = use(peer.id, solarPeer.has(peer.id));
      return windowKwh === null ? [] : [{ id: peer.id, windowKwh }];
    });
    const group = chooseEventDayGroup(household.householdId, own, candidates);
    if (!group) continue;
    const kind = dayKind(slots.date, new Set(holidaysOf(event, household)));
    out.set(household.householdId, freezeEventDayGroupBaseline(kind, slots.date, slots.slots.length, window.slots.length, own, group, EVENT_DAY_GROSS_METHOD));
  }
  return out;
}
