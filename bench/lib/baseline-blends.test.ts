import { describe, expect, it } from 'vitest';
import { addBlends, COMBINED_NO_SOLAR_MEAN, COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP, COMBINED_SETTLED, GROUP_ADDITIVE, GROUP_RATIO, REGRESSION_SAME_DAY } from './baseline-blends';
import type { Outcome } from './baseline-scoring';

function outcome(kind: { solar: boolean; battery: boolean }, baselines: Record<string, number | null>): Outcome {
  return {
    homeIndex: 0,
    placebo: false,
    behaviour: 'hard',
    heating: 'gas',
    solar: kind.solar,
    ev: false,
    battery: kind.battery,
    season: 'winter',
    newMember: false,
    actualKwh: 1,
    counterfactualKwh: 2,
    scoredActualKwh: 1,
    gamingKwh: 0,
    noiseKwh: null,
    baseline: new Map(Object.entries(baselines)),
  };
}

const all = { [COMBINED_SETTLED]: 2.4, [REGRESSION_SAME_DAY]: 2.0, [GROUP_RATIO]: 1.9, [GROUP_ADDITIVE]: 2.2 };

describe('baseline blends', () => {
  it('averages the three estimates for a home without solar, with or without a battery', () => {
    const plain = outcome({ solar: false, battery: false }, all);
    const battery = outcome({ solar: false, battery: true }, all);
    addBlends([plain, battery]);
    // (2.4 + 2.0 + 1.9) ÷ 3 = 2.1
    for (const o of [plain, battery]) {
      expect(o.baseline.get(COMBINED_NO_SOLAR_MEAN)).toBeCloseTo(2.1, 12);
      expect(o.baseline.get(COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP)).toBeCloseTo(2.1, 12);
    }
  });

  it('leaves a solar home without a battery on the settled rule, and takes a solar battery home to its comparison group (+) in the second', () => {
    const solar = outcome({ solar: true, battery: false }, all);
    const solarBattery = outcome({ solar: true, battery: true }, all);
    addBlends([solar, solarBattery]);
    expect(solar.baseline.get(COMBINED_NO_SOLAR_MEAN)).toBe(2.4);
    expect(solar.baseline.get(COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP)).toBe(2.4);
    expect(solarBattery.baseline.get(COMBINED_NO_SOLAR_MEAN)).toBe(2.4);
    expect(solarBattery.baseline.get(COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP)).toBe(2.2);
  });

  it('averages only the estimates that exist, and falls back to the settled rule when none does', () => {
    // A new member: no regression; the settled rule is its comparison group ×.
    const newMember = outcome({ solar: false, battery: false }, { [COMBINED_SETTLED]: 1.9, [REGRESSION_SAME_DAY]: null, [GROUP_RATIO]: 1.9 });
    const noGroup = outcome({ solar: true, battery: true }, { [COMBINED_SETTLED]: 3.0, [GROUP_ADDITIVE]: null });
    const nothing = outcome({ solar: false, battery: false }, { [COMBINED_SETTLED]: null, [REGRESSION_SAME_DAY]: null, [GROUP_RATIO]: null });
    addBlends([newMember, noGroup, nothing]);
    expect(newMember.baseline.get(COMBINED_NO_SOLAR_MEAN)).toBe(1.9);
    expect(noGroup.baseline.get(COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP)).toBe(3.0);
    expect(nothing.baseline.get(COMBINED_NO_SOLAR_MEAN)).toBeNull();
  });
});
