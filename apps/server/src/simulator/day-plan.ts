/**
 * What the household does on one local calendar day: wake and sleep times, showers, cooking,
 * laundry, TV, work from home, EV charging. Drawn once per (seed, local day) from a hashed PRNG,
 * so any interval can look up "is the washer running now?" without replaying earlier days.
 */

import { channelId, hash32, mulberry32 } from './prng';

/** Minutes from local midnight; `end` may pass 1440 when an activity runs past midnight. */
export interface Window {
  start: number;
  end: number;
}

export interface DayPlan {
  weekend: boolean;
  workFromHome: boolean;
  wake: number;
  sleep: number;
  showers: Window[];
  breakfast: Window[];
  dinner: Window[];
  dishwasher: Window[];
  washer: Window[];
  dryer: Window[];
  tv: Window[];
  officeHours: Window[];
  bath: Window[];
  watering: Window[];
  evCharging: Window[];
}

const CH_PLAN = channelId('day-plan');

/** Fraction of [minute, minute + 5) covered by the windows of today and of yesterday's spill-over. */
export function coverage(today: readonly Window[], yesterday: readonly Window[], minute: number): number {
  let covered = 0;
  for (const w of today) covered += overlap(w.start, w.end, minute);
  for (const w of yesterday) if (w.end > 1440) covered += overlap(w.start - 1440, w.end - 1440, minute);
  return Math.min(1, covered / 5);
}

function overlap(start: number, end: number, minute: number): number {
  return Math.max(0, Math.min(end, minute + 5) - Math.max(start, minute));
}

/** The window (today's coordinates) covering `minute`, with minutes elapsed since its start. */
export function activeWindow(
  today: readonly Window[],
  yesterday: readonly Window[],
  minute: number,
): { window: Window; elapsed: number } | undefined {
  const mid = minute + 2.5;
  for (const w of today) if (mid >= w.start && mid < w.end) return { window: w, elapsed: mid - w.start };
  for (const w of yesterday) {
    if (w.end > 1440 && mid >= w.start - 1440 && mid < w.end - 1440) return { window: w, elapsed: mid + 1440 - w.start };
  }
  return undefined;
}

function between(rand: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rand();
}

/**
 * Household routine for a local day. Figures follow NRCan's Survey of Household Energy Use and
 * typical appliance cycles: ≈ 4–5 laundry loads a week (weekend-heavy), one shower per person
 * a day, a dishwasher most evenings, 3–4 hours of evening TV.
 */
export function makeDayPlan(seed: number, dayNumber: number, weekday: number, dayOfYear: number, occupants: number, evKwhPerDay: number): DayPlan {
  const rand = mulberry32(hash32(seed, CH_PLAN, dayNumber));
  const weekend = weekday === 0 || weekday === 6;
  const workFromHome = !weekend && rand() < 0.6;
  const wake = weekend ? between(rand, 7.5 * 60, 9 * 60) : between(rand, 6 * 60, 6.75 * 60);
  const sleep = between(rand, 22.5 * 60, weekend ? 24.25 * 60 : 23.5 * 60);

  // Showers run back to back after waking; one person sometimes showers at night instead.
  const showers: Window[] = [];
  let t = wake + between(rand, 10, 25);
  for (let p = 0; p < occupants; p += 1) {
    const length = between(rand, 6, 10);
    if (p === occupants - 1 && rand() < 0.35) {
      const s = between(rand, 21 * 60, 22.5 * 60);
      showers.push({ start: s, end: s + length });
    } else if (rand() < 0.93) {
      showers.push({ start: t, end: t + length });
      t += length + between(rand, 3, 20);
    }
  }

  const breakfastStart = wake + between(rand, 20, 45);
  const breakfast = [{ start: breakfastStart, end: breakfastStart + (weekend ? between(rand, 20, 35) : between(rand, 8, 15)) }];
  const dinnerStart = between(rand, 17.25 * 60, 18.5 * 60);
  const dinner = [{ start: dinnerStart, end: dinnerStart + between(rand, 25, 60) }];
  if (weekend && rand() < 0.6) dinner.unshift({ start: 12 * 60, end: 12 * 60 + between(rand, 15, 30) });

  const dishwasher: Window[] = [];
  if (rand() < 0.8) {
    const s = between(rand, 20 * 60, 22 * 60);
    dishwasher.push({ start: s, end: s + 100 });
  }

  // Laundry: weekend days average 1.3 loads, weekdays 0.4 → ≈ 4.6 loads a week.
  const washer: Window[] = [];
  const dryer: Window[] = [];
  const loads = weekend ? Math.floor(rand() * 2.6 + 0.2) : rand() < 0.4 ? 1 : 0;
  let loadStart = weekend ? between(rand, 9 * 60, 13 * 60) : between(rand, 18.5 * 60, 20.5 * 60);
  for (let i = 0; i < loads; i += 1) {
    washer.push({ start: loadStart, end: loadStart + 60 });
    if (rand() < 0.8) {
      const s = loadStart + 60 + between(rand, 5, 20);
      dryer.push({ start: s, end: s + between(rand, 50, 65) });
    }
    loadStart += 75 + between(rand, 0, 30);
  }

  const tv: Window[] = [];
  const evening = between(rand, 19 * 60, 20 * 60);
  tv.push({ start: evening, end: Math.min(sleep - 10, evening + between(rand, 120, 200)) });
  if (weekend && rand() < 0.5) {
    const s = between(rand, 13 * 60, 15 * 60);
    tv.push({ start: s, end: s + between(rand, 60, 150) });
  } else if (!weekend && rand() < 0.25) {
    const s = between(rand, 16.5 * 60, 17 * 60);
    tv.push({ start: s, end: s + between(rand, 30, 60) });
  }

  const officeHours: Window[] = workFromHome
    ? [
        { start: between(rand, 8.5 * 60, 9 * 60), end: 12 * 60 },
        { start: 12.75 * 60, end: between(rand, 17 * 60, 17.75 * 60) },
      ]
    : [];

  const bath: Window[] = [];
  if (rand() < 0.4) {
    const s = between(rand, 19 * 60, 19.75 * 60);
    bath.push({ start: s, end: s + 10 });
  }

  // Lawn and garden watering, May to mid-September, on some evenings (Toronto by-laws allow it).
  const watering: Window[] = [];
  if (dayOfYear >= 121 && dayOfYear <= 258 && rand() < 0.3) {
    const s = between(rand, 19.5 * 60, 20.5 * 60);
    watering.push({ start: s, end: s + between(rand, 15, 25) });
  }

  // A smart charger starts at 23:00 for Ontario's ultra-low overnight rate.
  const evCharging: Window[] = [];
  if (evKwhPerDay > 0) {
    const need = evKwhPerDay * (weekend ? between(rand, 0.3, 0.8) : between(rand, 0.8, 1.4));
    evCharging.push({ start: 23 * 60, end: 23 * 60 + (need / 7.2) * 60 });
  }

  return { weekend, workFromHome, wake, sleep, showers, breakfast, dinner, dishwasher, washer, dryer, tv, officeHours, bath, watering, evCharging };
}

/**
 * Occupant activity 0–1 over the day: morning and evening peaks, a low daytime plateau (higher
 * when someone works from home), near zero while asleep.
 */
export function activityLevel(plan: DayPlan, minute: number): number {
  if (minute < plan.wake - 15 || minute > plan.sleep + 15) return 0.03;
  if (plan.weekend) {
    return Math.min(1, 0.35 + 0.55 * bump(minute, plan.wake + 90, 80) + 0.7 * bump(minute, 19.5 * 60, 110));
  }
  const daytime = plan.workFromHome ? 0.3 : 0.07;
  return Math.min(1, daytime + 0.9 * bump(minute, plan.wake + 60, 45) + 0.95 * bump(minute, 19.25 * 60, 100));
}

function bump(x: number, centre: number, sigma: number): number {
  return Math.exp(-0.5 * ((x - centre) / sigma) ** 2);
}
