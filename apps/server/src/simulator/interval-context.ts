/**
 * Everything about one 5-minute interval that depends only on the household's clock: local
 * time, today's and yesterday's plans, and occupant activity. Shared by the load and water models.
 */

import { type DayPlan, activityLevel, makeDayPlan } from './day-plan';
import type { HouseholdProfile } from './household-profile';
import { type LocalTime, localTime } from './local-time';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';

export interface IntervalContext {
  intervalIndex: number;
  startMs: number;
  local: LocalTime;
  plan: DayPlan;
  yesterday: DayPlan;
  /** Occupant activity 0–1 at the interval start. */
  activity: number;
}

/** Typical commuter EV: ≈ 45 km/day at 20 kWh/100 km. */
const EV_KWH_PER_DAY = 9;

// Memo of a pure function (plans depend only on seed, day and profile), for the last
// (profile, seed) pair: simulations run one household at a time.
let planCache: { profile: HouseholdProfile; seed: number; plans: Map<number, DayPlan> } | undefined;

export function dayPlanFor(profile: HouseholdProfile, seed: number, dayNumber: number): DayPlan {
  if (!planCache || planCache.profile !== profile || planCache.seed !== seed) {
    planCache = { profile, seed, plans: new Map() };
  }
  const plans = planCache.plans;
  let plan = plans.get(dayNumber);
  if (!plan) {
    const weekday = (dayNumber + 4) % 7; // 1970-01-01 was a Thursday
    const d = new Date(dayNumber * 86_400_000);
    const dayOfYear = dayNumber - Math.floor(Date.UTC(d.getUTCFullYear(), 0, 1) / 86_400_000) + 1;
    const ev = profile.appliances.some((a) => a.behaviour === 'ev_charger') ? EV_KWH_PER_DAY : 0;
    plan = makeDayPlan(seed, dayNumber, weekday, dayOfYear, profile.occupants, ev);
    if (plans.size > 5_000) plans.clear();
    plans.set(dayNumber, plan);
  }
  return plan;
}

export function intervalContext(profile: HouseholdProfile, seed: number, startMs: number): IntervalContext {
  const local = localTime(startMs, profile.timeZone);
  const plan = dayPlanFor(profile, seed, local.dayNumber);
  return {
    intervalIndex: Math.floor(startMs / INTERVAL_MS),
    startMs,
    local,
    plan,
    yesterday: dayPlanFor(profile, seed, local.dayNumber - 1),
    activity: activityLevel(plan, local.minuteOfDay),
  };
}
