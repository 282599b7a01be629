import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { channelId, hash32, mulberry32, unitHash, valueNoise } from './prng';

describe('prng', () => {
  it('hashes are deterministic and sensitive to every key', () => {
    expect(hash32(1, 2, 3, 4)).toBe(hash32(1, 2, 3, 4));
    expect(hash32(1, 2, 3, 4)).not.toBe(hash32(2, 2, 3, 4));
    expect(hash32(1, 2, 3, 4)).not.toBe(hash32(1, 2, 3, 5));
    // Keys above 32 bits (epoch milliseconds) must not alias their low word.
    expect(hash32(1, 2 ** 32 + 5)).not.toBe(hash32(1, 5));
  });

  it('unit draws stay in [0, 1) and are roughly uniform', () => {
    let sum = 0;
    let min = 1;
    let max = 0;
    const n = 20_000;
    for (let i = 0; i < n; i += 1) {
      const u = unitHash(42, channelId('test'), i);
      sum += u;
      min = Math.min(min, u);
      max = Math.max(max, u);
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / n).toBeCloseTo(0.5, 1);
  });

  it('mulberry32 repeats for the same seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    for (let i = 0; i < 10; i += 1) expect(a()).toBe(b());
  });

  it('value noise is continuous and bounded', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (t) => {
        const v = valueNoise(3, 9, t);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
        expect(Math.abs(valueNoise(3, 9, t + 1e-6) - v)).toBeLessThan(1e-4);
      }),
    );
  });
});
