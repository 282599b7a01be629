import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  healthStatus,
  median,
  peerYieldHealth,
  percentile,
  referenceHealth,
  referenceLevel,
  temperatureCorrectedEfficiency,
  uptimeHealth,
} from './maintenance-health';

describe('health status bands', () => {
  it('operational from 90, warning from 75, critical below, unknown without a score', () => {
    expect(healthStatus(100)).toBe('operational');
    expect(healthStatus(90)).toBe('operational');
    expect(healthStatus(89.99)).toBe('warning');
    expect(healthStatus(75)).toBe('warning');
    expect(healthStatus(74.99)).toBe('critical');
    expect(healthStatus(0)).toBe('critical');
    expect(healthStatus(null)).toBe('unknown');
    expect(healthStatus(Number.NaN)).toBe('unknown');
  });
});

describe('uptime health', () => {
  it('is the share of expected intervals reported, also on 23- and 25-hour days', () => {
    expect(uptimeHealth(288, 288)).toBe(100);
    expect(uptimeHealth(216, 288)).toBe(75);
    expect(uptimeHealth(276, 276)).toBe(100);
    expect(uptimeHealth(150, 300)).toBe(50);
    expect(uptimeHealth(5, 0)).toBeNull();
  });
});

describe('peer yield health (panels under the same sun)', () => {
  it('scores each panel against the median panel, capped at 100', () => {
    const yields = new Map([
      ['p1', 4.0],
      ['p2', 4.1],
      ['p3', 4.0],
      ['p4', 3.68], // 8 % behind: dirt
      ['p5', 4.2],
    ]);
    const health = peerYieldHealth(yields);
    expect(health.get('p1')).toBe(100);
    expect(health.get('p5')).toBe(100);
    expect(health.get('p4')).toBeCloseTo(92, 10);
  });

  it('does not judge dark days or arrays of fewer than three panels', () => {
    expect(peerYieldHealth(new Map([['a', 0.1], ['b', 0.15], ['c', 0.19]])).size).toBe(0);
    expect(peerYieldHealth(new Map([['a', 4], ['b', 3]])).size).toBe(0);
  });

  it('never exceeds 100 or goes below 0, and the median panel always scores 100', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.2, max: 8, noNaN: true }), { minLength: 3, maxLength: 30 }), (values) => {
        const health = peerYieldHealth(new Map(values.map((v, i) => [String(i), v])));
        for (const h of health.values()) {
          expect(h).toBeGreaterThanOrEqual(0);
          expect(h).toBeLessThanOrEqual(100);
        }
        const m = median(values);
        values.forEach((v, i) => {
          if (v >= m) expect(health.get(String(i))).toBeCloseTo(100, 9);
        });
      }),
    );
  });
});

describe('reference level and health', () => {
  it('the usual level is the 90th percentile of at least 7 judged days', () => {
    expect(referenceLevel([90, 91, 92, 93, 94, 95])).toBeNull();
    // Ranks 0..9, p90 at rank 8.1: 98 + 0.1·(99 − 98).
    expect(referenceLevel([90, 91, 92, 93, 94, 95, 96, 97, 98, 99])).toBeCloseTo(98.1, 10);
    expect(referenceHealth(88.29, 98.1)).toBeCloseTo(90, 10);
    expect(referenceHealth(120, 98.1)).toBe(100);
    expect(referenceHealth(null, 98.1)).toBeNull();
    expect(referenceHealth(50, null)).toBeNull();
  });

  it('percentile interpolates between ranks like PERCENTILE.INC', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 1)).toBe(3);
  });
});

describe('temperature-corrected efficiency', () => {
  it('is unchanged at 25 °C and raised for a hot cell by −0.37 %/K', () => {
    expect(temperatureCorrectedEfficiency(90, 25)).toBe(90);
    // 45 °C: factor 1 − 0.0037·20 = 0.926 → 83.34 / 0.926 = 90.
    expect(temperatureCorrectedEfficiency(83.34, 45)).toBeCloseTo(90, 10);
  });
});
