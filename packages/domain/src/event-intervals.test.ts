import { describe, expect, it } from 'vitest';
import { adjustmentWindowSlots, clockOf, daySlots, eventSlots, readingsByDay, readingsByDayFromLists, slotOf } from './event-intervals';

const TORONTO = 'America/Toronto';

describe('local slots', () => {
  it('has 288 slots on an ordinary day, 276 when clocks spring forward and 300 when they fall back', () => {
    expect(daySlots('2025-07-17', TORONTO)).toHaveLength(288);
    const spring = daySlots('2025-03-09', TORONTO);
    expect(spring).toHaveLength(276);
    expect(spring).not.toContain('02:00');
    expect(spring.slice(23, 25)).toEqual(['01:55', '03:00']);
    const fall = daySlots('2025-11-02', TORONTO);
    expect(fall).toHaveLength(300);
    expect(fall.slice(22, 26)).toEqual(['01:50', '01:55', '01:00#2', '01:05#2']);
    expect(new Set(fall).size).toBe(300);
    expect(daySlots('2025-11-02', 'America/Vancouver')).toHaveLength(300);
  });

  it('keys an instant by its local clock slot, the repeated hour by its pass', () => {
    // 22:07 UTC in July is 18:07 EDT, in the 18:05 slot.
    expect(slotOf(new Date('2025-07-17T22:07:00Z'), TORONTO)).toEqual({ date: '2025-07-17', slot: '18:05' });
    // 2025-11-02: 01:30 EDT is 05:30 UTC, 01:30 EST is 06:30 UTC.
    expect(slotOf(new Date('2025-11-02T05:30:00Z'), TORONTO).slot).toBe('01:30');
    expect(slotOf(new Date('2025-11-02T06:30:00Z'), TORONTO).slot).toBe('01:30#2');
    expect(clockOf('01:30#2')).toBe('01:30');
    expect(clockOf('18:05')).toBe('18:05');
    // Newfoundland is UTC−2:30 in summer: 21:35 UTC is 19:05.
    expect(slotOf(new Date('2025-07-17T21:35:00Z'), 'America/St_Johns').slot).toBe('19:05');
  });

  it('groups raw intervals by local day and slot, adding readings in one slot and skipping non-numbers', () => {
    const days = readingsByDay(
      [
        { start: new Date('2025-07-17T22:00:00Z'), kwh: 0.1 },
        { start: new Date('2025-07-17T22:01:00Z'), kwh: 0.2 },
        { start: new Date('2025-07-18T03:55:00Z'), kwh: 0.4 }, // 23:55 on the 17th
        { start: new Date('2025-07-18T04:00:00Z'), kwh: 0.5 }, // 00:00 on the 18th
        { start: new Date('2025-07-17T22:05:00Z'), kwh: Number.NaN },
      ],
      TORONTO,
    );
    expect(days.get('2025-07-17')?.['18:00']).toBeCloseTo(0.3, 12);
    expect(days.get('2025-07-17')?.['23:55']).toBe(0.4);
    expect(days.get('2025-07-17')?.['18:05']).toBeUndefined();
    expect(days.get('2025-07-18')).toEqual({ '00:00': 0.5 });
  });
});

describe('event and adjustment windows', () => {
  it('lists an event’s slots and the three hours ending an hour before it', () => {
    const start = new Date('2025-07-17T22:00:00Z'); // 18:00 EDT
    const event = eventSlots(start, new Date('2025-07-17T23:00:00Z'), TORONTO);
    expect(event?.date).toBe('2025-07-17');
    expect(event?.slots).toHaveLength(12);
    expect(event?.slots[0]).toBe('18:00');
    const window = adjustmentWindowSlots(start, TORONTO, 60);
    expect(window?.slots).toHaveLength(36);
    expect([window?.slots[0], window?.slots[35]]).toEqual(['14:00', '16:55']);
  });

  it('keys an event’s slots after local midnight for the next day, and refuses one that reaches a third day or a window before the event’s day', () => {
    // Thursday 2025-07-17 23:30 EDT to Friday 00:30.
    const across = eventSlots(new Date('2025-07-18T03:30:00Z'), new Date('2025-07-18T04:30:00Z'), TORONTO);
    expect(across?.date).toBe('2025-07-17');
    expect(across?.slots).toEqual(['23:30', '23:35', '23:40', '23:45', '23:50', '23:55', '00:00+1', '00:05+1', '00:10+1', '00:15+1', '00:20+1', '00:25+1']);
    // 23:30 on the 17th to 00:05 on the 19th.
    expect(eventSlots(new Date('2025-07-18T03:30:00Z'), new Date('2025-07-19T04:05:00Z'), TORONTO)).toBeNull();
    expect(eventSlots(new Date('2025-07-17T22:00:00Z'), new Date('2025-07-17T22:00:00Z'), TORONTO)).toBeNull();
    // 03:00 EDT: the window would start at 23:00 the day before.
    expect(adjustmentWindowSlots(new Date('2025-07-17T07:00:00Z'), TORONTO, 60)).toBeNull();
    // 04:00: the window is 00:00–02:55 of the same day.
    expect(adjustmentWindowSlots(new Date('2025-07-17T08:00:00Z'), TORONTO, 60)?.slots[0]).toBe('00:00');
  });

  it('counts real intervals across a DST change: 01:00–03:00 on the fall-back night is 36 slots', () => {
    // 01:00 EDT = 05:00 UTC; 03:00 EST = 08:00 UTC.
    const event = eventSlots(new Date('2025-11-02T05:00:00Z'), new Date('2025-11-02T08:00:00Z'), TORONTO);
    expect(event?.slots).toHaveLength(36);
    expect(event?.slots.filter((s) => s.endsWith('#2'))).toHaveLength(12);
  });
});

describe('readingsByDayFromLists', () => {
  it('groups exactly as readingsByDay does, the fall-back night included', () => {
    const zone = 'America/Toronto';
    // Every 5 minutes across the 2026 fall-back night (Nov 1), with a non-finite reading and two in one slot.
    const start = Date.UTC(2026, 9, 31, 22, 0);
    const ms: number[] = [];
    const kwh: number[] = [];
    for (let t = start, i = 0; t < start + 12 * 3_600_000; t += 300_000, i++) {
      ms.push(t);
      kwh.push(i === 7 ? Number.NaN : (i % 13) / 10);
    }
    ms.push(start + 60_000);
    kwh.push(0.25);
    const expected = readingsByDay(ms.map((t, i) => ({ start: new Date(t), kwh: kwh[i]! })), zone);
    expect(readingsByDayFromLists(ms, kwh, zone)).toEqual(expected);
    expect(expected.get('2026-11-01')?.['01:05#2']).toBeDefined();
  });
});
