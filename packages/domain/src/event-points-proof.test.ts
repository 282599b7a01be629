import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEASON, pointsHeldUntilProven, proofStep, RELEASE_BOUNDARIES, seasonZ, studentT95, type ProofEventInput, type ProofRule } from './event-points-proof';

// σ test at 1.645 σ; season boundary 2.5; a home without σ gets 25 % of its baseline.
const RULE: ProofRule = { z: 1.645, fallbackShare: 0.25, boundaryZ: 2.5 };
const event = (baselineKwh: number, actualKwh: number, targetPoints: number, noiseKwh: number | null = 0.3): ProofEventInput => ({ baselineKwh, actualKwh, noiseKwh, targetPoints });
const statuses = (events: readonly ProofEventInput[]) => pointsHeldUntilProven(events, RULE).map((r) => `${r.status}${r.releasedAt === null ? '' : `@${r.releasedAt}`}:${r.points}`);

describe('points held until proven (hand-computed, σ 0.3 kWh, bar 1.645 σ = 0.4935 kWh)', () => {
  it('a member who never cuts: a lucky 12 % day is held and never released', () => {
    // Savings +0.24, −0.3, +0.1, −0.1: sums 0.24, −0.06, 0.04, −0.06, all far under 2.5 σ√n.
    // 12 % of 2 kWh earns 100 × (1 + 2 / 20) = 110 under the target rule.
    expect(statuses([event(2, 1.76, 110), event(2, 2.3, 0), event(2, 1.9, 0), event(2, 2.1, 0)])).toEqual(['held:0', 'none:0', 'none:0', 'none:0']);
  });

  it('a steady 15 % cut under the σ bar: held until the seventh event, then every one released', () => {
    // Each saves 0.3 kWh (1 σ, under 1.645 σ): 125 points each. After n events the test is
    // 0.3 n ÷ (0.3 √n) = √n: √6 = 2.45 < 2.5, √7 = 2.65 ≥ 2.5. The eighth is released at its own test.
    const results = pointsHeldUntilProven(Array.from({ length: 8 }, () => event(2, 1.7, 125)), RULE);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill('released'));
    expect(results.map((r) => r.releasedAt)).toEqual([6, 6, 6, 6, 6, 6, 6, 7]);
    expect(results.map((r) => r.points)).toEqual(Array(8).fill(125));
    expect(results[5]!.seasonZ).toBeCloseTo(Math.sqrt(6), 9);
    expect(results.map((r) => r.proven)).toEqual([false, false, false, false, false, false, true, true]);
  });

  it('one big cut is paid at once; it helps prove later small cuts, and the proof lapses when the cuts stop', () => {
    // 0: saves 0.8 (> 0.4935), 40 %: paid at once, 200. Test 0.8 ÷ 0.3 = 2.67.
    // 1: saves 0.25, 12.5 % → 112, held. Test 1.05 ÷ √0.18 = 2.47 < 2.5.
    // 2: saves 0.3, 15 % → 125. Test 1.35 ÷ √0.27 = 2.60: 1 and 2 released after 2.
    // 3: uses 0.2 more: nothing. Test 1.15 ÷ 0.6 = 1.92.
    // 4: saves 0.24, 12 % → 110, held: test 1.39 ÷ √0.45 = 2.07, the member is no longer proven.
    expect(statuses([event(2, 1.2, 200), event(2, 1.75, 112), event(2, 1.7, 125), event(2, 2.2, 0), event(2, 1.76, 110)])).toEqual([
      'paid_at_once:200',
      'released@2:112',
      'released@2:125',
      'none:0',
      'held:0',
    ]);
  });

  it('a home without σ is tested on 25 % of its baseline; an event without a baseline leaves the test as it was', () => {
    // Baseline 4, no σ: σ 1 kWh, bar 1.645. Saves 1.2 (30 %, 200 points): held. Test 1.2.
    // The event with no baseline (0) changes nothing. Then two saves of 2 kWh (50 %): paid at once;
    // test 3.2 ÷ √2 = 2.26, then 5.2 ÷ √3 = 3.00: the first is released after the fourth event.
    expect(statuses([event(4, 2.8, 200, null), event(0, 1, 0, null), event(4, 2, 200, null), event(4, 2, 200, null)])).toEqual([
      'released@3:200',
      'none:0',
      'paid_at_once:200',
      'paid_at_once:200',
    ]);
  });
});

describe('proofStep: one event against the season so far (hand-computed, σ 0.3 kWh, bar 0.4935 kWh)', () => {
  it('a clear cut from an empty season is paid at once, and proves the season by itself', () => {
    // Saves 0.8 > 0.4935: paid at once. Test 0.8 ÷ 0.3 = 2.667 ≥ 2.5.
    const step = proofStep(EMPTY_SEASON, event(2, 1.2, 200), RULE);
    expect(step).toMatchObject({ status: 'paid_at_once', points: 200, counted: true, proven: true });
    expect(step.savingKwh).toBeCloseTo(0.8, 12);
    expect(step.sigmaKwh).toBe(0.3);
    expect(step.sums.events).toBe(1);
    expect(step.sums.varianceKwh2).toBeCloseTo(0.09, 12);
    expect(step.seasonZ).toBeCloseTo(0.8 / 0.3, 9);
  });

  it('a small cut is held; the season before it decides whether it is proven', () => {
    // Two earlier saves of 0.25 (Σ 0.5, Σ σ² 0.18), then 0.3 (15 %, 125 points): under the bar, held.
    // Test 0.8 ÷ √0.27 = 1.540: not proven.
    const early = proofStep({ events: 2, savedKwh: 0.5, varianceKwh2: 0.18 }, event(2, 1.7, 125), RULE);
    expect(early).toMatchObject({ status: 'held', points: 125, proven: false });
    expect(early.sums.events).toBe(3);
    expect(early.seasonZ).toBeCloseTo(0.8 / Math.sqrt(0.27), 9);
    // Six earlier saves of 0.3 (Σ 1.8, Σ σ² 0.54), then the same: 2.1 ÷ √0.63 = 2.646 ≥ 2.5, proven at its own test.
    const late = proofStep({ events: 6, savedKwh: 1.8, varianceKwh2: 0.54 }, event(2, 1.7, 125), RULE);
    expect(late).toMatchObject({ status: 'held', points: 125, proven: true });
    expect(late.seasonZ).toBeCloseTo(2.1 / Math.sqrt(0.63), 9);
  });

  it('without σ, 25 % of the baseline; no points, counted all the same; no baseline, not counted', () => {
    // Baseline 4, no σ: σ 1, bar 1.645; saves 1.2: held.
    expect(proofStep(EMPTY_SEASON, event(4, 2.8, 200, null), RULE)).toMatchObject({ status: 'held', sigmaKwh: 1, proven: false });
    // Uses 0.2 more: earns nothing, but the season counts it: −0.2 with σ² 0.09 on top of (1, 0.8, 0.09).
    const worse = proofStep({ events: 1, savedKwh: 0.8, varianceKwh2: 0.09 }, event(2, 2.2, 0), RULE);
    expect(worse).toMatchObject({ status: 'none', points: 0, counted: true });
    expect(worse.sums.events).toBe(2);
    expect(worse.seasonZ).toBeCloseTo(0.6 / Math.sqrt(0.18), 9);
    // No baseline: nothing earned, the season as it was.
    const before = { events: 1, savedKwh: 0.8, varianceKwh2: 0.09 };
    expect(proofStep(before, event(0, 1, 150), RULE)).toMatchObject({ status: 'none', points: 0, counted: false, savingKwh: 0, sigmaKwh: 0, sums: before });
  });

  it('σ read from n days: the saving is tested on σ √(1 + 1/n) against Student’s t for n − 1 (decision 141), by hand', () => {
    // σ 0.3 from 10 days: the saving's σ 0.3 × √1.1 = 0.314643; bar t(9) 1.833 × 0.314643 = 0.576740.
    const sigma = 0.3 * Math.sqrt(1.1);
    const held = proofStep(EMPTY_SEASON, { ...event(2, 1.45, 200), noiseDays: 10 }, RULE);
    // Saves 0.55: over the 0.4935 of σ as given, under 0.5767: held.
    expect(held).toMatchObject({ status: 'held', points: 200 });
    expect(held.sigmaKwh).toBeCloseTo(sigma, 12);
    expect(held.atOnceKwh).toBeCloseTo(1.833 * sigma, 12);
    expect(held.sums.varianceKwh2).toBeCloseTo(0.099, 12);
    expect(held.seasonZ).toBeCloseTo(0.55 / sigma, 9);
    expect(proofStep(EMPTY_SEASON, { ...event(2, 1.4, 200), noiseDays: 10 }, RULE).status).toBe('paid_at_once');
    // Three days: √(4/3) and t(2) 2.920; without σ the fallback share and z as before, whatever n says.
    expect(proofStep(EMPTY_SEASON, { ...event(2, 1.45, 200), noiseDays: 3 }, RULE).atOnceKwh).toBeCloseTo(2.92 * 0.3 * Math.sqrt(4 / 3), 12);
    expect(proofStep(EMPTY_SEASON, { ...event(4, 2.8, 200, null), noiseDays: 10 }, RULE)).toMatchObject({ sigmaKwh: 1, atOnceKwh: 1.645 });
  });

  it('Student’s t table agrees with the t distribution integrated numerically, and the tail formula past 30', () => {
    // P(T ≤ t) for ν degrees of freedom: 0.5 + ∫₀ᵗ density, Simpson's rule on 2,000 steps.
    const logGamma = (x: number): number => {
      // Lanczos, g = 7: ample for the half-integers here.
      const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
      if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
      const y = x - 1;
      let a = c[0]!;
      const t = y + 7.5;
      for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
      return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
    };
    const cdf = (t: number, nu: number) => {
      const k = Math.exp(logGamma((nu + 1) / 2) - logGamma(nu / 2)) / Math.sqrt(nu * Math.PI);
      const f = (x: number) => k * (1 + (x * x) / nu) ** (-(nu + 1) / 2);
      const n = 2000;
      const h = t / n;
      let sum = f(0) + f(t);
      for (let i = 1; i < n; i++) sum += (i % 2 === 0 ? 2 : 4) * f(i * h);
      return 0.5 + (sum * h) / 3;
    };
    // The table rounds to 0.001: its value sits within half a unit of the 95th percentile.
    for (let nu = 1; nu <= 40; nu++) {
      const t = studentT95(nu);
      expect(cdf(t - 0.0006, nu), `ν ${nu}`).toBeLessThan(0.95);
      expect(cdf(t + 0.0006, nu), `ν ${nu}`).toBeGreaterThan(0.95);
    }
    expect(() => studentT95(0)).toThrow(RangeError);
  });

  it('seasonZ: an exact sum (σ 0) proves any saving and no other', () => {
    expect(seasonZ({ events: 2, savedKwh: 0.1, varianceKwh2: 0 })).toBe(Number.POSITIVE_INFINITY);
    expect(seasonZ({ events: 2, savedKwh: 0, varianceKwh2: 0 })).toBe(0);
    expect(seasonZ({ events: 2, savedKwh: 1, varianceKwh2: 0.25 })).toBe(2);
  });
});

/** xorshift32 and Box–Muller: a seeded normal deviate, so the figures below are the same on every run. */
function normals(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const uniform = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s + 0.5) / 4_294_967_296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

describe('a placebo-like member (savings pure noise)', () => {
  it('is released no more often than the boundary allows, over a 20-event season with a σ that varies', () => {
    const normal = normals(31);
    const members = 20_000;
    const seasonEvents = 20;
    const boundaryZ = RELEASE_BOUNDARIES.fortyEventsAtFivePercent;
    let released = 0;
    let crossed = 0;
    for (let m = 0; m < members; m++) {
      const events: ProofEventInput[] = [];
      let sum = 0;
      let variance = 0;
      let heldBefore = false;
      let crossedHere = false;
      for (let k = 0; k < seasonEvents; k++) {
        const sigma = 0.2 + ((m * 7 + k * 13) % 10) / 20; // 0.2–0.65 kWh
        const saved = sigma * normal();
        // Every event earns target points, so every saving under the bar is held.
        events.push({ baselineKwh: 3, actualKwh: 3 - saved, noiseKwh: sigma, targetPoints: 100 });
        // Independently: a release needs a held event and then the summed test at the boundary.
        if (saved <= 1.645 * sigma) heldBefore = true;
        sum += saved;
        variance += sigma * sigma;
        if (heldBefore && sum / Math.sqrt(variance) >= boundaryZ) crossedHere = true;
      }
      const results = pointsHeldUntilProven(events, { z: 1.645, fallbackShare: 0.25, boundaryZ });
      if (results.some((r) => r.status === 'released')) released++;
      if (crossedHere) crossed++;
    }
    expect(released).toBe(crossed);
    // Nominal: 3.8 % over 20 events for 2.5 (4.9 % over 40); the sampling error here is about 0.14 %.
    expect(released / members).toBeLessThan(0.05);
    expect(released / members).toBeGreaterThan(0.025);
  });
});

describe('points held until proven (properties)', () => {
  const events = fc.array(
    fc.record({
      baselineKwh: fc.double({ min: 0, max: 6, noNaN: true }),
      actualKwh: fc.double({ min: 0, max: 6, noNaN: true }),
      noiseKwh: fc.option(fc.double({ min: 0, max: 2, noNaN: true })),
      targetPoints: fc.integer({ min: 0, max: 200 }),
    }),
    { maxLength: 30 },
  );

  it('pays each event its target points or nothing, never releases before an event or after a failed test', () => {
    fc.assert(
      fc.property(events, fc.double({ min: 0.5, max: 4, noNaN: true }), (input, boundaryZ) => {
        const results = pointsHeldUntilProven(input, { z: 1.645, fallbackShare: 0.25, boundaryZ });
        expect(results).toHaveLength(input.length);
        results.forEach((r, i) => {
          expect([0, input[i]!.baselineKwh > 0 ? input[i]!.targetPoints : 0]).toContain(r.points);
          if (r.status === 'released') {
            expect(r.releasedAt).toBeGreaterThanOrEqual(i);
            expect(results[r.releasedAt!]!.proven).toBe(true);
            // Released at the first passing test at or after it.
            for (let j = i; j < r.releasedAt!; j++) expect(results[j]!.proven).toBe(false);
          }
          if (r.status === 'held') for (let j = i; j < results.length; j++) expect(results[j]!.proven).toBe(false);
        });
      }),
    );
  });
});
