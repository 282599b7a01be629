/**
 * Household electricity use per 5-minute interval: named appliances (smart plugs, monitors,
 * thermostat, water heater) plus the unmetered rest of the house — always-on standby, occupant
 * activity (cooking, small appliances, ordinary lighting), the dishwasher and any electric heat.
 * Default profile target: an Ontario home at ≈ 750–900 kWh/month (OEB's typical residential
 * customer is 750 kWh/month; homes with central air run higher in summer).
 */

import { type Trace, type TraceEnv, applianceTrace } from './appliance-traces';
import { activeWindow, coverage } from './day-plan';
import type { HouseholdProfile } from './household-profile';
import type { IntervalContext } from './interval-context';
import { channelId, unitHash, valueNoise } from './prng';
import { clamp } from '@peakwise/domain/clamp';
import { INTERVAL_HOURS } from '@peakwise/domain/time-constants';
import { type RoomState, stepRoom } from './room-thermal-model';
import { type WaterInterval, simulateWaterInterval } from './water-model';

export interface ApplianceReading {
  deviceId: string;
  powerW: number;
  energyKwh: number;
  /** Present for switchable devices: false when the member has switched it off. */
  on?: boolean;
  metrics: Record<string, number>;
}

export interface LoadInterval {
  consumptionKwh: number;
  /** Everything not on a named device, W. */
  unmeteredW: number;
  appliances: ApplianceReading[];
  water: WaterInterval;
}

const CH_STANDBY = channelId('load.standby');
const CH_ACTIVITY = channelId('load.activity');

/** Peak extra draw from occupants at full activity: kettle, microwave, hair dryer, chargers. */
const ACTIVITY_W = 650;
/** Ordinary (non-smart) lighting at full activity after dark, LED-era home. */
const HOUSE_LIGHTING_W = 220;
/** Whole-house heat loss coefficient of a 1990s detached home, W/K (for electric heating share). */
const HEAT_LOSS_W_PER_K = 250;

/** Unmetered draw of the rest of the house, W. */
export function unmeteredLoadW(profile: HouseholdProfile, seed: number, ctx: IntervalContext, env: TraceEnv): number {
  const m = ctx.local.minuteOfDay;
  const { plan, yesterday } = ctx;
  const standby = profile.standbyW * (0.9 + 0.2 * valueNoise(seed, CH_STANDBY, ctx.intervalIndex / 12));
  const activity = ACTIVITY_W * ctx.activity * (0.5 + unitHash(seed, CH_ACTIVITY, ctx.intervalIndex));
  const dark = clamp((4 - env.sunElevationDeg) / 10, 0, 1);
  const lighting = HOUSE_LIGHTING_W * dark * clamp(ctx.activity * 1.3, 0, 1);
  // Electric range: elements cycle at ≈ 60 % for dinner; toaster and kettle at breakfast.
  const cooking = 1800 * 0.6 * coverage(plan.dinner, yesterday.dinner, m) + 1200 * 0.5 * coverage(plan.breakfast, yesterday.breakfast, m);
  // Dishwasher: water heating for the first 25 min (1.2 kW), pump and drying after.
  const dish = activeWindow(plan.dishwasher, yesterday.dishwasher, m);
  const dishwasher = dish ? (dish.elapsed < 25 ? 1200 : 90) : 0;
  // A room heated by its own baseboard is metered on that baseboard: the rest of the house loses the rest.
  const electricHeat = profile.electricHeatingShare * (HEAT_LOSS_W_PER_K - (profile.heatedRoom?.lossWPerK ?? 0)) * Math.max(0, 18 - env.outdoorTempC);
  return standby + activity + lighting + cooking + dishwasher + electricHeat;
}

/** The heated room over one interval, its baseboard on unless its relay is open. */
function heatedRoomInterval(profile: HouseholdProfile, env: TraceEnv, offPlugIds: ReadonlySet<string>, room: RoomState | undefined): TraceEnv['room'] {
  const heated = profile.heatedRoom;
  const heater = heated && profile.appliances.find((a) => a.id === heated.heaterId);
  if (!heated || !heater) return undefined;
  const step = stepRoom(heated, heater.ratedW, room?.tempC ?? heated.setpointC, env.outdoorTempC, !offPlugIds.has(heater.id), INTERVAL_HOURS);
  if (room) room.tempC = step.tempC;
  return step;
}

function reading(deviceId: string, trace: Trace, on: boolean | undefined): ApplianceReading {
  const powerW = on === false ? 0 : Math.max(0, trace.powerW);
  const result: ApplianceReading = { deviceId, powerW, energyKwh: (powerW * INTERVAL_HOURS) / 1000, metrics: trace.metrics };
  if (on !== undefined) result.on = on;
  return result;
}

/**
 * One interval of consumption. `offPlugIds` are devices the member has switched off: they read
 * 0 W and drop out of the house total. Never-switch devices (fridge, sump pump, medical) ignore it.
 */
export function simulateLoadInterval(
  profile: HouseholdProfile,
  seed: number,
  ctx: IntervalContext,
  env: TraceEnv,
  offPlugIds: ReadonlySet<string> = new Set(),
  /** Below 1 while the household trims by hand what no plug measures (an event). */
  unmeteredFactor = 1,
  /** The heated room's temperature, carried from the previous interval and advanced to this one's end; left out, it starts at its setpoint. */
  room?: RoomState,
): LoadInterval {
  const roomEnv = heatedRoomInterval(profile, env, offPlugIds, room);
  const traceEnv = roomEnv ? { ...env, room: roomEnv } : env;
  const appliances = profile.appliances.map((device) => {
    const on = device.switchable && !device.neverSwitch ? !offPlugIds.has(device.id) : undefined;
    return reading(device.id, applianceTrace(device, seed, ctx, traceEnv), on);
  });
  const water = simulateWaterInterval(profile, seed, ctx);
  const heater = profile.water.heater;
  appliances.push(
    reading(
      heater.id,
      {
        powerW: water.heaterPowerW,
        metrics: {
          tankTempC: Math.round(water.tankTempC * 10) / 10,
          setpointC: heater.setpointC,
          inletTempC: Math.round(water.inletTempC * 10) / 10,
          heatDeliveredKwh: water.heatDeliveredKwh,
          cop: Math.round(water.cop * 100) / 100,
        },
      },
      undefined,
    ),
  );
  const unmeteredW = unmeteredLoadW(profile, seed, ctx, env) * unmeteredFactor;
  const consumptionKwh = appliances.reduce((sum, a) => sum + a.energyKwh, 0) + (unmeteredW * INTERVAL_HOURS) / 1000;
  return { consumptionKwh, unmeteredW, appliances, water };
}
