import { describe, expect, it } from 'vitest';
import { comparePayers, eventIntervals, eventShare, intervalPayers, paySegments, stackingConflict, type StackingEvent } from './event-stacking';

const at = (hhmm: string) => Date.parse(`2026-07-15T${hhmm}:00Z`);
const event = (id: string, start: string, end: string, terms: Partial<StackingEvent> = {}): StackingEvent => ({
  id,
  programId: `program-${id}`,
  startMs: at(start),
  endMs: at(end),
  pointsPerKwh: 0,
  rewardPoints: 100,
  stacks: true,
  ...terms,
});
/** Instants of the 5-minute intervals from `from` up to, not including, `to`. */
const span = (from: string, to: string) => {
  const out: number[] = [];
  for (let t = at(from); t < at(to); t += 300_000) out.push(t);
  return out;
};

describe('the intervals an event is scored on', () => {
  it('an hour is twelve intervals; an end off the grid still counts its last interval', () => {
    expect(eventIntervals(event('a', '17:00', '18:00'))).toEqual(span('17:00', '18:00'));
    expect(eventIntervals({ startMs: at('17:02'), endMs: at('17:11') })).toEqual([at('17:00'), at('17:05'), at('17:10')]);
  });
});

describe('which event pays a shared interval', () => {
  const a = event('a', '17:00', '19:00', { pointsPerKwh: 10, rewardPoints: 100 });
  const b = event('b', '18:00', '20:00', { pointsPerKwh: 20, rewardPoints: 50 });

  it('the higher points per kWh pays the overlap; the other keeps what is its own', () => {
    expect(eventShare(a, [b])).toEqual({ ceded: new Set(span('18:00', '19:00')), sharedPaid: [] });
    expect(eventShare(b, [a])).toEqual({ ceded: new Set(), sharedPaid: span('18:00', '19:00') });
  });

  it('equal per kWh: the higher reward per event; then the earlier start; then the smaller id', () => {
    const c = event('c', '18:30', '19:30', { pointsPerKwh: 10, rewardPoints: 150 });
    expect(eventShare(a, [c]).ceded).toEqual(new Set(span('18:30', '19:00')));
    const d = event('d', '16:00', '18:30', { pointsPerKwh: 10, rewardPoints: 100 });
    expect(eventShare(a, [d]).ceded).toEqual(new Set(span('17:00', '18:30')));
    const twin = { ...a, id: 'a2' };
    expect(comparePayers(a, twin)).toBeLessThan(0);
    expect(eventShare(twin, [a]).ceded.size).toBe(24);
  });

  it('three events: each interval to the best event covering it', () => {
    const c = event('c', '18:30', '19:30', { pointsPerKwh: 30 });
    const payers = intervalPayers([a, b, c]);
    expect(span('17:00', '18:00').map((t) => payers.get(t))).toEqual(Array(12).fill('a'));
    expect(span('18:00', '18:30').map((t) => payers.get(t))).toEqual(Array(6).fill('b'));
    expect(span('18:30', '19:30').map((t) => payers.get(t))).toEqual(Array(12).fill('c'));
    expect(span('19:30', '20:00').map((t) => payers.get(t))).toEqual(Array(6).fill('b'));
    expect(payers.size).toBe(36);
  });

  it('an interval already recorded as paid stays with the event that paid it', () => {
    const claimed = new Map([[at('18:00'), 'a']]);
    expect(eventShare(b, [a], claimed).ceded).toEqual(new Set([at('18:00')]));
    expect(eventShare(a, [b], claimed)).toEqual({ ceded: new Set(span('18:05', '19:00')), sharedPaid: [at('18:00')] });
    // A record by an event the household is not in (any more) does not move anything.
    expect(eventShare(b, [a], new Map([[at('18:00'), 'z']])).ceded.size).toBe(0);
  });

  it('the member is shown who pays which hours', () => {
    expect(paySegments(a, [b])).toEqual([
      { startMs: at('17:00'), endMs: at('18:00'), payerId: 'a' },
      { startMs: at('18:00'), endMs: at('19:00'), payerId: 'b' },
    ]);
    expect(paySegments(b, [a])).toEqual([{ startMs: at('18:00'), endMs: at('20:00'), payerId: 'b' }]);
    expect(paySegments(a, [event('far', '21:00', '22:00', { pointsPerKwh: 99 })])).toEqual([{ startMs: at('17:00'), endMs: at('19:00'), payerId: 'a' }]);
  });
});

describe('exclusive programs', () => {
  const stacking = event('s', '17:00', '19:00');
  const exclusive = event('x', '18:00', '20:00', { stacks: false });

  it('joining an exclusive program’s event beside another program’s at the same time is refused, and the other way round', () => {
    expect(stackingConflict(exclusive, [stacking])).toEqual({ eventId: 's', reason: 'this_program_exclusive' });
    expect(stackingConflict(stacking, [exclusive])).toEqual({ eventId: 'x', reason: 'other_program_exclusive' });
  });

  it('no conflict when the windows do not share an interval, between stacking programs, or within one program', () => {
    expect(stackingConflict(exclusive, [event('later', '20:00', '21:00')])).toBeNull();
    expect(stackingConflict(stacking, [event('other', '18:00', '19:00')])).toBeNull();
    expect(stackingConflict(exclusive, [{ ...event('same', '18:30', '19:00', { stacks: false }), programId: exclusive.programId }])).toBeNull();
  });
});
