import { describe, expect, it } from 'vitest';
import { COMBINED, NOISE_BASELINE_QUANTITY, NOISE_EXPECTED_DRAW } from './baseline-candidates';
import type { Outcome } from './baseline-scoring';
import { canRun, DECISION_141, heldPayout, heldReport, HELD_SIGMA_RULES } from './held-points-report';

const REPORT = `${COMBINED}; new members by comparison group ×`;
const EXPECTED = DECISION_141.baseline!;
// Decision 140 as settled: σ on the baseline's quantity, released at 2.5 σ, σ and z as given.
const DECISION_140 = HELD_SIGMA_RULES.find((h) => h.label === "held, σ on the baseline's quantity, released at 2.5 σ")!;

function outcome(home: { index: number; solar: boolean }, baselines: Record<string, number>, actualKwh: number, sigma: Record<string, number>, days: Record<string, number> | undefined): Outcome {
  return {
    homeIndex: home.index,
    placebo: false,
    behaviour: 'hard',
    heating: 'gas',
    solar: home.solar,
    ev: false,
    battery: false,
    season: 'winter',
    newMember: false,
    actualKwh,
    counterfactualKwh: 10,
    scoredActualKwh: actualKwh,
    gamingKwh: 0,
    noiseKwh: 5,
    noise: sigma,
    noiseDays: days,
    baseline: new Map(Object.entries(baselines)),
  };
}

describe("decision 141's held rule in the harness", () => {
  it('tests a saving of 1.9 σ on σ √(1 + 1/n) against t(n − 1): held at n = 10, paid at once at n = 100, where decision 140 pays it at once', () => {
    // Saving 10 − 8.1 = 1.9 kWh, σ 1 kWh. n = 10: bar 1.833 × √1.1 = 1.922 > 1.9, and the season's one test 1.9 ÷ √1.1 = 1.81 < 2.5.
    // n = 100: t(99) = 1.660, bar 1.660 × √1.01 = 1.668 < 1.9. Decision 140: 1.645 × 1 < 1.9.
    const ten = outcome({ index: 1, solar: true }, { [REPORT]: 10, [EXPECTED]: 10 }, 8.1, { [NOISE_EXPECTED_DRAW]: 1, [NOISE_BASELINE_QUANTITY]: 1 }, { [NOISE_EXPECTED_DRAW]: 10, [NOISE_BASELINE_QUANTITY]: 10 });
    const hundred = outcome({ index: 2, solar: true }, { [REPORT]: 10, [EXPECTED]: 10 }, 8.1, { [NOISE_EXPECTED_DRAW]: 1, [NOISE_BASELINE_QUANTITY]: 1 }, { [NOISE_EXPECTED_DRAW]: 100, [NOISE_BASELINE_QUANTITY]: 100 });
    const d141 = heldPayout([ten, hundred], REPORT, DECISION_141);
    expect(d141.get(ten)).toEqual({ points: 0, way: 'never' });
    expect(d141.get(hundred)!.way).toBe('at_once');
    expect(d141.get(hundred)!.points).toBeGreaterThan(0);
    expect(heldPayout([ten], REPORT, DECISION_140).get(ten)!.way).toBe('at_once');
  });

  it("reads the expected draw's σ and days for a solar home without a battery, the baseline's quantity's for the rest, on the expected-draw baseline whatever the report's", () => {
    // Expected draw 10 kWh, actual 7: 3 kWh saved. σ 1 on 10 days for the branch the rule names: bar 1.922, paid at once.
    // The other σ (2 kWh on 3 days: bar 2.92 × 2 × √(4/3) = 6.74) would hold it; the report's baseline (7: nothing saved) would pay nothing.
    const sigma = (named: string) => ({ [NOISE_EXPECTED_DRAW]: named === NOISE_EXPECTED_DRAW ? 1 : 2, [NOISE_BASELINE_QUANTITY]: named === NOISE_BASELINE_QUANTITY ? 1 : 2 });
    const days = (named: string) => ({ [NOISE_EXPECTED_DRAW]: named === NOISE_EXPECTED_DRAW ? 10 : 3, [NOISE_BASELINE_QUANTITY]: named === NOISE_BASELINE_QUANTITY ? 10 : 3 });
    const solar = outcome({ index: 1, solar: true }, { [REPORT]: 7, [EXPECTED]: 10 }, 7, sigma(NOISE_EXPECTED_DRAW), days(NOISE_EXPECTED_DRAW));
    const plain = outcome({ index: 2, solar: false }, { [REPORT]: 7, [EXPECTED]: 10 }, 7, sigma(NOISE_BASELINE_QUANTITY), days(NOISE_BASELINE_QUANTITY));
    const payout = heldPayout([solar, plain], REPORT, DECISION_141);
    expect(payout.get(solar)!.way).toBe('at_once');
    expect(payout.get(plain)!.way).toBe('at_once');
  });

  it('leaves its row out of the report for a dump without σ day counts, and keeps it with them', () => {
    const row = (days: Record<string, number> | undefined) => outcome({ index: 1, solar: true }, { [REPORT]: 10, [EXPECTED]: 10 }, 8, { [NOISE_EXPECTED_DRAW]: 1, [NOISE_BASELINE_QUANTITY]: 1 }, days);
    const old = row(undefined);
    const now = row({ [NOISE_EXPECTED_DRAW]: 10, [NOISE_BASELINE_QUANTITY]: 10 });
    expect(canRun([old], DECISION_141)).toBe(false);
    expect(canRun([now], DECISION_141)).toBe(true);
    const hasRow = (o: Outcome) => heldReport([o], [{ ...o, placebo: true, actualKwh: 10, scoredActualKwh: 10 }], [], REPORT).some((line) => line.startsWith(`| ${DECISION_141.label} |`));
    expect(hasRow(old)).toBe(false);
    expect(hasRow(now)).toBe(true);
  });
});
