/**
 * Rooftop PV output per 5-minute interval: clear-sky irradiance (Haurwitz), cloud attenuation,
 * beam/diffuse split (Erbs), isotropic-sky transposition (Liu & Jordan), cell temperature (NOCT)
 * and module/system losses. Calibrated against NRCan's PV potential for municipalities
 * (south-facing, latitude tilt): Toronto ≈ 1,160, Vancouver ≈ 1,010, Calgary ≈ 1,290 kWh/kWp/yr.
 */

import { channelId, unitHash } from './prng';
import { clamp } from '@peakwise/domain/clamp';
import { INTERVAL_HOURS, INTERVAL_MS } from '@peakwise/domain/time-constants';
import { sunPosition } from './sun-position';
import { type Site, type Weather, weatherAt } from './weather-model';

const DEG = Math.PI / 180;

export interface PanelSpec {
  externalId: string;
  name: string;
  /** Nameplate DC rating at STC, W. */
  ratedW: number;
  /** Extra fractional loss from local dirt (bird droppings, leaves) on this panel only. */
  soilingLoss?: number;
  /** Extra fractional loss from cell degradation (hot spot, micro-cracks) on this panel only. */
  degradation?: number;
  /**
   * A fault that worsens steadily until it is repaired: the loss grows linearly from 0 to
   * `maxLoss` over `periodDays`, then the panel is replaced and it starts again. `phaseDays`
   * shifts where in the cycle day 0 (1970-01-01 UTC) falls.
   */
  degradationCycle?: { maxLoss: number; periodDays: number; phaseDays: number };
}

/** The panel's own loss at an instant: fixed degradation plus where its fault cycle stands. */
export function panelFaultLoss(panel: PanelSpec, ms: number): number {
  const cycle = panel.degradationCycle;
  const days = ms / 86_400_000 + (cycle?.phaseDays ?? 0);
  const cycleLoss = cycle ? (cycle.maxLoss * (((days % cycle.periodDays) + cycle.periodDays) % cycle.periodDays)) / cycle.periodDays : 0;
  return (panel.degradation ?? 0) + cycleLoss;
}

export interface PvArray {
  tiltDeg: number;
  /** Clockwise from north; 180 = due south. */
  azimuthDeg: number;
  panels: readonly PanelSpec[];
}

export interface PanelOutput {
  externalId: string;
  /** Mean AC power over the interval, W. */
  powerW: number;
  energyKwh: number;
  /** DC output as % of rated at the measured irradiance; absent when too dark to judge. */
  efficiencyPct?: number;
  cellTempC: number;
}

export interface SolarInterval {
  productionKwh: number;
  ghiWm2: number;
  poaWm2: number;
  cellTempC: number;
  weather: Weather;
  panels: PanelOutput[];
}

/** NOCT of a typical mono-Si module (45 °C at 800 W/m², 20 °C air, 1 m/s wind). */
const NOCT_C = 45;
/** Pmax temperature coefficient of crystalline silicon, −0.37 %/K (module datasheets). */
const TEMP_COEFF_PER_K = -0.0037;
/** Light-induced and 3 years of age degradation of a healthy module. */
const MODULE_AGE_FACTOR = 0.975;
/**
 * DC wiring, connectors, nameplate tolerance, availability and a 96 % microinverter, as in
 * PVWatts' default loss stack (minus soiling and snow, which are modelled separately).
 */
export const SYSTEM_DERATE = 0.89;
/** Below this plane-of-array irradiance an efficiency figure is noise, so none is reported. */
const EFFICIENCY_MIN_POA = 50;

const CH_MISMATCH = channelId('solar.panel-mismatch');

/** Haurwitz (1945) clear-sky GHI, W/m²: 1098·cos z·exp(−0.059 / cos z). */
export function clearSkyGhi(zenithDeg: number): number {
  const cz = Math.cos(zenithDeg * DEG);
  return cz <= 0.01 ? 0 : 1098 * cz * Math.exp(-0.059 / cz);
}

/** Extraterrestrial normal irradiance (Spencer 1971, simplified): 1367·(1 + 0.033·cos(2π·n/365)). */
export function extraterrestrialNormal(dayOfYear: number): number {
  return 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365));
}

/** Erbs, Klein & Duffie (1982) diffuse fraction of GHI from the clearness index kt. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

/**
 * Plane-of-array irradiance, isotropic sky (Liu & Jordan 1963):
 * POA = DNI·cos θ + DHI·(1 + cos β)/2 + GHI·ρ·(1 − cos β)/2.
 */
export function planeOfArrayIrradiance(input: {
  ghi: number;
  zenithDeg: number;
  sunAzimuthDeg: number;
  tiltDeg: number;
  panelAzimuthDeg: number;
  dayOfYear: number;
  albedo: number;
}): number {
  const cz = Math.cos(input.zenithDeg * DEG);
  if (input.ghi <= 0 || cz <= 0.01) return 0;
  const kt = clamp(input.ghi / (extraterrestrialNormal(input.dayOfYear) * cz), 0, 1);
  const dhi = input.ghi * erbsDiffuseFraction(kt);
  const dni = (input.ghi - dhi) / cz;
  const beta = input.tiltDeg * DEG;
  const cosIncidence =
    cz * Math.cos(beta) +
    Math.sin(input.zenithDeg * DEG) * Math.sin(beta) * Math.cos((input.sunAzimuthDeg - input.panelAzimuthDeg) * DEG);
  return (
    dni * Math.max(0, cosIncidence) +
    (dhi * (1 + Math.cos(beta))) / 2 +
    (input.ghi * input.albedo * (1 - Math.cos(beta))) / 2
  );
}

/** NOCT cell temperature: T_cell = T_air + (NOCT − 20)·G/800. */
export function cellTemperatureC(airTempC: number, poaWm2: number): number {
  return airTempC + ((NOCT_C - 20) * poaWm2) / 800;
}

/** Linear Pmax temperature derate relative to 25 °C STC. */
export function temperatureFactor(cellTempC: number): number {
  return 1 + TEMP_COEFF_PER_K * (cellTempC - 25);
}

/** Relative efficiency at low light: a logarithmic fall-off as in Heydenreich et al. (2008). */
export function lowLightFactor(poaWm2: number): number {
  return clamp(1 + 0.025 * Math.log(Math.max(poaWm2, 1) / 1000), 0.85, 1);
}

export function arrayKwp(array: PvArray): number {
  return array.panels.reduce((sum, p) => sum + p.ratedW, 0) / 1000;
}

/** ±1.5 % nameplate spread per panel, fixed per panel id (manufacturing tolerance). */
function panelMismatch(seed: number, index: number): number {
  return 1 + 0.03 * (unitHash(seed, CH_MISMATCH, index) - 0.5);
}

/** Day of year of a UTC instant. */
function utcDayOfYear(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return Math.floor((utcMs - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/**
 * Production for [intervalStartMs, +5 min). Irradiance is taken at the interval midpoint, the
 * standard midpoint rule for 5-minute data.
 */
export function simulateSolarInterval(site: Site, array: PvArray, seed: number, intervalStartMs: number): SolarInterval {
  const mid = intervalStartMs + INTERVAL_MS / 2;
  const sun = sunPosition(site.latitude, site.longitude, mid);
  const weather = weatherAt(site, seed, mid);
  const ghi = clearSkyGhi(sun.zenithDeg) * weather.clearSkyIndex;
  const poa = planeOfArrayIrradiance({
    ghi,
    zenithDeg: sun.zenithDeg,
    sunAzimuthDeg: sun.azimuthDeg,
    tiltDeg: array.tiltDeg,
    panelAzimuthDeg: array.azimuthDeg,
    dayOfYear: utcDayOfYear(mid),
    albedo: weather.groundAlbedo,
  });
  const cellTempC = cellTemperatureC(weather.airTempC, poa);
  const shared =
    temperatureFactor(cellTempC) * lowLightFactor(poa) * MODULE_AGE_FACTOR * (1 - weather.soilingLoss) * (1 - weather.snowCover);

  let productionKwh = 0;
  const panels = array.panels.map((panel, index): PanelOutput => {
    const relative =
      shared * panelMismatch(seed, index) * (1 - (panel.soilingLoss ?? 0)) * (1 - panelFaultLoss(panel, mid));
    const dcW = poa > 0 ? (panel.ratedW * poa * relative) / 1000 : 0;
    const powerW = Math.max(0, dcW * SYSTEM_DERATE);
    const energyKwh = (powerW * INTERVAL_HOURS) / 1000;
    productionKwh += energyKwh;
    const output: PanelOutput = { externalId: panel.externalId, powerW, energyKwh, cellTempC };
    if (poa >= EFFICIENCY_MIN_POA) output.efficiencyPct = clamp(relative * 100, 0, 100);
    return output;
  });
  return { productionKwh, ghiWm2: ghi, poaWm2: poa, cellTempC, weather, panels };
}

/** Identical 400 W panels for an array of `kWp`, facing south at latitude − 10° tilt. */
export function uniformArray(kWp: number, panelCount: number, latitudeDeg: number): PvArray {
  const ratedW = (kWp * 1000) / panelCount;
  return {
    tiltDeg: Math.max(0, latitudeDeg - 10),
    azimuthDeg: 180,
    panels: Array.from({ length: panelCount }, (_, i) => ({
      externalId: `panel-${String(i + 1).padStart(2, '0')}`,
      name: `Panel ${i + 1}`,
      ratedW,
    })),
  };
}
