import { describe, expect, it } from 'vitest';
import { nextPartitionMonth, partitionMonthsAhead, rawRetentionHorizon } from './reading-partition-months';

describe('partitionMonthsAhead', () => {
  it('starts at the UTC month of the instant and runs across the year end', () => {
    expect(partitionMonthsAhead(new Date('2026-11-29T15:00:00Z'), 3).map((d) => d.toISOString())).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-02-01T00:00:00.000Z',
    ]);
  });

  it('goes by UTC, not by the local date: 23:30 on 31 January in Toronto is already February', () => {
    expect(partitionMonthsAhead(new Date('2027-02-01T04:30:00Z'), 0).map((d) => d.toISOString())).toEqual(['2027-02-01T00:00:00.000Z']);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => partitionMonthsAhead(new Date(), -1)).toThrow(RangeError);
    expect(() => partitionMonthsAhead(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('nextPartitionMonth', () => {
  it('is the first instant of the following UTC month, also from the last millisecond of a month', () => {
    expect(nextPartitionMonth(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextPartitionMonth(new Date('2028-02-01T00:00:00Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});

describe('rawRetentionHorizon', () => {
  it('keeps the 25 whole months before this one: on 29 November 2026 raw readings start on 1 October 2024', () => {
    // By hand: November 2026 minus 25 months is October 2024.
    expect(rawRetentionHorizon(new Date('2026-11-29T15:00:00Z'), 25).toISOString()).toBe('2024-10-01T00:00:00.000Z');
  });

  it('counts UTC months: 04:30 UTC on 1 February is February, whatever the local date', () => {
    expect(rawRetentionHorizon(new Date('2027-02-01T04:30:00Z'), 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses fewer than one month, or a fraction', () => {
    expect(() => rawRetentionHorizon(new Date(), 0)).toThrow(RangeError);
    expect(() => rawRetentionHorizon(new Date(), 2.5)).toThrow(RangeError);
  });
});
