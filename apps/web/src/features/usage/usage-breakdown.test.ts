import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownShares } from './usage-breakdown';

describe('breakdownShares', () => {
  it('computes shares of the total, biggest first and untracked last', () => {
    const { total, shares } = breakdownShares([
      { category: 'untracked', kwh: 500 },
      { category: 'lighting', kwh: 100 },
      { category: 'temperature', kwh: 300 },
      { category: 'camera', kwh: 0 },
      { category: 'smart_plug', kwh: 100 },
    ]);
    expect(total).toBe(1000);
    expect(shares).toEqual([
      { category: 'temperature', kwh: 300, percent: 30 },
      { category: 'lighting', kwh: 100, percent: 10 },
      { category: 'smart_plug', kwh: 100, percent: 10 },
      { category: 'untracked', kwh: 500, percent: 50 },
    ]);
  });

  it('makes thirds add up to exactly 100', () => {
    const { shares } = breakdownShares([
      { category: 'a', kwh: 1 },
      { category: 'b', kwh: 1 },
      { category: 'c', kwh: 1 },
    ]);
    expect(shares.map((s) => s.percent).sort()).toEqual([33.3, 33.3, 33.4]);
  });

  it('has nothing to share when nothing was used', () => {
    expect(breakdownShares([{ category: 'untracked', kwh: 0 }])).toEqual({ total: 0, shares: [] });
  });

  it('always sums to 100.0 and never moves a share by more than one step', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.001, max: 5000, noNaN: true }), { minLength: 1, maxLength: 9 }), (values) => {
        const { total, shares } = breakdownShares(values.map((kwh, i) => ({ category: `c${i}`, kwh })));
        const sum = shares.reduce((s, x) => s + Math.round(x.percent * 10), 0);
        expect(sum).toBe(1000);
        for (const share of shares) expect(Math.abs(share.percent - (share.kwh / total) * 100)).toBeLessThanOrEqual(0.1 + 1e-9);
      }),
    );
  });
});
