import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventWindowNoiseKwh, pointsUnderRule, type PointsRule } from './event-points-rule';

const band = (k: number, targetPercent: number): PointsRule => ({ kind: 'noise_band', k, targetPercent, fallbackShare: 0.25 });
const confidence = (z: number, targetPercent: number): PointsRule => ({ kind: 'confidence', z, targetPercent, fallbackShare: 0.25 });

describe('points rules (hand-computed, reward 100)', () => {
  it('a higher target keeps the curve: 1× at the target, 2× at three times it', () => {
    // Target 20 %, a 40 % cut: 100 × (1 + 20 / 40) = 150.
    expect(pointsUnderRule({ kind: 'target', targetPercent: 20 }, { baselineKwh: 5, actualKwh: 3, noiseKwh: null })).toBe(150);
    expect(pointsUnderRule({ kind: 'target', targetPercent: 20 }, { baselineKwh: 5, actualKwh: 4.1, noiseKwh: null })).toBe(0); // 18 %
  });

  it('noise band: only the saving above k σ counts, against the target', () => {
    // Baseline 4, actual 2.8: saved 1.2. σ 0.5, k 1.5: band 0.75, above it 0.45 = 11.25 % of 4.
    // Target 5 %: 100 × (1 + 6.25 / 10) = 162.5 → 162.
    expect(pointsUnderRule(band(1.5, 5), { baselineKwh: 4, actualKwh: 2.8, noiseKwh: 0.5 })).toBe(162);
    // Saved 0.5, under the 0.75 band: nothing.
    expect(pointsUnderRule(band(1.5, 5), { baselineKwh: 4, actualKwh: 3.5, noiseKwh: 0.5 })).toBe(0);
    // No σ: the band is 25 % of the baseline, 1 kWh. k 1.5: 1.5 > 1.2, nothing; k 1: 0.2 above = 5 %, the reward.
    expect(pointsUnderRule(band(1.5, 5), { baselineKwh: 4, actualKwh: 2.8, noiseKwh: null })).toBe(0);
    expect(pointsUnderRule(band(1, 5), { baselineKwh: 4, actualKwh: 2.8, noiseKwh: null })).toBe(100);
  });

  it('confidence test: the whole cut counts once the saving exceeds z σ', () => {
    // Baseline 4, actual 3.5: saved 0.5 = 12.5 %, 100 × (1 + 2.5 / 20) = 112.5 → 112.
    expect(pointsUnderRule(confidence(2, 10), { baselineKwh: 4, actualKwh: 3.5, noiseKwh: 0.2 })).toBe(112); // 0.4 < 0.5
    expect(pointsUnderRule(confidence(2, 10), { baselineKwh: 4, actualKwh: 3.5, noiseKwh: 0.3 })).toBe(0); // 0.6 > 0.5
    expect(pointsUnderRule(confidence(2, 10), { baselineKwh: 4, actualKwh: 3.5, noiseKwh: 0.25 })).toBe(0); // exactly 0.5 is not more
  });

  it('minimum kWh: the whole cut counts once the saving reaches it', () => {
    const rule: PointsRule = { kind: 'min_kwh', minKwh: 0.5, targetPercent: 10 };
    expect(pointsUnderRule(rule, { baselineKwh: 2, actualKwh: 1.6, noiseKwh: null })).toBe(0); // 20 % but 0.4 kWh
    expect(pointsUnderRule(rule, { baselineKwh: 4, actualKwh: 3.2, noiseKwh: null })).toBe(150); // 20 %, 0.8 kWh
  });

  it('pays nothing without a positive baseline', () => {
    expect(pointsUnderRule(band(1, 5), { baselineKwh: 0, actualKwh: 0, noiseKwh: 0 })).toBe(0);
    expect(pointsUnderRule({ kind: 'target', targetPercent: 10 }, { baselineKwh: -1, actualKwh: -2, noiseKwh: null })).toBe(0);
  });
});

describe('eventWindowNoiseKwh', () => {
  it('is the sample standard deviation, null under three days', () => {
    // Mean 2.5; squares 2.25 + 0.25 + 0.25 + 2.25 = 5; 5 ÷ 3, square root.
    expect(eventWindowNoiseKwh([4, 1, 3, 2])).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(eventWindowNoiseKwh([1, 1, 1])).toBe(0);
    expect(eventWindowNoiseKwh([1, 2])).toBeNull();
    expect(eventWindowNoiseKwh([1, 2, Number.NaN])).toBeNull();
  });

  it('does not depend on the order of the days', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 20, noNaN: true }), { minLength: 3, maxLength: 12 }), (values) => {
        expect(eventWindowNoiseKwh([...values].reverse())).toBe(eventWindowNoiseKwh(values));
      }),
    );
  });
});

describe('points rules (properties)', () => {
  const rules = fc.oneof(
    fc.record({ kind: fc.constant('target' as const), targetPercent: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('noise_band' as const), targetPercent: fc.integer({ min: 1, max: 20 }), k: fc.double({ min: 0, max: 3, noNaN: true }), fallbackShare: fc.double({ min: 0, max: 0.5, noNaN: true }) }),
    fc.record({ kind: fc.constant('confidence' as const), targetPercent: fc.integer({ min: 1, max: 20 }), z: fc.double({ min: 0, max: 3, noNaN: true }), fallbackShare: fc.double({ min: 0, max: 0.5, noNaN: true }) }),
    fc.record({ kind: fc.constant('min_kwh' as const), targetPercent: fc.integer({ min: 1, max: 20 }), minKwh: fc.double({ min: 0, max: 2, noNaN: true }) }),
  );
  const kwh = fc.double({ min: 0, max: 10, noNaN: true });
  const noise = fc.option(fc.double({ min: 0, max: 2, noNaN: true }));

  it('whole points from 0 to 2× the reward, and nothing when use did not fall', () => {
    fc.assert(
      fc.property(rules, kwh, kwh, noise, (rule, baselineKwh, actualKwh, noiseKwh) => {
        const points = pointsUnderRule(rule, { baselineKwh, actualKwh, noiseKwh });
        expect(Number.isInteger(points)).toBe(true);
        expect(points).toBeGreaterThanOrEqual(0);
        expect(points).toBeLessThanOrEqual(200);
        if (actualKwh >= baselineKwh) expect(points).toBe(0);
      }),
    );
  });

  it('a deeper cut never earns less, and more noise never earns more', () => {
    fc.assert(
      fc.property(rules, kwh, kwh, kwh, fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }), (rule, baselineKwh, a, b, n1, n2) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const [quiet, noisy] = n1 <= n2 ? [n1, n2] : [n2, n1];
        expect(pointsUnderRule(rule, { baselineKwh, actualKwh: less, noiseKwh: quiet })).toBeGreaterThanOrEqual(pointsUnderRule(rule, { baselineKwh, actualKwh: more, noiseKwh: quiet }));
        expect(pointsUnderRule(rule, { baselineKwh, actualKwh: less, noiseKwh: quiet })).toBeGreaterThanOrEqual(pointsUnderRule(rule, { baselineKwh, actualKwh: less, noiseKwh: noisy }));
      }),
    );
  });

  it('a noise band or a confidence test never pays more than its target alone', () => {
    fc.assert(
      fc.property(rules, kwh, kwh, noise, (rule, baselineKwh, actualKwh, noiseKwh) => {
        const plain = pointsUnderRule({ kind: 'target', targetPercent: rule.targetPercent }, { baselineKwh, actualKwh, noiseKwh });
        expect(pointsUnderRule(rule, { baselineKwh, actualKwh, noiseKwh })).toBeLessThanOrEqual(plain);
      }),
    );
  });
});
