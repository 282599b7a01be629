/**
 * Synthetic weather: day-scale sky regimes with persistence (weather systems last 1–5 days),
 * a smooth intra-day cloud field, air temperature, snow on the panels and soiling. Every value is
 * a function of (seed, time) alone, so any interval can be computed on its own.
 */

import { type Climate, monthlyValue } from './climate';
import { channelId, fractalNoise, hash32, smoothstep, unitHash, valueNoise } from './prng';
import { clamp } from '@peakwise/domain/clamp';
import { DAY_MS } from '@peakwise/domain/time-constants';

export type SkyRegime = 'clear' | 'partly_cloudy' | 'overcast';

export interface Site {
  latitude: number;
  longitude: number;
  climate: Climate;
}

export interface DayWeather {
  regime: SkyRegime;
  /** Fraction of sky cover on partly cloudy days (0.25–0.75), 0 otherwise. */
  cloudCover: number;
  meanTempC: number;
  precipitation: boolean;
  snowfall: boolean;
  /** Share of the panel surface under snow at the start of this day, 0–1. */
  snowCover: number;
  /** Fractional output loss from dust and pollen since the last rain. */
  soilingLoss: number;
}

export interface Weather extends DayWeather {
  /** All-sky ÷ Haurwitz clear-sky global irradiance ("clear-sky index"), 0–~1.1. */
  clearSkyIndex: number;
  airTempC: number;
  groundAlbedo: number;
}

const CH_SYSTEM = channelId('weather.system-start');
const CH_REGIME = channelId('weather.regime');
const CH_COVER = channelId('weather.cover');
const CH_PRECIP = channelId('weather.precipitation');
const CH_TEMP = channelId('weather.temperature-anomaly');
const CH_CUMULUS = channelId('weather.cumulus');
const CH_STRATUS = channelId('weather.stratus');
const CH_CIRRUS = channelId('weather.cirrus');

/** A new weather system starts on a given day with this chance; mean system length ≈ 2.2 days. */
const SYSTEM_START_CHANCE = 0.45;
const MAX_SYSTEM_DAYS = 5;
/** Soiling builds up ≈ 0.15 %/day between rains, capped (NREL soiling studies report 1–5 %). */
const SOILING_PER_DAY = 0.0015;
const SOILING_LOOKBACK_DAYS = 30;

/** Solar day index: days since epoch in local mean solar time, so days break near midnight. */
export function solarDayIndex(longitudeDeg: number, utcMs: number): number {
  return Math.floor((utcMs + (longitudeDeg / 360) * DAY_MS) / DAY_MS);
}

function dayOfYearForDay(dayIndex: number): number {
  const d = new Date(dayIndex * DAY_MS);
  return Math.floor((dayIndex * DAY_MS - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

/**
 * Regime odds from the sunshine fraction s, fitted so mean clear-sky index tracks ECCC normals:
 * Toronto January (s≈0.32) is ~20 % clear / 46 % overcast, July (s≈0.6) ~45 % / 13 %.
 */
export function regimeOdds(sunshineFraction: number): { clear: number; overcast: number } {
  return {
    clear: clamp(0.89 * sunshineFraction - 0.09, 0.05, 0.7),
    overcast: clamp(0.84 - 1.18 * sunshineFraction, 0.05, 0.8),
  };
}

export function skyRegimeForDay(climate: Climate, seed: number, dayIndex: number): SkyRegime {
  // The regime belongs to the weather system: walk back to the day it started.
  let start = dayIndex;
  while (start > dayIndex - MAX_SYSTEM_DAYS && unitHash(seed, CH_SYSTEM, start) >= SYSTEM_START_CHANCE) {
    start -= 1;
  }
  const odds = regimeOdds(monthlyValue(climate.sunshineFraction, dayOfYearForDay(start)));
  // A jittered golden-ratio (Weyl) sequence instead of independent draws: each month still gets
  // a shuffled mix of regimes, but close to the climatological odds, so one seed's year is not
  // 10 % sunnier than another's (real inter-annual spread of Canadian irradiance is ≈ ±4 %).
  const u = (unitHash(seed, CH_REGIME) + start * 0.6180339887 + 0.2 * unitHash(seed, CH_REGIME, start)) % 1;
  if (u < odds.clear) return 'clear';
  if (u < odds.clear + odds.overcast) return 'overcast';
  return 'partly_cloudy';
}

function seasonalTempC(climate: Climate, dayOfYear: number): number {
  return climate.meanTempC + climate.annualAmplitudeC * Math.cos((2 * Math.PI * (dayOfYear - climate.warmestDayOfYear)) / 365.25);
}

/** Day-to-day anomaly: smooth over ~3 days, ±~4 °C, larger in winter as in Canadian records. */
function tempAnomalyC(climate: Climate, seed: number, dayPosition: number, dayOfYear: number): number {
  const winterness = 0.5 - 0.5 * Math.cos((2 * Math.PI * (dayOfYear - climate.warmestDayOfYear)) / 365.25);
  return (fractalNoise(seed, CH_TEMP, dayPosition / 3) - 0.5) * (7 + 7 * winterness);
}

function baseDay(climate: Climate, seed: number, dayIndex: number) {
  const regime = skyRegimeForDay(climate, seed, dayIndex);
  const doy = dayOfYearForDay(dayIndex);
  const meanTempC = seasonalTempC(climate, doy) + tempAnomalyC(climate, seed, dayIndex + 0.5, doy) - (regime === 'clear' ? 0.5 : 0);
  const precipitation = regime === 'overcast' && unitHash(seed, CH_PRECIP, dayIndex) < climate.precipitationChance;
  return { regime, doy, meanTempC, precipitation, snowfall: precipitation && meanTempC < 0.5 };
}

const climateSeeds = new WeakMap<Climate, { seed: number; climateSeed: number }>();

/** Weather seed per city: the same household seed must not give Calgary Toronto's weather. */
export function climateSeed(climate: Climate, seed: number): number {
  const memo = climateSeeds.get(climate);
  if (memo && memo.seed === seed) return memo.climateSeed;
  const result = hash32(seed, channelId(climate.name));
  climateSeeds.set(climate, { seed, climateSeed: result });
  return result;
}

// Memo of a pure function: per (climate, seed), day index → DayWeather.
const dayCaches = new Map<string, Map<number, DayWeather>>();
let lastCache: { climate: Climate; seed: number; days: Map<number, DayWeather> } | undefined;

function cacheFor(climate: Climate, seed: number): Map<number, DayWeather> {
  if (lastCache && lastCache.climate === climate && lastCache.seed === seed) return lastCache.days;
  const key = `${climate.name}|${climate.meanTempC}|${seed}`;
  let days = dayCaches.get(key);
  if (!days) {
    if (dayCaches.size > 64) dayCaches.clear();
    days = new Map();
    dayCaches.set(key, days);
  }
  lastCache = { climate, seed, days };
  return days;
}

/** Weather of one solar day; `seed` is already the climate seed (see climateSeed). */
export function dayWeather(climate: Climate, seed: number, dayIndex: number): DayWeather {
  const cache = cacheFor(climate, seed);
  const cached = cache.get(dayIndex);
  if (cached) return cached;
  const today = baseDay(climate, seed, dayIndex);

  // Snow: the most recent snowfall in the last week, shed linearly; melts twice as fast above 0 °C.
  let snowCover = 0;
  let soilingDays = SOILING_LOOKBACK_DAYS;
  for (let k = 0; k <= SOILING_LOOKBACK_DAYS; k += 1) {
    const past = k === 0 ? today : baseDay(climate, seed, dayIndex - k);
    if (past.snowfall && k <= 7 && snowCover === 0) {
      const shedRate = (1 / climate.snowShedDays) * (today.meanTempC > 0 ? 2 : 1);
      snowCover = clamp(1 - k * shedRate, 0, 1);
    }
    if (past.precipitation && !past.snowfall) {
      soilingDays = k;
      break;
    }
  }
  const result: DayWeather = {
    regime: today.regime,
    cloudCover: today.regime === 'partly_cloudy' ? 0.25 + 0.5 * unitHash(seed, CH_COVER, dayIndex) : 0,
    meanTempC: today.meanTempC,
    precipitation: today.precipitation,
    snowfall: today.snowfall,
    snowCover,
    // Snow and frozen months do not soil panels; the build-up starts again after the thaw.
    soilingLoss: today.meanTempC < 0 ? 0 : Math.min(SOILING_PER_DAY * soilingDays, 0.05),
  };
  if (cache.size > 20_000) cache.clear();
  cache.set(dayIndex, result);
  return result;
}

/** Clear-sky index for a regime at an instant; cloud fields are value noise in hours. */
function clearSkyIndexFor(day: DayWeather, seed: number, hours: number): number {
  if (day.regime === 'clear') {
    // Occasional thin cirrus trims a few percent.
    return 1 - 0.12 * smoothstep(0.6, 0.9, valueNoise(seed, CH_CIRRUS, hours / 2));
  }
  if (day.regime === 'overcast') {
    const thickness = fractalNoise(seed, CH_STRATUS, hours / 1.5);
    return (day.precipitation ? 0.12 : 0.2) + 0.28 * thickness;
  }
  // Cumulus: ~20-minute cells; gaps let direct sun through, with brief edge enhancement.
  const field = fractalNoise(seed, CH_CUMULUS, hours * 3);
  const threshold = 1 - day.cloudCover;
  const shade = smoothstep(threshold - 0.12, threshold + 0.12, field);
  const edge = 0.06 * (1 - Math.abs(2 * shade - 1)) * (shade < 0.5 ? 1 : 0);
  return (1 - shade) * (1 + edge) + shade * 0.3;
}

export function weatherAt(site: Site, householdSeed: number, utcMs: number): Weather {
  const seed = climateSeed(site.climate, householdSeed);
  const dayIndex = solarDayIndex(site.longitude, utcMs);
  const day = dayWeather(site.climate, seed, dayIndex);
  const solarHour = ((utcMs / 3_600_000 + site.longitude / 15) % 24 + 24) % 24;
  const diurnalScale = day.regime === 'clear' ? 1 : day.regime === 'partly_cloudy' ? 0.75 : 0.35;
  const airTempC =
    day.meanTempC + (site.climate.diurnalRangeC / 2) * diurnalScale * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  // Snow on the ground raises albedo from ~0.2 (grass, roofs) to ~0.6 (Liu & Jordan ground term).
  const groundAlbedo = 0.2 + 0.4 * (1 - smoothstep(-3, 2, day.meanTempC));
  // Explicit fields rather than a spread: this runs once per interval and V8 spreads slowly.
  return {
    regime: day.regime,
    cloudCover: day.cloudCover,
    meanTempC: day.meanTempC,
    precipitation: day.precipitation,
    snowfall: day.snowfall,
    snowCover: day.snowCover,
    soilingLoss: day.soilingLoss,
    clearSkyIndex: site.climate.clearSkyFactor * clearSkyIndexFor(day, seed, utcMs / 3_600_000),
    airTempC,
    groundAlbedo,
  };
}
