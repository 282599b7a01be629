import { describe, expect, it } from 'vitest';
import { planIdOn } from './tariff-history';

describe('planIdOn', () => {
  const rows = [
    { planId: 'on-ulo', effectiveFrom: '2026-03-01' },
    { planId: 'on-tou', effectiveFrom: '2025-11-01' },
    { planId: 'on-tiered', effectiveFrom: '2026-06-15' },
  ];
  it('takes the latest row starting on or before the date, in whatever order the rows come', () => {
    for (const history of [rows, [...rows].reverse(), [rows[2]!, rows[0]!, rows[1]!]]) {
      expect(['2025-10-01', '2025-11-01', '2026-02-28', '2026-03-01', '2026-06-14', '2026-06-15', '2027-01-01'].map((d) => planIdOn(history, 'ON', d))).toEqual([
        'on-tou', // before the first row: the plan the household started on
        'on-tou',
        'on-tou',
        'on-ulo',
        'on-ulo',
        'on-tiered',
        'on-tiered',
      ]);
    }
  });
  it("falls back to the province's default plan without any row", () => {
    expect(planIdOn([], 'BC', '2026-01-01')).toBe('bc-residential-conservation');
  });
});
