/**
 * The baseline harness's population (docs/decisions/096-event-baseline-by-measurement.md): homes
 * of every kind in three cities, each simulated with the project's own load, weather and solar
 * models over a winter or a summer season, with the area's events and placebo days. For every
 * event each home gets two series: what happened, and what would have happened without the event,
 * so its true reduction is known. Deterministic from the run's seed.
 */

import { CALGARY_CLIMATE, type Climate, TORONTO_CLIMATE, VANCOUVER_CLIMATE } from '../../apps/server/src/simulator/climate';
import { DEMO_HOUSEHOLD, type ApplianceDevice, type HouseholdProfile, type SolarPanelDevice } from '../../apps/server/src/simulator/household-profile';
import { intervalContext } from '../../apps/server/src/simulator/interval-context';
import { simulateLoadInterval } from '../../apps/server/src/simulator/load-model';
import { hash32, mulberry32, unitHash } from '../../apps/server/src/simulator/prng';
import { simulateSolarInterval } from '../../apps/server/src/simulator/solar-model';
import { sunPosition } from '../../apps/server/src/simulator/sun-position';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { addDays, daysBetween, isWeekend, localDatesInRange, zonedTimeToUtc } from '../../packages/domain/src/local-time';
import { provincialHolidayDates } from '../../packages/domain/src/provincial-holidays';
import { INTERVAL_HOURS, INTERVAL_MS } from '../../packages/domain/src/time-constants';

export type City = { name: string; province: 'ON' | 'BC' | 'AB'; timeZone: string; latitude: number; longitude: number; climate: Climate };

export const CITIES: readonly City[] = [
  { name: 'Toronto', province: 'ON', timeZone: 'America/Toronto', latitude: 43.65, longitude: -79.38, climate: TORONTO_CLIMATE },
  { name: 'Vancouver', province: 'BC', timeZone: 'America/Vancouver', latitude: 49.25, longitude: -123.12, climate: VANCOUVER_CLIMATE },
  { name: 'Calgary', province: 'AB', timeZone: 'America/Edmonton', latitude: 51.05, longitude: -114.07, climate: CALGARY_CLIMATE },
];

export type Season = 'winter' | 'summer';
export type Heating = 'baseboard' | 'heat_pump' | 'gas';
/**
 * hard: plugs off and 30 % of the rest trimmed; little: 10 % trimmed; none: ignores events;
 * precondition: pre-heats or pre-cools for 90 minutes, cuts hard, rebounds for an hour;
 * game_before: runs 2 kW extra in the three hours ending an hour before the event, then cuts hard;
 * game_days: runs 1 kW extra from 16:00 to 20:00 on every ordinary weekday, cuts hard at events.
 */
export type Behaviour = 'hard' | 'little' | 'none' | 'precondition' | 'game_before' | 'game_days';

export type PlannedEvent = { id: number; date: LocalDate; startHour: number; hours: number; placebo: boolean };

export type Region = {
  id: number;
  city: City;
  season: Season;
  /** Every weekday simulated, oldest first. */
  dates: LocalDate[];
  holidays: LocalDate[];
  events: PlannedEvent[];
  /** Dates of real events (placebo days are ordinary days and are not on it). */
  eventDates: LocalDate[];
};

export type Home = {
  id: string;
  index: number;
  seed: number;
  region: Region;
  profile: HouseholdProfile;
  heating: Heating;
  solar: boolean;
  ev: boolean;
  /** A home battery, or null (see batteryStep for its rules). */
  battery: Battery | null;
  behaviour: Behaviour;
  /** First day with readings: a new member's history starts shortly before the events. */
  firstDate: LocalDate;
};

/** Local clock times simulated each day: the adjustment windows and events all lie within them. */
export const FIRST_MINUTE = 11 * 60;
export const LAST_MINUTE = 20 * 60;
export const SLOT_MINUTES = 5;
export const CLOCKS: readonly string[] = Array.from({ length: (LAST_MINUTE - FIRST_MINUTE) / SLOT_MINUTES }, (_, k) => clock(FIRST_MINUTE + k * SLOT_MINUTES));

export function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Clock keys of [fromMinute, toMinute). */
export function clocksBetween(fromMinute: number, toMinute: number): string[] {
  const clocks: string[] = [];
  for (let m = fromMinute; m < toMinute; m += SLOT_MINUTES) clocks.push(clock(m));
  return clocks;
}

/** Seasons away from DST changes, so every simulated day has the same clock times. */
const SEASONS: Record<Season, { firstEvent: LocalDate; lastEvent: LocalDate }> = {
  winter: { firstEvent: '2026-01-12', lastEvent: '2026-03-06' },
  summer: { firstEvent: '2026-07-06', lastEvent: '2026-08-28' },
};
const HISTORY_DAYS = 50;
// Enough that one area's weather on one day does not decide a bias figure (with 5 of each, two
// seeds differed by 10 points of bias).
export const EVENTS_PER_REGION = 10;
export const PLACEBOS_PER_REGION = 10;
/** Share of homes asked to cut at each event; the rest are the pool comparison groups come from. */
export const CALLED_SHARE = 0.8;

const BEHAVIOURS: readonly [Behaviour, number][] = [
  ['hard', 0.35],
  ['little', 0.25],
  ['none', 0.2],
  ['precondition', 0.1],
  ['game_before', 0.05],
  ['game_days', 0.05],
];

function pick<T>(rand: () => number, weighted: readonly [T, number][]): T {
  let r = rand();
  for (const [value, weight] of weighted) {
    if (r < weight) return value;
    r -= weight;
  }
  return weighted[weighted.length - 1]![0];
}

export function makeRegions(seed: number): Region[] {
  const regions: Region[] = [];
  for (const season of ['winter', 'summer'] as const) {
    for (const city of CITIES) {
      const id = regions.length;
      const { firstEvent, lastEvent } = SEASONS[season];
      const year = Number(firstEvent.slice(0, 4));
      const holidays = provincialHolidayDates(city.province, year - 1, year);
      const holidaySet = new Set(holidays);
      const dates = localDatesInRange(addDays(firstEvent, -HISTORY_DAYS), lastEvent).filter((d) => !isWeekend(d));
      const candidates = localDatesInRange(firstEvent, lastEvent).filter((d) => !isWeekend(d) && !holidaySet.has(d));
      const rand = mulberry32(hash32(seed, 0xe7e47, id));
      const chosen: LocalDate[] = [];
      while (chosen.length < EVENTS_PER_REGION + PLACEBOS_PER_REGION) {
        const date = candidates[Math.floor(rand() * candidates.length)]!;
        if (!chosen.includes(date)) chosen.push(date);
      }
      const events = chosen.map((date, i) => ({ id: id * 100 + i, date, startHour: 16 + Math.floor(rand() * 3), hours: 2, placebo: i >= EVENTS_PER_REGION }));
      events.sort((a, b) => (a.date < b.date ? -1 : 1));
      regions.push({ id, city, season, dates, holidays, events, eventDates: events.filter((e) => !e.placebo).map((e) => e.date) });
    }
  }
  return regions;
}

function panels(count: number): SolarPanelDevice[] {
  return Array.from({ length: count }, (_, i) => ({ externalId: `panel-${i + 1}`, name: `Panel ${i + 1}`, ratedW: 400, kind: 'solar_panel' as const, location: 'Roof' as const }));
}

/**
 * A home battery. Its ordinary-day rule, on every day it is not dispatched:
 * - with panels, self-consumption: charges from the panels' surplus and covers the home's draw
 *   from the grid whenever the panels fall short, down to its reserve;
 * - without panels, charged off-peak overnight (it starts the simulated hours full) and shaving
 *   the home's draw above 1.5 kW, the peak a time-of-use bill punishes.
 * On an event day it was called to (and its home does not ignore events) it holds its charge
 * until the event (the panels' surplus still charges it), discharges at full power through the
 * event whatever the home draws, exporting the rest, and returns to its ordinary rule after.
 */
export type Battery = {
  capacityKwh: number;
  powerKw: number;
  startShare: number;
  /**
   * How far a self-consuming battery's charge at the first simulated slot moves from startShare,
   * day to day (a uniform spread of this width, kept between its reserve and full): 0 starts every
   * day alike, so the day's sun alone decides its evening; a real one also carries the night.
   */
  startSpread: number;
  /**
   * A self-consuming battery that carries the night: each day starts from the previous evening's
   * charge, run through the night's draw and the morning's sun in hours the harness does not record
   * (startShare is then only its charge at the first day's midnight, and startSpread is unused).
   */
  carriesNight: boolean;
  shaveAboveKw: number;
};

const BATTERY_RESERVE = 0.1;

/** Shares of homes with a battery, among homes with and without panels (a separate hash: the rest of each home is unchanged), and whether the self-consuming ones carry the night or start each day at startShare with startSpread (default 0). */
export type BatteryShares = { solar: number; other: number; startSpread?: number; night?: boolean };
export const BATTERY_SHARES: BatteryShares = { solar: 0.3, other: 0.06, night: true };

function battery(seed: number, index: number, solar: boolean, shares: BatteryShares): Battery | null {
  if (unitHash(seed, 0xba77, index) >= (solar ? shares.solar : shares.other)) return null;
  const rand = mulberry32(hash32(seed, 0xba78, index));
  // A 5 kW, 13.5 kWh wall unit or a smaller 3.3 kW, 5–10 kWh one.
  const big = rand() < 0.5;
  return {
    capacityKwh: big ? 13.5 : 5 + Math.round(rand() * 5),
    powerKw: big ? 5 : 3.3,
    // A self-consuming battery starts the afternoon part-drained by the night; an off-peak one full.
    startShare: solar ? 0.3 : 1,
    startSpread: solar ? (shares.startSpread ?? 0) : 0,
    carriesNight: solar && (shares.night ?? false),
    shaveAboveKw: solar ? 0 : 1.5,
  };
}

type BatteryMode = 'ordinary' | 'hold' | 'dispatch';

/**
 * One 5-minute interval of a battery: the home's grid exchange (import − export, negative when it
 * exports) after the battery, and its new charge. Losses are left out: they would move the event
 * and its counterfactual alike.
 */
export function batteryStep(b: Battery, charge: number, usedKwh: number, productionKwh: number, mode: BatteryMode): { gridKwh: number; charge: number } {
  const step = b.powerKw * INTERVAL_HOURS;
  const reserve = BATTERY_RESERVE * b.capacityKwh;
  const surplus = productionKwh - usedKwh;
  let gridKwh = usedKwh - productionKwh;
  if (mode === 'dispatch') {
    const out = Math.max(0, Math.min(step, charge - reserve));
    return { gridKwh: gridKwh - out, charge: charge - out };
  }
  if (surplus > 0) {
    const into = Math.min(step, surplus, b.capacityKwh - charge);
    return { gridKwh: gridKwh + into, charge: charge + into };
  }
  if (mode === 'hold') return { gridKwh, charge };
  const out = Math.max(0, Math.min(step, charge - reserve, gridKwh - b.shaveAboveKw * INTERVAL_HOURS));
  gridKwh -= out;
  return { gridKwh, charge: charge - out };
}

export function makeHomes(seed: number, count: number, regions: readonly Region[], batteryShares: BatteryShares = BATTERY_SHARES): Home[] {
  return Array.from({ length: count }, (_, index) => {
    const homeSeed = hash32(seed, 0x401e, index);
    const rand = mulberry32(homeSeed);
    const region = regions[index % regions.length]!;
    const heating = pick<Heating>(rand, [['gas', 0.5], ['baseboard', 0.3], ['heat_pump', 0.2]]);
    const hasAc = heating === 'heat_pump' || rand() < (region.city.name === 'Vancouver' ? 0.3 : 0.7);
    const solar = rand() < 0.25;
    const ev = rand() < 0.2;
    const behaviour = pick(rand, BEHAVIOURS);
    const occupants = 1 + Math.floor(rand() * 5);
    const newMember = rand() < 0.15;
    const firstEvent = region.events[0]!.date;
    const firstDate = newMember ? addDays(firstEvent, -Math.floor(rand() * 9)) : region.dates[0]!;
    const appliances: ApplianceDevice[] = DEMO_HOUSEHOLD.appliances
      // A home without central air has no condenser; a baseboard home has no furnace blower either.
      .filter((a) => a.behaviour !== 'thermostat' || hasAc || heating !== 'baseboard')
      .filter((a) => a.behaviour !== 'space_heater' || rand() < 0.4)
      .map((a) => (a.behaviour === 'thermostat' ? { ...a, ratedW: hasAc ? 2000 + Math.round(rand() * 2000) : 0 } : a));
    if (ev) appliances.push({ id: 'ev', name: 'EV Charger', room: 'Office', kind: 'power', behaviour: 'ev_charger', ratedW: 7200, switchable: true, neverSwitch: false });
    const profile: HouseholdProfile = {
      ...DEMO_HOUSEHOLD,
      name: `Home ${index}`,
      province: region.city.province,
      city: region.city.name,
      latitude: region.city.latitude,
      longitude: region.city.longitude,
      timeZone: region.city.timeZone,
      climate: region.city.climate,
      occupants,
      standbyW: 80 + Math.round(rand() * 170),
      // A heat pump's COP of about 2.5 makes its draw about 40 % of a baseboard's for the same heat.
      electricHeatingShare: heating === 'baseboard' ? 1 : heating === 'heat_pump' ? 0.4 : 0,
      hasCentralAc: hasAc,
      solar: { ...DEMO_HOUSEHOLD.solar, panels: solar ? panels(8 + Math.floor(rand() * 13)) : [] },
      appliances,
    };
    return { id: `h${index}`, index, seed: homeSeed, region, profile, heating, solar, ev, battery: battery(seed, index, solar, batteryShares), behaviour, firstDate };
  });
}

/** Whether a home is asked to cut at an event (or, on a placebo day, scored as if asked). */
export function isCalled(seed: number, home: Home, event: PlannedEvent): boolean {
  return unitHash(seed, 0xca11, home.index, event.id) < CALLED_SHARE;
}

/** Weather and sun of one city at each simulated slot, shared by its homes (they share the sky). */
export type RegionWeather = {
  startMs: Map<LocalDate, number>;
  /** Per date, per slot: kWh from one 400 W panel, air temperature, sun elevation, precipitation. */
  panelKwh: Map<LocalDate, Float64Array>;
  airTempC: Map<LocalDate, Float64Array>;
  sunElevationDeg: Map<LocalDate, Float64Array>;
  precipitation: Map<LocalDate, Uint8Array>;
  /** The first date's local midnight: where a battery that carries the night starts. */
  firstMidnightMs: number;
  /** The sky at any slot from firstMidnightMs on, the hours not recorded included (computed on first use). */
  skyAt: (ms: number) => Sky;
  /** kWh from one 400 W panel from a date's local midnight to its first simulated slot (computed on first use). */
  morningPanelKwh: (date: LocalDate) => number;
};

export type Sky = { panelKwh: number; airTempC: number; sunElevationDeg: number; precipitation: boolean };

const REFERENCE_PANELS = 4;

export function regionWeather(seed: number, region: Region): RegionWeather {
  const { city } = region;
  const site = { latitude: city.latitude, longitude: city.longitude, climate: city.climate };
  const array = { ...DEMO_HOUSEHOLD.solar, panels: panels(REFERENCE_PANELS) };
  const citySeed = hash32(seed, 0xc17e, region.id);
  const skies = new Map<number, Sky>();
  const skyAt = (ms: number): Sky => {
    let sky = skies.get(ms);
    if (!sky) {
      const solar = simulateSolarInterval(site, array, citySeed, ms);
      sky = {
        panelKwh: solar.productionKwh / REFERENCE_PANELS,
        airTempC: solar.weather.airTempC,
        sunElevationDeg: sunPosition(city.latitude, city.longitude, ms + INTERVAL_MS / 2).elevationDeg,
        precipitation: solar.weather.precipitation,
      };
      skies.set(ms, sky);
    }
    return sky;
  };
  const mornings = new Map<LocalDate, number>();
  const morningPanelKwh = (date: LocalDate): number => {
    let kwh = mornings.get(date);
    if (kwh === undefined) {
      kwh = 0;
      const midnight = zonedTimeToUtc(date, 0, 0, city.timeZone).getTime();
      for (let ms = midnight; ms < midnight + FIRST_MINUTE * 60_000; ms += INTERVAL_MS) kwh += skyAt(ms).panelKwh;
      mornings.set(date, kwh);
    }
    return kwh;
  };
  const firstMidnightMs = zonedTimeToUtc(region.dates[0]!, 0, 0, city.timeZone).getTime();
  const weather: RegionWeather = { startMs: new Map(), panelKwh: new Map(), airTempC: new Map(), sunElevationDeg: new Map(), precipitation: new Map(), firstMidnightMs, skyAt, morningPanelKwh };
  for (const date of region.dates) {
    const start = zonedTimeToUtc(date, FIRST_MINUTE / 60, 0, city.timeZone).getTime();
    const n = CLOCKS.length;
    const kwh = new Float64Array(n);
    const temp = new Float64Array(n);
    const sun = new Float64Array(n);
    const wet = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const ms = start + k * INTERVAL_MS;
      const sky = skyAt(ms);
      kwh[k] = sky.panelKwh;
      temp[k] = sky.airTempC;
      sun[k] = sky.sunElevationDeg;
      wet[k] = sky.precipitation ? 1 : 0;
    }
    weather.startMs.set(date, start);
    weather.panelKwh.set(date, kwh);
    weather.airTempC.set(date, temp);
    weather.sunElevationDeg.set(date, sun);
    weather.precipitation.set(date, wet);
  }
  return weather;
}

/**
 * The quantity a baseline and an event's actual are read on (decision 112):
 * - net: max(0, import − export) of each 5-minute interval, the simulator's interval netted;
 * - import: the interval's import alone, with the home's load moving minute by minute inside the
 *   interval while the sun does not, so a solar home imports in some minutes of an interval it
 *   exports in overall (the simulator's intervals are 5 minutes; the minute shape is modelled here);
 * - consumption: the home's whole use, what settlement read before 112, scored against the true
 *   reduction in net import (what the program pays for).
 */
export type Quantity = 'net' | 'import' | 'consumption';
export const QUANTITIES: readonly Quantity[] = ['net', 'import', 'consumption'];

/** Minutes in a 5-minute interval. */
const MINUTES = 5;

/**
 * kWh drawn from the grid in one interval with `used` and `production` kWh, when the load's minutes
 * differ (each minute 0.5–1.5 × the interval's mean, from a hash of the home and the instant, so
 * the event and its counterfactual share a shape) and the panels' output is flat.
 */
function importAlone(used: number, production: number, homeSeed: number, ms: number): number {
  if (production <= 0) return used;
  const weights: number[] = [];
  let total = 0;
  for (let j = 0; j < MINUTES; j++) {
    const w = 0.5 + unitHash(homeSeed, 0x1a90, ms / 60_000, j);
    weights.push(w);
    total += w;
  }
  let drawn = 0;
  for (const w of weights) drawn += Math.max(0, (used * w) / total - production / MINUTES);
  return drawn;
}

/** Net grid import per slot of each day the home has readings for, and each event's two totals. */
export type HomeSeries = {
  /** What the meter read on the run's quantity (kWh) by date and clock. */
  readings: Map<LocalDate, Record<string, number>>;
  /** Per event id: kWh over the event's slots on the quantity paid for, as it happened and without the event. */
  actualKwh: Map<number, number>;
  counterfactualKwh: Map<number, number>;
  /** Per event id: the event's kWh on the run's quantity, what a baseline is compared with. */
  scoredActualKwh: Map<number, number>;
  /** Extra kWh a gaming home ran over the season to game its baseline. */
  gamingKwh: number;
  /**
   * Per event date, the day's readings on the run's quantity had there been no event (and no
   * gaming): what the same-day window would have read on an ordinary day, so the harness can tell
   * how much of a baseline's error the home's own pre-event behaviour put there.
   */
  counterfactualReadings: Map<LocalDate, Record<string, number>>;
  /**
   * Solar homes only (their production is measured): gross load per slot (import − export +
   * production, a battery's charge counting as use and its discharge as supply) and the panels'
   * production, as a meter with a production register reports them (decision 126).
   */
  gross: Map<LocalDate, Record<string, number>> | null;
  production: Map<LocalDate, Record<string, number>> | null;
  /** Solar homes only: the panels' kWh from the date's midnight to its first simulated slot. */
  morningProduction: Map<LocalDate, number> | null;
};

const EVENT_UNMETERED: Record<Behaviour, number> = { hard: 0.7, little: 0.9, none: 1, precondition: 0.7, game_before: 0.7, game_days: 0.7 };

const EPOCH_DAY = '1970-01-01' as LocalDate;

/** A battery's charge at the first simulated slot of `date`, as a share of its capacity (see Battery.startSpread). */
export function startShareOn(home: Pick<Home, 'seed' | 'battery'>, date: LocalDate): number {
  const b = home.battery!;
  if (b.startSpread === 0) return b.startShare;
  const draw = unitHash(home.seed, 0xba79, daysBetween(EPOCH_DAY, date));
  return Math.min(1, Math.max(BATTERY_RESERVE, b.startShare + (draw - 0.5) * b.startSpread));
}

/**
 * A battery's charge after running its ordinary rule over [fromMs, toMs) under the home's ordinary
 * load and its panels' production: the hours a battery that carries the night lives through
 * unrecorded.
 */
export function batteryThroughHours(home: Pick<Home, 'seed' | 'profile' | 'battery'>, skyAt: (ms: number) => Sky, charge: number, fromMs: number, toMs: number): number {
  const none = new Set<string>();
  const panelsCount = home.profile.solar.panels.length;
  let now = charge;
  for (let ms = fromMs; ms < toMs; ms += INTERVAL_MS) {
    const sky = skyAt(ms);
    const env = { outdoorTempC: sky.airTempC, sunElevationDeg: sky.sunElevationDeg, precipitation: sky.precipitation };
    const used = simulateLoadInterval(home.profile, home.seed, intervalContext(home.profile, home.seed, ms), env, none, 1).consumptionKwh;
    now = batteryStep(home.battery!, now, used, sky.panelKwh * panelsCount, 'ordinary').charge;
  }
  return now;
}

export function simulateHome(seed: number, home: Home, weather: RegionWeather, quantity: Quantity = 'net'): HomeSeries {
  const { profile, region } = home;
  const offAll = new Set(profile.appliances.filter((a) => a.switchable && !a.neverSwitch).map((a) => a.id));
  const none = new Set<string>();
  const eventsByDate = new Map(region.events.map((e) => [e.date, e]));
  const areaEventDays = new Set(region.eventDates);
  const series: HomeSeries = { readings: new Map(), actualKwh: new Map(), counterfactualKwh: new Map(), scoredActualKwh: new Map(), gamingKwh: 0, counterfactualReadings: new Map(), gross: null, production: null, morningProduction: null };
  const panelsCount = profile.solar.panels.length;
  if (panelsCount > 0) {
    series.gross = new Map();
    series.production = new Map();
    series.morningProduction = new Map();
  }
  // A battery that carries the night: its charge and the instant it was last simulated to.
  const night = home.battery?.carriesNight ? { ms: weather.firstMidnightMs, charge: home.battery.startShare * home.battery.capacityKwh } : null;
  for (const date of region.dates) {
    if (date < home.firstDate) continue;
    const start = weather.startMs.get(date)!;
    series.morningProduction?.set(date, weather.morningPanelKwh(date) * panelsCount);
    // Through the hours not recorded (the night, the morning, a weekend, the days before a new member joined), in its ordinary rule.
    if (night) {
      night.charge = batteryThroughHours(home, weather.skyAt, night.charge, night.ms, start);
      night.ms = start;
    }
    const kwhSolar = weather.panelKwh.get(date)!;
    const temp = weather.airTempC.get(date)!;
    const sun = weather.sunElevationDeg.get(date)!;
    const wet = weather.precipitation.get(date)!;
    const event = eventsByDate.get(date);
    const called = event !== undefined && !event.placebo && isCalled(seed, home, event);
    const eventFrom = event ? event.startHour * 60 : -1;
    const eventTo = event ? eventFrom + event.hours * 60 : -1;
    const gamingDay = home.behaviour === 'game_days' && !areaEventDays.has(date);
    const day: Record<string, number> = {};
    const counterfactualDay: Record<string, number> = {};
    const grossDay: Record<string, number> = {};
    const productionDay: Record<string, number> = {};
    let actualTotal = 0;
    let counterfactualTotal = 0;
    let scoredTotal = 0;
    // The battery's charge as it happened and in the counterfactual (its ordinary rule all day).
    const startCharge = night ? night.charge : home.battery ? startShareOn(home, date) * home.battery.capacityKwh : 0;
    let charge = startCharge;
    let counterfactualCharge = startCharge;
    const dispatched = called && home.battery !== null && home.behaviour !== 'none';
    for (let k = 0; k < CLOCKS.length; k++) {
      const minute = FIRST_MINUTE + k * SLOT_MINUTES;
      const ms = start + k * INTERVAL_MS;
      const ctx = intervalContext(profile, home.seed, ms);
      const env = { outdoorTempC: temp[k]!, sunElevationDeg: sun[k]!, precipitation: wet[k] === 1 };
      const production = kwhSolar[k]! * panelsCount;
      const inEvent = minute >= eventFrom && minute < eventTo;
      const natural = simulateLoadInterval(profile, home.seed, ctx, env, none, 1).consumptionKwh;
      let used = natural;
      if (called && inEvent && home.behaviour !== 'none') {
        const plugs = home.behaviour === 'little' ? none : offAll;
        used = simulateLoadInterval(profile, home.seed, ctx, env, plugs, EVENT_UNMETERED[home.behaviour]).consumptionKwh;
      }
      let extraKw = 0;
      if (called && home.behaviour === 'precondition') {
        if (minute >= eventFrom - 90 && minute < eventFrom) extraKw = 1.2;
        else if (minute >= eventTo && minute < eventTo + 60) extraKw = 0.8;
      }
      if (called && home.behaviour === 'game_before' && minute >= eventFrom - 240 && minute < eventFrom - 60) extraKw = 2;
      if (gamingDay && minute >= 16 * 60 && minute < 20 * 60) {
        extraKw = 1;
        series.gamingKwh += INTERVAL_HOURS;
      }
      if (home.behaviour === 'game_before' && extraKw === 2) series.gamingKwh += 2 * INTERVAL_HOURS;
      used += extraKw * INTERVAL_HOURS;
      // What the meter's two registers see: the home's use and its supply (panels and battery discharge).
      let supply = production;
      let counterfactualSupply = production;
      let counterfactualUsed = natural;
      if (home.battery) {
        const mode: BatteryMode = !dispatched ? 'ordinary' : inEvent ? 'dispatch' : minute < eventFrom ? 'hold' : 'ordinary';
        const now = batteryStep(home.battery, charge, used, production, mode);
        charge = now.charge;
        // A charging battery is use, a discharging one supply.
        if (now.gridKwh > used - production) used += now.gridKwh - (used - production);
        else supply += used - production - now.gridKwh;
        const without = batteryStep(home.battery, counterfactualCharge, natural, production, 'ordinary');
        counterfactualCharge = without.charge;
        if (without.gridKwh > natural - production) counterfactualUsed += without.gridKwh - (natural - production);
        else counterfactualSupply += natural - production - without.gridKwh;
      }
      const paidOn = (kwh: number, from: number) => (quantity === 'import' ? importAlone(kwh, from, home.seed, ms) : Math.max(0, kwh - from));
      const paid = paidOn(used, supply);
      const read = quantity === 'consumption' ? used : paid;
      const counterfactualPaid = event ? paidOn(counterfactualUsed, counterfactualSupply) : 0;
      day[CLOCKS[k]!] = read;
      counterfactualDay[CLOCKS[k]!] = quantity === 'consumption' ? counterfactualUsed : counterfactualPaid;
      grossDay[CLOCKS[k]!] = used - supply + production;
      productionDay[CLOCKS[k]!] = production;
      if (inEvent) {
        actualTotal += paid;
        counterfactualTotal += counterfactualPaid;
        scoredTotal += read;
      }
    }
    if (night) {
      night.ms = start + CLOCKS.length * INTERVAL_MS;
      night.charge = charge;
    }
    series.readings.set(date, day);
    series.gross?.set(date, grossDay);
    series.production?.set(date, productionDay);
    if (event) {
      series.counterfactualReadings.set(date, counterfactualDay);
      series.actualKwh.set(event.id, actualTotal);
      // A placebo day is an ordinary day: what happened is what would have happened.
      series.counterfactualKwh.set(event.id, event.placebo ? actualTotal : counterfactualTotal);
      series.scoredActualKwh.set(event.id, scoredTotal);
    }
  }
  return series;
}
