/**
 * One household's 5-minute readings — the meter (production, consumption, grid import and
 * export) and every device — as a pure function of (profile, interval start, seed, switched-off
 * plugs). The demo transport sends these through the real ingestion path, so back-fill and live
 * streaming produce identical values for the same interval.
 */

import { isOffline, type OutageSpec } from './device-outages';
import type { HouseholdProfile } from './household-profile';
import { intervalContext } from './interval-context';
import type { RoomState } from './room-thermal-model';
import { simulateLoadInterval } from './load-model';
import { INTERVAL_HOURS, INTERVAL_MS } from '@peakwise/domain/time-constants';
import { simulateSolarInterval } from './solar-model';
import { sunPosition } from './sun-position';

export interface MeterReading {
  /** Interval start, ISO-8601 UTC on a 5-minute boundary, e.g. "2026-07-01T16:05:00.000Z". */
  ts: string;
  productionKwh: number;
  consumptionKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
}

export interface DeviceReading {
  externalId: string;
  ts: string;
  /** Mean power over the interval, W (energyKwh = powerW × 5 min). */
  powerW: number;
  energyKwh: number;
  /** Percent, 0–100; only for devices that have one, and only when it is measurable. */
  efficiency?: number;
  /** Switchable devices only: false while the member has switched it off. */
  on?: boolean;
  metrics: Record<string, number>;
}

export interface SimulatedInterval {
  meter: MeterReading;
  devices: DeviceReading[];
}

export interface SimulateOptions {
  /** Devices switched off by the member during this interval. */
  offPlugIds?: ReadonlySet<string>;
  /** Whether the household is cutting its use at this interval start (an Energy Saving Event it opted in to). */
  isShedding?: (intervalStartMs: number) => boolean;
  /** The heated room's temperature, for a caller that simulates intervals in order (the demo runner); advanced by each interval. */
  room?: RoomState;
}

/**
 * During an event the household powers its switchable plugs down and trims what it can by hand
 * (lights, cooking later, the dryer waits): a 30 % cut of the load no plug measures, about what
 * members of demand-response programs achieve in the evening peak.
 */
const EVENT_UNMETERED_FACTOR = 0.7;

function sheddingPlugs(profile: HouseholdProfile, off: ReadonlySet<string> | undefined): Set<string> {
  const plugs = new Set(off);
  // A heated room's baseboard is left to the comfort rule (decision 109), which switches it by command like the member would.
  for (const device of profile.appliances) if (device.switchable && !device.neverSwitch && device.id !== profile.heatedRoom?.heaterId) plugs.add(device.id);
  return plugs;
}

/** Start of the 5-minute interval containing `ms`. */
export function alignToInterval(ms: number): number {
  return Math.floor(ms / INTERVAL_MS) * INTERVAL_MS;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * Readings for the interval containing `intervalStartUtc` (an unaligned instant is floored to
 * its 5-minute boundary, so a late timer tick still produces the same interval).
 */
export function simulateInterval(
  profile: HouseholdProfile,
  intervalStartUtc: Date,
  seed: number,
  opts: SimulateOptions = {},
): SimulatedInterval {
  const startMs = alignToInterval(intervalStartUtc.getTime());
  const ts = new Date(startMs).toISOString();
  const site = { latitude: profile.latitude, longitude: profile.longitude, climate: profile.climate };
  const solar = simulateSolarInterval(site, profile.solar, seed, startMs);
  const sun = sunPosition(profile.latitude, profile.longitude, startMs + INTERVAL_MS / 2);
  const ctx = intervalContext(profile, seed, startMs);
  const shedding = opts.isShedding?.(startMs) ?? false;
  const load = simulateLoadInterval(
    profile,
    seed,
    ctx,
    { outdoorTempC: solar.weather.airTempC, sunElevationDeg: sun.elevationDeg, precipitation: solar.weather.precipitation },
    shedding ? sheddingPlugs(profile, opts.offPlugIds) : opts.offPlugIds,
    shedding ? EVENT_UNMETERED_FACTOR : 1,
    opts.room,
  );

  const productionKwh = solar.productionKwh;
  const consumptionKwh = load.consumptionKwh;
  // Net metering inside the interval: the house uses its own production first.
  const meter: MeterReading = {
    ts,
    productionKwh,
    consumptionKwh,
    gridImportKwh: Math.max(0, consumptionKwh - productionKwh),
    gridExportKwh: Math.max(0, productionKwh - consumptionKwh),
  };

  const devices: DeviceReading[] = solar.panels.map((p) => {
    const d: DeviceReading = {
      externalId: p.externalId,
      ts,
      powerW: p.powerW,
      energyKwh: p.energyKwh,
      metrics: { irradianceWm2: Math.round(solar.poaWm2), cellTempC: round(p.cellTempC, 1), snowCoverPct: Math.round(solar.weather.snowCover * 100) },
    };
    if (p.efficiencyPct !== undefined) d.efficiency = round(p.efficiencyPct, 2);
    return d;
  });
  for (const a of load.appliances) {
    const d: DeviceReading = { externalId: a.deviceId, ts, powerW: a.powerW, energyKwh: a.energyKwh, metrics: a.metrics };
    if (a.on !== undefined) d.on = a.on;
    if (a.deviceId === profile.water.heater.id && load.water.heaterEfficiencyPct !== undefined) {
      d.efficiency = round(load.water.heaterEfficiencyPct, 2);
    }
    devices.push(d);
  }
  const w = load.water;
  devices.push({
    externalId: profile.water.meter.id,
    ts,
    powerW: 0,
    energyKwh: 0,
    metrics: {
      litres: round(w.litres, 2),
      hotLitres: round(w.hotLitres, 2),
      flowLpm: round(w.flowLpm, 2),
      pressurePsi: round(w.pressurePsi, 1),
      // Same pressure in SI for integrations that expect kPa (1 psi = 6.894757 kPa).
      pressureKpa: round(w.pressurePsi * 6.894757, 1),
    },
  });
  // A device off the network sends nothing; the meter still measures what it drew.
  const outages = outageSpecs(profile);
  return { meter, devices: devices.filter((d) => !isOffline(seed, d.externalId, outages.get(d.externalId), startMs)) };
}

const outageSpecsByProfile = new WeakMap<HouseholdProfile, Map<string, OutageSpec>>();

function outageSpecs(profile: HouseholdProfile): Map<string, OutageSpec> {
  let specs = outageSpecsByProfile.get(profile);
  if (!specs) {
    specs = new Map();
    for (const a of profile.appliances) if (a.outage) specs.set(a.id, a.outage);
    if (profile.water.heater.outage) specs.set(profile.water.heater.id, profile.water.heater.outage);
    outageSpecsByProfile.set(profile, specs);
  }
  return specs;
}

/**
 * Every interval whose start lies in [fromUtc, toUtc), on 5-minute UTC boundaries (the first is
 * `fromUtc` rounded up to a boundary). Lazy, so months of back-fill stream in constant memory.
 */
export function* simulateRange(
  profile: HouseholdProfile,
  fromUtc: Date,
  toUtc: Date,
  seed: number,
  opts: SimulateOptions = {},
): Generator<SimulatedInterval> {
  const first = Math.ceil(fromUtc.getTime() / INTERVAL_MS) * INTERVAL_MS;
  for (let t = first; t < toUtc.getTime(); t += INTERVAL_MS) {
    yield simulateInterval(profile, new Date(t), seed, opts);
  }
}

/** Mean power (kW) that an interval's energy corresponds to; handy for "current kW" displays. */
export function intervalKw(kwh: number): number {
  return kwh / INTERVAL_HOURS;
}
