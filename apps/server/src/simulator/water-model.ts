/**
 * Household water: litres through the meter per interval, flow, supply pressure, and a heat-pump
 * water heater whose tank cools after draws and recovers over the following hours.
 * Targets: Canadian residential use averages 223 L/person/day (Environment and Climate Change
 * Canada, 2011 Municipal Water Use Report); about a third of it is hot.
 */

import { coverage } from './day-plan';
import type { HouseholdProfile } from './household-profile';
import { type IntervalContext, intervalContext } from './interval-context';
import { channelId, unitHash, valueNoise } from './prng';
import { clamp } from '@peakwise/domain/clamp';
import { INTERVAL_HOURS, INTERVAL_MS } from '@peakwise/domain/time-constants';

export interface WaterDraw {
  litres: number;
  hotLitres: number;
}

export interface WaterInterval extends WaterDraw {
  flowLpm: number;
  pressurePsi: number;
  tankTempC: number;
  inletTempC: number;
  /** Mean electrical draw of the water heater, W. */
  heaterPowerW: number;
  /** Heat put into the tank this interval, kWh. */
  heatDeliveredKwh: number;
  /** Share of heater output that reaches the water rather than the jacket loss, %; absent when idle. */
  heaterEfficiencyPct?: number;
  cop: number;
}

const CH_TOILET = channelId('water.toilet');
const CH_FAUCET = channelId('water.faucet');
const CH_PRESSURE = channelId('water.pressure');

/** Low-flow showerhead (2.5 US gpm ≈ 9.5 L/min), about 60 % of it hot at the tap. */
const SHOWER_LPM = 9.5;
const SHOWER_HOT_SHARE = 0.6;
/** Ontario Building Code 6 L toilets; about 5 flushes per person per day. */
const FLUSH_LITRES = 6;
const FLUSHES_PER_PERSON = 5;
/** Faucets (kitchen and bathroom), litres per person per day; ≈ 30 % hot. */
const FAUCET_LITRES_PER_PERSON = 65;
/** Front-loader: ≈ 50 L per load in two fills; dishwasher ≈ 15 L, all hot. */
const WASHER_FILL_LITRES = 25;
const DISHWASHER_LITRES = 15;
const BATH_LITRES = 120;
const GARDEN_HOSE_LPM = 12;
/** A dripping tap or running toilet flapper: ≈ 30 L/day, as leak surveys commonly find. */
const LEAK_LPM = 0.02;

const KWH_PER_LITRE_KELVIN = 4.186 / 3600;
/**
 * Recovery time constant: a heat pump (≈ 1.3 kW thermal) needs several hours to win back a
 * morning of showers (≈ 10 kWh). The linear kernel keeps recovery a pure function of past draws.
 */
const RECOVERY_TAU_H = 5;
const LOOKBACK = 240; // 20 h of 5-minute intervals, 4 τ
const RECOVERY_WEIGHTS = Float64Array.from((() => {
  const decay = Math.exp(-INTERVAL_HOURS / RECOVERY_TAU_H);
  const raw = Array.from({ length: LOOKBACK }, (_, k) => decay ** k * (1 - decay));
  const total = raw.reduce((s, w) => s + w, 0);
  // Normalised so every kWh drawn is recovered exactly once (energy is conserved).
  return raw.map((w) => w / total);
})());
/** Share of an interval's draw still to be recovered k intervals later. */
const REMAINING_SHARE = (() => {
  let cumulative = 0;
  return RECOVERY_WEIGHTS.map((w) => {
    cumulative += w;
    return Math.max(0, 1 - cumulative);
  });
})();
/** Jacket loss of a well-insulated 190 L tank, ≈ 1.2 kWh/day. */
const STANDBY_LOSS_KW = 0.05;
/** Stratification: the outlet cools less than a fully mixed tank would. */
const STRATIFICATION = 0.3;

/** Toronto mains water: ≈ 4 °C in late winter, ≈ 20 °C in early autumn (lake intake lag). */
export function inletTempC(dayOfYear: number): number {
  return 12 - 8 * Math.cos((2 * Math.PI * (dayOfYear - 60)) / 365.25);
}

/** Litres drawn in one interval, from the day's plan and occupant activity. */
export function waterDraw(profile: HouseholdProfile, seed: number, ctx: IntervalContext): WaterDraw {
  const { plan, yesterday } = ctx;
  const minute = ctx.local.minuteOfDay;
  const shower = coverage(plan.showers, yesterday.showers, minute) * 5 * SHOWER_LPM;
  const bath = coverage(plan.bath, yesterday.bath, minute) > 0 ? (BATH_LITRES * coverage(plan.bath, yesterday.bath, minute)) / 2 : 0;
  const washing = coverage(plan.washer, yesterday.washer, minute) > 0 ? washerFill(plan.washer, minute) : 0;
  const dishes = coverage(plan.dishwasher, yesterday.dishwasher, minute) > 0 ? dishwasherFill(plan.dishwasher, minute) : 0;
  const garden = coverage(plan.watering, yesterday.watering, minute) * 5 * GARDEN_HOSE_LPM;
  // Activity sums to ≈ 115 interval-units a day (110 weekdays, 126 weekends); scale by it so
  // daily toilet and faucet totals hit their per-person figures.
  const perInterval = ctx.activity / 115;
  const flushes = unitHash(seed, CH_TOILET, ctx.intervalIndex) < perInterval * FLUSHES_PER_PERSON * profile.occupants ? 1 : 0;
  const faucet = perInterval * FAUCET_LITRES_PER_PERSON * profile.occupants * (0.4 + 1.2 * unitHash(seed, CH_FAUCET, ctx.intervalIndex));
  const litres = shower + bath + washing + dishes + garden + flushes * FLUSH_LITRES + faucet + LEAK_LPM * 5;
  const hotLitres = shower * SHOWER_HOT_SHARE + bath * 0.7 + washing * 0.1 + dishes + faucet * 0.3;
  return { litres, hotLitres };
}

function washerFill(windows: readonly { start: number }[], minute: number): number {
  // Two fills: wash at the start, rinse after ≈ 35 minutes.
  for (const w of windows) {
    const e = minute - w.start;
    if ((e >= 0 && e < 5) || (e >= 35 && e < 40)) return WASHER_FILL_LITRES;
  }
  return 0;
}

function dishwasherFill(windows: readonly { start: number }[], minute: number): number {
  for (const w of windows) {
    const e = minute - w.start;
    if ((e >= 0 && e < 5) || (e >= 50 && e < 55)) return DISHWASHER_LITRES / 2;
  }
  return 0;
}

// Memo of a pure function: the tank looks back 20 h, and sequential simulation reuses draws.
// A direct-mapped ring (slot = index mod size, tagged with the index) beats a Map here.
const RING = 4096;
interface DrawRing {
  profile: HouseholdProfile;
  seed: number;
  tags: Float64Array;
  kwh: Float64Array;
}
let drawRing: DrawRing | undefined;

/** Heat (kWh) carried off by hot water in interval `index`, memoised in the ring. */
function heatDrawnKwh(ring: DrawRing, index: number): number {
  const slot = index & (RING - 1); // RING is a power of two
  if (ring.tags[slot] !== index) {
    const ctx = intervalContext(ring.profile, ring.seed, index * INTERVAL_MS);
    const rise = ring.profile.water.heater.setpointC - inletTempC(ctx.local.dayOfYear);
    ring.tags[slot] = index;
    ring.kwh[slot] = waterDraw(ring.profile, ring.seed, ctx).hotLitres * rise * KWH_PER_LITRE_KELVIN;
  }
  return ring.kwh[slot] ?? 0;
}

function ringFor(profile: HouseholdProfile, seed: number): DrawRing {
  if (!drawRing || drawRing.profile !== profile || drawRing.seed !== seed) {
    drawRing = { profile, seed, tags: new Float64Array(RING).fill(-1), kwh: new Float64Array(RING) };
  }
  return drawRing;
}

/** Heat-pump COP falls as the tank gets hotter (≈ 3.3 at 35 °C, ≈ 2.6 at 57 °C). */
function heatPumpCop(tankTempC: number): number {
  return clamp(4.4 - 0.032 * tankTempC, 2.2, 3.6);
}

export function simulateWaterInterval(profile: HouseholdProfile, seed: number, ctx: IntervalContext): WaterInterval {
  const heater = profile.water.heater;
  const dayOfYear = ctx.local.dayOfYear;
  const draw = waterDraw(profile, seed, ctx);

  const ring = ringFor(profile, seed);
  let recoveredKwh = 0;
  let remainingKwh = 0;
  for (let k = 0; k < LOOKBACK; k += 1) {
    const drawn = heatDrawnKwh(ring, ctx.intervalIndex - k);
    recoveredKwh += drawn * (RECOVERY_WEIGHTS[k] ?? 0);
    remainingKwh += drawn * (REMAINING_SHARE[k] ?? 0);
  }
  const capacityKwhPerK = heater.tankLitres * KWH_PER_LITRE_KELVIN;
  const tankTempC = heater.setpointC - (STRATIFICATION * remainingKwh) / capacityKwhPerK - 0.4 * valueNoise(seed, CH_PRESSURE + 7, ctx.intervalIndex / 18);
  const cop = heatPumpCop(tankTempC);

  // Thermal power needed = draw recovery + jacket loss; the compressor covers up to its rating,
  // the resistive element the rest (hybrid mode), as heat-pump water heaters do after big draws.
  const thermalKw = recoveredKwh / INTERVAL_HOURS + STANDBY_LOSS_KW;
  const heatPumpThermalKw = Math.min(thermalKw, (heater.heatPumpW / 1000) * cop);
  const elementKw = Math.min(thermalKw - heatPumpThermalKw, heater.elementW / 1000);
  const heaterPowerW = (heatPumpThermalKw / cop + elementKw) * 1000;

  const flowLpm = draw.litres / 5;
  // Toronto supply ≈ 60–65 psi static; drops with household flow and in city demand peaks.
  const cityDemand = Math.exp(-0.5 * ((ctx.local.minuteOfDay - 450) / 60) ** 2) + 0.8 * Math.exp(-0.5 * ((ctx.local.minuteOfDay - 1140) / 90) ** 2);
  const pressurePsi = 63 - 0.15 * flowLpm - 2.5 * cityDemand + (valueNoise(seed, CH_PRESSURE, ctx.intervalIndex / 6) - 0.5) * 1.5;

  // Fields listed rather than spread from `draw`: object spread is slow on this per-interval path.
  const result: WaterInterval = {
    litres: draw.litres,
    hotLitres: draw.hotLitres,
    flowLpm,
    pressurePsi,
    tankTempC,
    inletTempC: inletTempC(dayOfYear),
    heaterPowerW,
    heatDeliveredKwh: thermalKw * INTERVAL_HOURS,
    cop,
  };
  if (thermalKw > 0.2) result.heaterEfficiencyPct = (100 * (thermalKw - STANDBY_LOSS_KW)) / thermalKw;
  return result;
}
