import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComparisonHome, ComparisonTarget } from './event-baseline-comparison';
import { comparisonBaseline, comparisonGroup, MIN_COMPARISON_GROUP } from './event-baseline-comparison';

const D1 = '2025-07-15';
const D2 = '2025-07-16';
const target: ComparisonTarget = { id: 't', stratum: 'toronto|no-solar', history: new Map([[D1, 0.8], [D2, 1.2]]), days: [D2, D1] };

function home(id: string, before: number, during: number | null, extra: Partial<ComparisonHome> = {}): ComparisonHome {
  return { id, called: false, stratum: target.stratum, history: new Map([[D1, before - 0.1], [D2, before + 0.1]]), eventDayKwh: during, ...extra };
}

// Five peers averaging 2 kWh on the target's days and 3 kWh on the event day: the group's use
// rose by 1 kWh, or by half.
const PEERS = [home('a', 1.6, 2.5), home('b', 1.8, 3.2), home('c', 2, 3), home('d', 2.2, 2.9), home('e', 2.4, 3.4)];

describe('comparison group by hand', () => {
  it('adds the group’s change to the household’s own mean, or multiplies by its ratio', () => {
    const group = comparisonGroup(target, PEERS);
    expect(group.map((h) => h.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const add = comparisonBaseline(target, group, 'additive');
    const mul = comparisonBaseline(target, group, 'multiplicative');
    expect(add.ok && add.kwh).toBeCloseTo(1 + (3 - 2), 12);
    expect(mul.ok && mul.kwh).toBeCloseTo(1 * (3 / 2), 12);
  });

  it('keeps the nearest homes in mean use, ties by id, and leaves out the called, other strata, gaps and the household itself', () => {
    const homes = [
      ...PEERS,
      home('called', 1, 1, { called: true }),
      home('elsewhere', 1, 1, { stratum: 'calgary|no-solar' }),
      home('gap', 1, 1, { history: new Map([[D2, 1]]) }),
      home('no-event-day', 1, null),
      home('t', 1, 1),
      home('z', 1.2, 1),
      home('y', 0.8, 1),
    ];
    expect(comparisonGroup(target, homes, 3).map((h) => h.id)).toEqual(['y', 'z', 'a']);
  });

  it('has no baseline with fewer than 5 peers, or no day of its own', () => {
    expect(comparisonBaseline(target, PEERS.slice(0, MIN_COMPARISON_GROUP - 1), 'additive').ok).toBe(false);
    const newcomer = { ...target, days: [] };
    expect(comparisonGroup(newcomer, PEERS)).toEqual([]);
    expect(comparisonBaseline(newcomer, PEERS, 'additive').ok).toBe(false);
  });

  it('works from a single day of the household’s own', () => {
    const one = { ...target, days: [D2] };
    const r = comparisonBaseline(one, comparisonGroup(one, PEERS), 'additive');
    // Own 1.2 on Jul 16; the peers' mean that day is 2.1, their event day 3.0.
    expect(r.ok && r.kwh).toBeCloseTo(1.2 + (3 - 2.1), 12);
  });
});

const homes = fc.array(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    called: fc.boolean(),
    stratum: fc.constantFrom('a', 'b'),
    d1: fc.double({ min: 0, max: 5, noNaN: true }),
    d2: fc.double({ min: 0, max: 5, noNaN: true }),
    during: fc.option(fc.double({ min: 0, max: 5, noNaN: true })),
  }),
  { maxLength: 60 },
);
const toHome = (h: { id: string; called: boolean; stratum: string; d1: number; d2: number; during: number | null }): ComparisonHome => ({
  id: h.id,
  called: h.called,
  stratum: h.stratum,
  history: new Map([[D1, h.d1], [D2, h.d2]]),
  eventDayKwh: h.during,
});

describe('comparison group properties', () => {
  it('never includes a called household', () => {
    fc.assert(
      fc.property(homes, fc.integer({ min: 1, max: 30 }), (raw, size) => {
        const group = comparisonGroup({ ...target, stratum: 'a' }, raw.map(toHome), size);
        expect(group.every((h) => !h.called)).toBe(true);
        expect(group.length).toBeLessThanOrEqual(size);
      }),
    );
  });

  it('is unchanged by the homes’ use on days outside the household’s baseline days, and by called homes', () => {
    fc.assert(
      fc.property(homes, fc.double({ min: 0, max: 50, noNaN: true }), (raw, noise) => {
        const t = { ...target, stratum: 'a' };
        const all = raw.map(toHome);
        const before = comparisonBaseline(t, comparisonGroup(t, all), 'additive');
        const noisy = all.map((h) => ({
          ...h,
          history: new Map([...h.history, ['2025-07-14', noise], ['2025-07-11', noise]]),
          eventDayKwh: h.called ? noise : h.eventDayKwh,
        }));
        const after = comparisonBaseline(t, comparisonGroup(t, noisy), 'additive');
        expect(after).toEqual(before);
      }),
    );
  });
});
