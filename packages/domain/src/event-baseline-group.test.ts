import { describe, expect, it } from 'vitest';
import { computeBaseline } from './event-baseline';
import { freezeGroupBaseline, thawBaseline } from './event-baseline-frozen';
import { ANY_KIND_DAYS, anyKindDays, anyKindLookBack, chooseGroup, groupChange, type GroupPeer, type PeerCandidate } from './event-baseline-group';
import type { DayReadings, SlotReadings } from './event-intervals';
import { addDays } from './local-time';

const DAYS = ['2025-07-16', '2025-07-15'];
const SLOTS = ['18:00', '18:05'];

/** A home using `kwh[d][s]` in slot s of day d. */
const home = (id: string, kwh: number[][]): PeerCandidate => ({ id, readings: new Map(DAYS.map((day, d) => [day, Object.fromEntries(SLOTS.map((slot, s) => [slot, kwh[d]![s]!]))])) as DayReadings });
const flat = (id: string, perSlot: number) => home(id, [[perSlot, perSlot], [perSlot, perSlot]]);

describe('choosing a comparison group', () => {
  it('takes the homes nearest in use over the member’s days, ties by id, and their mean per slot', () => {
    // The member uses 0.5 + 0.5 = 1 over the two slots; each candidate the same per slot on both days.
    const candidates = [2, 0.25, 0.75, 0.625, 0.375, 1.25, 0.5].map((kwh, i) => flat(`p${i}`, kwh));
    const group = chooseGroup('me', [0.5, 0.5], DAYS, SLOTS, candidates, 5)!;
    // Distances: p6 0, p3 0.25, p4 0.25, p1 0.5, p2 0.5, p5 1.5, p0 3.
    expect(group.map((p) => p.id)).toEqual(['p6', 'p3', 'p4', 'p1', 'p2']);
    const mixed = chooseGroup('me', [0.5, 0.5], DAYS, SLOTS, [home('x', [[0.1, 0.3], [0.3, 0.5]]), ...candidates.slice(0, 4)], 5)!;
    const x = mixed.find((p) => p.id === 'x')!;
    expect(x.usualKwh[0]).toBeCloseTo(0.2, 12);
    expect(x.usualKwh[1]).toBeCloseTo(0.4, 12);
  });

  it('never takes the member itself or a home missing a slot on one of the days, and wants 5', () => {
    const gap = home('gap', [[0.2, 0.2], [0.2, Number.NaN]]);
    const five = ['a', 'b', 'c', 'd'].map((id) => flat(id, 0.2));
    expect(chooseGroup('me', [0.2, 0.2], DAYS, SLOTS, [...five, gap, flat('me', 0.2)])).toBeNull();
    expect(chooseGroup('me', [0.2, 0.2], DAYS, SLOTS, [...five, flat('e', 0.2)])?.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('the group’s change on the day', () => {
  const group: GroupPeer[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, usualKwh: [0.1 * (i + 1), 0.1 * (i + 1)] }));

  it('is Σ of the day ÷ Σ of the usual over the peers not called, by hand', () => {
    // Each peer uses 1.5 × its usual on the day, except f, called since, which used nothing.
    const day = new Map(group.map((p) => [p.id, { '18:00': p.usualKwh[0]! * 1.5, '18:05': p.usualKwh[1]! * 1.5 }]));
    day.set('f', { '18:00': 0, '18:05': 0 });
    const change = groupChange(group, SLOTS, day, new Set(['f']));
    expect(change).toMatchObject({ method: 'comparison', status: 'applied', peers: 5 });
    expect(change.factor).toBeCloseTo(1.5, 12);
    // With f counted, it would be (1.5 × 3.0 − 0) ÷ 4.2 = 1.071…: the test above can fail.
    expect(groupChange(group, SLOTS, day, new Set()).factor).toBeCloseTo((1.5 * 1.5 * 2) / (2.1 * 2), 12);
  });

  it('counts a slot only with 5 peers in, and is 1 with none', () => {
    const day = new Map<string, SlotReadings>(group.slice(0, 4).map((p) => [p.id, { '18:00': 1, '18:05': 1 }]));
    expect(groupChange(group, SLOTS, day, new Set())).toMatchObject({ factor: 1, status: 'missing_data', peers: 0 });
    day.set('e', { '18:00': 1 });
    // 18:00 has 5 peers (a–e): 5 ÷ (0.1 + 0.2 + 0.3 + 0.4 + 0.5); 18:05 has 4 and is left out.
    expect(groupChange(group, SLOTS, day, new Set()).factor).toBeCloseTo(5 / 1.5, 12);
  });
});

describe('a frozen group baseline', () => {
  it('thaws to the member’s own mean times the group’s change, with no same-day window', () => {
    const start = new Date('2025-07-17T22:00:00Z'); // Thursday 18:00 EDT
    const end = new Date('2025-07-17T22:10:00Z');
    const own = new Map([
      ['2025-07-16', { '18:00': 0.2, '18:05': 0.4 }],
      ['2025-07-15', { '18:00': 0.4, '18:05': 0.2 }],
    ]) as DayReadings;
    const peers: GroupPeer[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, usualKwh: [0.1, 0.1] }));
    const frozen = freezeGroupBaseline('weekday', DAYS, SLOTS, own, peers);
    expect(frozen).toMatchObject({ status: 'ok', method: 'own-days-comparison-group', eventKwh: [expect.closeTo(0.3, 12), expect.closeTo(0.3, 12)], windowKwh: [] });
    const day = new Map(peers.map((p) => [p.id, { '18:00': 0.12, '18:05': 0.12 }]));
    const thawed = thawBaseline(frozen, start, end, 'America/Toronto', undefined, { readings: day, called: new Set() });
    if (!thawed?.ok) throw new Error('no baseline');
    expect(thawed.adjustment).toMatchObject({ method: 'comparison', status: 'applied', factor: expect.closeTo(1.2, 12), peers: 5 });
    expect(thawed.kwhBySlot['18:00']).toBeCloseTo(0.36, 12);
    // Own-days computation on the same readings: too little history, which is why the group scores it.
    expect(computeBaseline({ eventStart: start, eventEnd: end, timeZone: 'America/Toronto', readings: own, eventDates: [], holidays: [] })).toMatchObject({ ok: false, reason: 'insufficient_history' });
  });
});

describe('the days of any kind a member with none of the event’s kind is scored over', () => {
  const full = { '18:00': 0.2, '18:05': 0.3 };
  const readingsOn = (days: Record<string, Record<string, number>>) => new Map(Object.entries(days)) as DayReadings;

  it('takes the most recent complete days before the event of any kind, not another event’s day, by hand', () => {
    // A Saturday event (2025-07-19) for a member who joined on Tuesday: its days are all weekdays.
    const readings = readingsOn({
      '2025-07-19': full, // the event day itself
      '2025-07-18': full, // Friday: in
      '2025-07-17': { '18:00': 0.2 }, // Thursday: 18:05 missing
      '2025-07-16': full, // Wednesday: another event's day
      '2025-07-15': { '18:00': 0.2, '18:05': Number.NaN }, // Tuesday: a reading that is no number
      '2025-07-14': full, // Monday: in
    });
    expect(anyKindDays({ eventDate: '2025-07-19', kind: 'weekend-or-holiday', slots: SLOTS, readings, eventDates: ['2025-07-16'] })).toEqual(['2025-07-18', '2025-07-14']);
    // A Tuesday event for a member whose history is one weekend: those two days.
    const weekend = readingsOn({ '2025-07-20': full, '2025-07-19': full });
    expect(anyKindDays({ eventDate: '2025-07-22', kind: 'weekday', slots: SLOTS, readings: weekend, eventDates: [] })).toEqual(['2025-07-20', '2025-07-19']);
    expect(anyKindDays({ eventDate: '2025-07-22', kind: 'weekday', slots: SLOTS, readings: new Map(), eventDates: [] })).toEqual([]);
  });

  it('stops at 10 days, within the look-back of the event’s kind (45 days for a weekday, 60 for a weekend)', () => {
    const daily = (from: string, count: number) => readingsOn(Object.fromEntries(Array.from({ length: count }, (_, i) => [addDays(from, -i), full])));
    // Twelve complete days before Saturday 2025-07-19: the ten most recent, 07-18 down to 07-09.
    expect(ANY_KIND_DAYS).toBe(10);
    expect(anyKindDays({ eventDate: '2025-07-19', kind: 'weekend-or-holiday', slots: SLOTS, readings: daily('2025-07-18', 12), eventDates: [] })).toEqual(
      ['18', '17', '16', '15', '14', '13', '12', '11', '10', '09'].map((d) => `2025-07-${d}`),
    );
    // Wednesday 2025-07-16 less 45 days is 2025-06-01, less 46 is 2025-05-31: only the first is within a weekday event's look-back.
    const old = readingsOn({ '2025-06-01': full, '2025-05-31': full });
    expect(anyKindDays({ eventDate: '2025-07-16', kind: 'weekday', slots: SLOTS, readings: old, eventDates: [] })).toEqual(['2025-06-01']);
    // Saturday 2025-07-19 less 60 days is 2025-05-20, less 61 is 2025-05-19.
    const older = readingsOn({ '2025-05-20': full, '2025-05-19': full });
    expect(anyKindDays({ eventDate: '2025-07-19', kind: 'weekend-or-holiday', slots: SLOTS, readings: older, eventDates: [] })).toEqual(['2025-05-20']);
    expect(anyKindLookBack('2025-07-16', 'weekday')).toHaveLength(45);
    expect(anyKindLookBack('2025-07-16', 'weekday')[0]).toBe('2025-07-15');
  });

  it('wants the next day’s readings for an event past midnight', () => {
    const slots = ['23:55', '00:00+1'];
    const readings = readingsOn({ '2025-07-18': { '23:55': 0.1 }, '2025-07-17': { '23:55': 0.1, '00:00': 0.1 }, '2025-07-16': { '23:55': 0.1, '00:00': 0.1 } });
    // 07-18 lacks 07-19's 00:00 (the event day's own, not read) and 07-17 lacks 07-18's; 07-16 has 07-17's.
    expect(anyKindDays({ eventDate: '2025-07-19', kind: 'weekend-or-holiday', slots, readings, eventDates: [] })).toEqual(['2025-07-16']);
  });
});
