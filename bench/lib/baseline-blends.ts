/**
 * Candidates formed from baselines the harness has already computed per home-event (issue 31): each
 * home-event's baseline is the mean of the members its home's kind names. Seed 31 at 1,000 homes
 * found most home-events outside ±20 % are homes paid for a cut under the target (bench/RESULTS.md,
 * "The combined baseline at 1,000 homes on three seeds"): a baseline's error, not the curve's
 * rounding. Averaging estimators whose errors are partly independent (the home's own days and
 * window, a regression on its weather, its peers' day) makes that error smaller.
 */

import { COMBINED } from './baseline-candidates';
import type { Outcome } from './baseline-scoring';

/** The settled rule as the harness scores it (decision 138). */
export const COMBINED_SETTLED = `${COMBINED}; new members by comparison group ×`;
export const REGRESSION_SAME_DAY = 'regression on temperature + same-day 3 h window';
export const GROUP_RATIO = 'comparison group, ×';
export const GROUP_ADDITIVE = 'comparison group, additive';

export const COMBINED_NO_SOLAR_MEAN = 'combined; homes without solar on the mean of it, the weather regression (+ same-day window) and the comparison group ×';
export const COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP = `${COMBINED_NO_SOLAR_MEAN}; battery homes with solar on the comparison group (+), or combined without one`;

export type Blend = { name: string; members: (o: Outcome) => readonly string[] };

const noSolar = (o: Outcome) => !o.solar;
const solarBattery = (o: Outcome) => o.solar && o.battery === true;

export const BLENDS: readonly Blend[] = [
  { name: COMBINED_NO_SOLAR_MEAN, members: (o) => (noSolar(o) ? [COMBINED_SETTLED, REGRESSION_SAME_DAY, GROUP_RATIO] : [COMBINED_SETTLED]) },
  {
    name: COMBINED_NO_SOLAR_MEAN_SOLAR_BATTERY_GROUP,
    // A battery home's own window is read while the battery is held for the event; its peers' day stands in for it.
    members: (o) => (noSolar(o) ? [COMBINED_SETTLED, REGRESSION_SAME_DAY, GROUP_RATIO] : solarBattery(o) ? [GROUP_ADDITIVE] : [COMBINED_SETTLED]),
  },
];

/**
 * The blend's baseline for one home-event: the mean of its members' baselines that exist; when none
 * does, the settled rule's (which has one wherever a comparison group does).
 */
export function blendKwh(o: Outcome, blend: Blend): number | null {
  const values = blend.members(o).map((m) => o.baseline.get(m) ?? null).filter((v): v is number => v !== null);
  if (values.length === 0) return o.baseline.get(COMBINED_SETTLED) ?? null;
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** Sets every blend's baseline on every home-event, under the blend's name. */
export function addBlends(outcomes: readonly Outcome[], blends: readonly Blend[] = BLENDS): string[] {
  for (const o of outcomes) for (const b of blends) o.baseline.set(b.name, blendKwh(o, b));
  return blends.map((b) => b.name);
}
