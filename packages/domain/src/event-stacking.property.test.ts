import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventShare, type StackingEvent } from './event-stacking';

const FIVE_MIN = 300_000;
const DAY_START = Date.parse('2026-07-15T12:00:00Z');

/** One household's events: random windows over six hours (starts and ends on or off the 5-minute grid), random terms. */
const householdEvents = fc
  .array(
    fc.record({
      startMinute: fc.integer({ min: 0, max: 360 }),
      minutes: fc.integer({ min: 1, max: 240 }),
      pointsPerKwh: fc.integer({ min: 0, max: 3 }),
      rewardPoints: fc.integer({ min: 1, max: 3 }),
      program: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((drawn) =>
    drawn.map(
      (d, i): StackingEvent => ({
        id: `e${i}`,
        programId: `p${d.program}`,
        startMs: DAY_START + d.startMinute * 60_000,
        endMs: DAY_START + (d.startMinute + d.minutes) * 60_000,
        pointsPerKwh: d.pointsPerKwh,
        rewardPoints: d.rewardPoints,
        stacks: true,
      }),
    ),
  );

/** Intervals an event covers, worked out apart from the code under test: every 5-minute start t with t + 5 min > start and t < end. */
function covered(e: StackingEvent): number[] {
  const out: number[] = [];
  for (let t = DAY_START - FIVE_MIN; t < e.endMs; t += FIVE_MIN) if (t + FIVE_MIN > e.startMs) out.push(t);
  return out;
}

/** The best event covering an interval, by the rule written out again: per kWh, reward, start, id. */
function bestOf(events: StackingEvent[]): StackingEvent {
  return events.reduce((best, e) => {
    const better =
      e.pointsPerKwh > best.pointsPerKwh ||
      (e.pointsPerKwh === best.pointsPerKwh && (e.rewardPoints > best.rewardPoints || (e.rewardPoints === best.rewardPoints && (e.startMs < best.startMs || (e.startMs === best.startMs && e.id < best.id)))));
    return better ? e : best;
  });
}

/**
 * Each event settled in the given order (a permutation, with repeats for re-settlements): each sees
 * the intervals recorded as paid so far, records the shared intervals it pays, and may not record
 * one another event recorded (what the database's unique key refuses). Returns, per interval, the
 * events that counted it as theirs in their latest settlement.
 */
function settleInOrder(events: StackingEvent[], order: number[]) {
  const claims = new Map<number, string>();
  const paidBy = new Map<string, Set<number>>();
  for (const i of order) {
    const event = events[i]!;
    const share = eventShare(event, events, claims);
    for (const t of share.sharedPaid) {
      const holder = claims.get(t);
      if (holder !== undefined && holder !== event.id) throw new Error(`interval ${t} recorded by ${holder} and ${event.id}`);
      claims.set(t, event.id);
    }
    paidBy.set(event.id, new Set(covered(event).filter((t) => !share.ceded.has(t))));
  }
  const payersOf = new Map<number, string[]>();
  for (const [id, intervals] of paidBy) for (const t of intervals) payersOf.set(t, [...(payersOf.get(t) ?? []), id]);
  return payersOf;
}

describe('one kWh paid once (property)', () => {
  it('over random households and overlapping events: every interval any event covers is paid by exactly one event, the best covering it', () => {
    fc.assert(
      fc.property(fc.array(householdEvents, { minLength: 1, maxLength: 8 }), (households) => {
        for (const events of households) {
          const payersOf = settleInOrder(
            events,
            events.map((_, i) => i),
          );
          const coveredBy = events.map((e) => new Set(covered(e)));
          const union = new Set(events.flatMap(covered));
          expect(new Set(payersOf.keys())).toEqual(union);
          // Plain checks in the loop (thousands of intervals per run); one expect on what was wrong.
          const wrong = [...union].filter((t) => {
            const payers = payersOf.get(t) ?? [];
            return payers.length !== 1 || payers[0] !== bestOf(events.filter((_, i) => coveredBy[i]!.has(t))).id;
          });
          expect(wrong).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('whatever order the events settle in, and however often they settle again, nothing is paid twice and nothing left unpaid', () => {
    fc.assert(
      fc.property(
        householdEvents.chain((events) =>
          fc.tuple(
            fc.constant(events),
            fc.shuffledSubarray(
              events.map((_, i) => i),
              { minLength: events.length, maxLength: events.length },
            ),
            fc.array(fc.integer({ min: 0, max: events.length - 1 }), { maxLength: 6 }),
          ),
        ),
        ([events, order, again]) => {
          const payersOf = settleInOrder(events, [...order, ...again]);
          const union = new Set(events.flatMap(covered));
          expect(new Set(payersOf.keys())).toEqual(union);
          // The order changes nothing: the same single payer as settling in the listed order.
          const listed = settleInOrder(
            events,
            events.map((_, i) => i),
          );
          expect([...union].filter((t) => payersOf.get(t)?.length !== 1 || payersOf.get(t)![0] !== listed.get(t)?.[0])).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
