/**
 * Power traces of individual appliances for one 5-minute interval: mean power over the interval
 * (so energy = power × 5 min exactly) plus a few kind-specific metrics. Cycling loads (fridge,
 * HVAC, heaters) are square waves whose on-time inside the interval is integrated exactly.
 */

import { activeWindow, coverage } from './day-plan';
import type { ApplianceDevice } from './household-profile';
import type { IntervalContext } from './interval-context';
import { channelId, unitHash } from './prng';
import { clamp } from '@peakwise/domain/clamp';
import { INTERVAL_MINUTES } from '@peakwise/domain/time-constants';

export interface TraceEnv {
  outdoorTempC: number;
  sunElevationDeg: number;
  precipitation: boolean;
  /** The heated room over this interval, when the profile has one: its temperature at the end and the baseboard's draw. */
  room?: { tempC: number; heaterW: number };
}

export interface Trace {
  powerW: number;
  metrics: Record<string, number>;
}

const CH_JITTER = channelId('appliance.jitter');
const CH_PHASE = channelId('appliance.phase');
const CH_SUMP = channelId('appliance.sump');
const CH_MOTION = channelId('appliance.motion');
const CH_WIFI = channelId('appliance.camera-wifi');
/** Days on which interference (a neighbour's new router, a microwave's channel) pushes the camera down to 720p. */
const CAMERA_POOR_WIFI_DAYS = 0.12;

/**
 * Fraction of [t, t + 5) (minutes since epoch) that a square wave of `periodMin` with duty
 * `duty` is on: integrate the wave's cumulative on-time F(x) = ⌊x/P⌋·dP + min(x mod P, dP).
 */
export function dutyFraction(tMin: number, periodMin: number, duty: number, phaseMin: number): number {
  const onLength = clamp(duty, 0, 1) * periodMin;
  return (cumulativeOn(tMin + INTERVAL_MINUTES + phaseMin, periodMin, onLength) - cumulativeOn(tMin + phaseMin, periodMin, onLength)) / INTERVAL_MINUTES;
}

function cumulativeOn(x: number, periodMin: number, onLength: number): number {
  const cycles = Math.floor(x / periodMin);
  return cycles * onLength + Math.min(x - cycles * periodMin, onLength);
}

function jitter(seed: number, ctx: IntervalContext, device: ApplianceDevice, spread: number): number {
  return 1 + spread * (unitHash(seed, CH_JITTER, ctx.intervalIndex, channelId(device.id)) - 0.5);
}

function phase(seed: number, device: ApplianceDevice, period: number): number {
  return unitHash(seed, CH_PHASE, channelId(device.id)) * period;
}

/** 1 in full darkness, 0 in daylight; civil twilight in between. */
function darkness(sunElevationDeg: number): number {
  return clamp((4 - sunElevationDeg) / 10, 0, 1);
}

/** Heating-season setpoint schedule: 21 °C awake, 18 °C overnight (a common programmable setback). */
export function heatingSetpointC(ctx: IntervalContext): number {
  const m = ctx.local.minuteOfDay;
  return m >= ctx.plan.wake - 30 && m < ctx.plan.sleep ? 21 : 18;
}

export function applianceTrace(device: ApplianceDevice, seed: number, ctx: IntervalContext, env: TraceEnv): Trace {
  const m = ctx.local.minuteOfDay;
  const tMin = ctx.intervalIndex * INTERVAL_MINUTES;
  const { plan, yesterday } = ctx;
  const summer = clamp((env.outdoorTempC - 10) / 20, 0, 1);
  switch (device.behaviour) {
    case 'fridge': {
      // ~40-minute compressor cycle, longer on-time with door openings and warm kitchens;
      // one 20-minute defrost heater run a day (≈ 1.1 kWh/day total, a typical Energy Star unit).
      const duty = 0.3 + 0.12 * ctx.activity + 0.06 * summer;
      const on = dutyFraction(tMin, 40, duty, phase(seed, device, 40));
      const defrost = coverage([{ start: 180, end: 200 }], [], m);
      return { powerW: device.ratedW * on * jitter(seed, ctx, device, 0.08) + 350 * defrost, metrics: { temperatureC: 3.2 + 1.2 * (1 - on) } };
    }
    case 'freezer': {
      const on = dutyFraction(tMin, 55, 0.3 + 0.05 * summer, phase(seed, device, 55));
      return { powerW: device.ratedW * on * jitter(seed, ctx, device, 0.08), metrics: { temperatureC: -18.5 + 1.5 * (1 - on) } };
    }
    case 'sump_pump': {
      // Cycles per day: spring melt and rain raise the water table; frozen ground keeps it low.
      const spring = Math.exp(-0.5 * ((ctx.local.dayOfYear - 100) / 30) ** 2);
      const perDay = (env.outdoorTempC < -2 ? 2 : 6 + 24 * spring) * (env.precipitation ? 3 : 1);
      const cycle = unitHash(seed, CH_SUMP, ctx.intervalIndex) < perDay / 288 ? 1 : 0;
      // Each cycle empties the pit in ≈ 45 s.
      return { powerW: (device.ratedW * 45 * cycle) / 300, metrics: { cycles: cycle } };
    }
    case 'cpap': {
      const asleep = coverage([{ start: plan.sleep, end: plan.wake + 1440 }], [{ start: yesterday.sleep, end: plan.wake + 1440 }], m);
      const humidifier = env.outdoorTempC < 5 ? 1.25 : 1;
      return { powerW: device.ratedW * asleep * humidifier * jitter(seed, ctx, device, 0.1), metrics: {} };
    }
    case 'tv': {
      const on = coverage(plan.tv, yesterday.tv, m);
      return { powerW: on * device.ratedW * jitter(seed, ctx, device, 0.2) + (1 - on) * 6, metrics: {} };
    }
    case 'computer': {
      const on = coverage(plan.officeHours, yesterday.officeHours, m);
      return { powerW: on * device.ratedW * jitter(seed, ctx, device, 0.4) + (1 - on) * 3, metrics: {} };
    }
    case 'space_heater': {
      const occupied = coverage(plan.officeHours, yesterday.officeHours, m);
      if (occupied === 0 || env.outdoorTempC >= 8) return { powerW: 0, metrics: { roomTempC: 19 } };
      const duty = clamp(0.25 + (8 - env.outdoorTempC) / 25, 0.2, 0.8);
      const on = dutyFraction(tMin, 18, duty, phase(seed, device, 18));
      return { powerW: device.ratedW * on * occupied, metrics: { roomTempC: 20.5 + 0.8 * on } };
    }
    case 'dehumidifier': {
      const doy = ctx.local.dayOfYear;
      const season = doy >= 121 && doy <= 273 ? 1 : 0;
      const duty = season * clamp((env.outdoorTempC - 12) / 20, 0, 0.6);
      const on = dutyFraction(tMin, 60, duty, phase(seed, device, 60));
      return { powerW: device.ratedW * on, metrics: { humidityPct: 48 + 10 * duty - 3 * on } };
    }
    case 'washer': {
      const run = activeWindow(plan.washer, yesterday.washer, m);
      if (!run) return { powerW: 1, metrics: {} };
      // Fill, wash (drum motor), rinse, spin at the nameplate rating.
      const e = run.elapsed;
      const w = e < 5 ? 15 : e < 35 ? 0.5 * device.ratedW : e < 50 ? 0.3 * device.ratedW : device.ratedW;
      return { powerW: w * jitter(seed, ctx, device, 0.15), metrics: { cycleMinutes: Math.round(e) } };
    }
    case 'dryer': {
      const run = activeWindow(plan.dryer, yesterday.dryer, m);
      if (!run) return { powerW: 0, metrics: {} };
      // The element cycles on its high-limit thermostat (~85 % duty), then a 10-minute cool-down.
      const heating = run.window.end - run.window.start - run.elapsed > 10;
      const w = heating ? 250 + (device.ratedW - 250) * dutyFraction(tMin, 6, 0.85, 0) : 250;
      return { powerW: w, metrics: { cycleMinutes: Math.round(run.elapsed) } };
    }
    case 'ev_charger': {
      const on = coverage(plan.evCharging, yesterday.evCharging, m);
      return { powerW: device.ratedW * on, metrics: {} };
    }
    case 'lighting': {
      const dark = darkness(env.sunElevationDeg);
      const bedroom = device.room === 'Bedroom';
      const wanted = bedroom
        ? coverage([{ start: plan.sleep - 60, end: plan.sleep }, { start: plan.wake, end: plan.wake + 30 }], [], m)
        : clamp((ctx.activity - 0.15) * 1.6, 0, 1);
      const brightnessPct = Math.round(100 * clamp(wanted * dark, 0, 1));
      return { powerW: (device.ratedW * brightnessPct) / 100, metrics: { brightnessPct } };
    }
    case 'camera': {
      const nightVision = env.sunElevationDeg < -3 ? 1 : 0;
      const motionEvents = unitHash(seed, CH_MOTION, ctx.intervalIndex) < 0.05 + 0.3 * ctx.activity ? 1 : 0;
      // The stream adapts to the link: 1080p normally, 720p (about half the bitrate) on a poor-Wi-Fi day.
      const poorWifi = unitHash(seed, CH_WIFI, ctx.local.dayNumber) < CAMERA_POOR_WIFI_DAYS;
      const bitrate = 1200 + 900 * motionEvents - 300 * nightVision;
      return {
        powerW: 4.5 + 1.5 * nightVision,
        metrics: { motionEvents, resolutionP: poorWifi ? 720 : 1080, bitrateKbps: Math.round(poorWifi ? bitrate * 0.55 : bitrate) },
      };
    }
    case 'thermostat':
      return thermostatTrace(device, seed, ctx, env);
    case 'baseboard':
      return { powerW: env.room?.heaterW ?? 0, metrics: {} };
    case 'room_thermometer':
      // A thermometer reports to a tenth of a degree, as the Shelly H&T and Tasmota sensors do.
      return { powerW: 0, metrics: env.room ? { temperatureC: Math.round(env.room.tempC * 10) / 10 } : {} };
  }
}

/**
 * Central HVAC seen by the thermostat: gas-furnace blower in the heating season, central air
 * conditioning in summer. Duty rises linearly with the indoor–outdoor difference (degree-hours).
 */
function thermostatTrace(device: ApplianceDevice, seed: number, ctx: IntervalContext, env: TraceEnv): Trace {
  const tMin = ctx.intervalIndex * INTERVAL_MINUTES;
  const heatSetpoint = heatingSetpointC(ctx);
  const solarGain = env.sunElevationDeg > 0 ? 0.12 * Math.sin((env.sunElevationDeg * Math.PI) / 180) : 0;
  const heatingDuty = clamp((heatSetpoint - 3 - env.outdoorTempC) / 30, 0, 0.95);
  const coolingDuty = clamp((env.outdoorTempC - 24) / 12 + solarGain, 0, 0.95) * (env.outdoorTempC > 21 ? 1 : 0);
  const mode = heatingDuty > 0 ? 1 : coolingDuty > 0 ? 2 : 0;
  const duty = mode === 1 ? heatingDuty : coolingDuty;
  const on = dutyFraction(tMin, 20, duty, phase(seed, device, 20));
  // Furnace blower ≈ 350 W; AC condenser and blower at the device rating (≈ 3 kW for 2.5 tons).
  const powerW = mode === 1 ? 350 * on : mode === 2 ? device.ratedW * on : 0;
  const setpointC = mode === 2 ? 24 : heatSetpoint;
  const indoorTempC = setpointC + (mode === 1 ? 0.4 * on - 0.3 : mode === 2 ? 0.4 - 0.5 * on : 0.5);
  const humidityPct = clamp(30 + 0.8 * (env.outdoorTempC + 10), 25, 60);
  return {
    powerW,
    metrics: {
      indoorTempC: Math.round(indoorTempC * 10) / 10,
      setpointC,
      outdoorTempC: Math.round(env.outdoorTempC * 10) / 10,
      humidityPct: Math.round(humidityPct),
      hvacMode: mode,
    },
  };
}
