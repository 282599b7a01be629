import { describe, expect, it } from 'vitest';
import { openAdrEventWindow, parseOpenAdrDuration } from './openadr-event-window';

const now = new Date('2026-07-01T12:00:00Z');
const simple = (level: number) => [{ type: 'SIMPLE', values: [level] }];

describe('parseOpenAdrDuration', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(parseOpenAdrDuration('PT1H')).toBe(3_600_000);
    expect(parseOpenAdrDuration('PT1H30M')).toBe(5_400_000);
    expect(parseOpenAdrDuration('P1DT0.5S')).toBe(86_400_500);
    expect(parseOpenAdrDuration('P1W')).toBe(604_800_000);
  });
  it('refuses years, months, negatives and empty ones', () => {
    expect(parseOpenAdrDuration('P9999Y')).toBeNull();
    expect(parseOpenAdrDuration('P1M')).toBeNull();
    expect(parseOpenAdrDuration('-PT1H')).toBeNull();
    expect(parseOpenAdrDuration('P')).toBeNull();
    expect(parseOpenAdrDuration('PT')).toBeNull();
  });
});

describe('openAdrEventWindow', () => {
  it('runs intervals one after the other from the event period', () => {
    const result = openAdrEventWindow(
      { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT30M' }, intervals: [{ id: 0, payloads: simple(1) }, { id: 1, payloads: simple(2) }, { id: 2, payloads: simple(1) }] },
      now,
      4,
    );
    expect(result).toEqual({ ok: true, window: { startsAt: new Date('2026-07-01T17:00:00Z'), endsAt: new Date('2026-07-01T18:30:00Z'), simpleLevel: 2, importCapacityLimit: null } });
  });

  it('takes an interval own period over the event one, and the lowest capacity limit', () => {
    const result = openAdrEventWindow(
      {
        intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' },
        intervals: [
          { id: 7, payloads: [{ type: 'IMPORT_CAPACITY_LIMIT', values: [5.5] }] },
          { id: 9, intervalPeriod: { start: '2026-07-01T19:00:00Z', duration: 'PT15M' }, payloads: [{ type: 'IMPORT_CAPACITY_LIMIT', values: [3] }] },
        ],
      },
      now,
      4,
    );
    expect(result).toEqual({ ok: true, window: { startsAt: new Date('2026-07-01T17:00:00Z'), endsAt: new Date('2026-07-01T19:15:00Z'), simpleLevel: null, importCapacityLimit: 3 } });
  });

  it.each([
    ['no_intervals', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, intervals: [] }],
    ['no_interval_period', { intervals: [{ id: 0, payloads: simple(1) }] }],
    ['unsupported_duration', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'P9999Y' }, intervals: [{ id: 0, payloads: simple(1) }] }],
    ['immediate_start', { intervalPeriod: { start: '0001-01-01T00:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: simple(1) }] }],
    ['starts_in_past', { intervalPeriod: { start: '2026-07-01T11:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: simple(1) }] }],
    ['too_long', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT4H1M' }, intervals: [{ id: 0, payloads: simple(1) }] }],
    ['unknown_payload_type', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'PRICE', values: [0.2] }] }] }],
    ['bad_payload_value', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: simple(4) }] }],
    ['bad_payload_value', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: ['high'] }] }] }],
    ['no_reduction_requested', { intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, intervals: [{ id: 0, payloads: simple(0) }] }],
    [
      'overlapping_intervals',
      {
        intervals: [
          { id: 0, intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, payloads: simple(1) },
          { id: 1, intervalPeriod: { start: '2026-07-01T17:59:00Z', duration: 'PT1H' }, payloads: simple(1) },
        ],
      },
    ],
  ] as const)('refuses with %s', (reason, event) => {
    const result = openAdrEventWindow(event as never, now, 4);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('accepts intervals that only touch', () => {
    const result = openAdrEventWindow(
      {
        intervals: [
          { id: 1, intervalPeriod: { start: '2026-07-01T18:00:00Z', duration: 'PT1H' }, payloads: simple(1) },
          { id: 0, intervalPeriod: { start: '2026-07-01T17:00:00Z', duration: 'PT1H' }, payloads: simple(3) },
        ],
      },
      now,
      4,
    );
    expect(result.ok && result.window.endsAt.toISOString()).toBe('2026-07-01T19:00:00.000Z');
  });
});
