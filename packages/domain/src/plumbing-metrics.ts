/**
 * Plumbing screen rules (docs/product/domain-rules.md#plumbing). Pure:
 * the server feeds them stored readings and rollups. Like solar-metrics, a number that cannot be
 * honestly computed (no data, zero base) is `null`, never 0, Infinity or NaN.
 */

export type EfficiencyKind = 'heating' | 'distribution' | 'electrical';
export type EfficiencyColour = 'green' | 'amber' | 'red';

/** Efficiency targets, in percent. */
export const EFFICIENCY_TARGETS: Readonly<Record<EfficiencyKind, number>> = { heating: 80, distribution: 90, electrical: 85 };
/** "Amber within 10 below target": [target − 10, target) is amber, target − 10 itself included. */
export const AMBER_BAND = 10;

/** Green at or above target, amber within 10 below it (inclusive), red otherwise. */
export function efficiencyColour(kind: EfficiencyKind, percent: number): EfficiencyColour {
  const target = EFFICIENCY_TARGETS[kind];
  if (percent >= target) return 'green';
  if (percent >= target - AMBER_BAND) return 'amber';
  return 'red';
}

/** Environment and Climate Change Canada (2011 Municipal Water Use Report): residential litres per person per day. */
export const CANADIAN_LITRES_PER_PERSON_DAY = 223;
/**
 * Household size when none is stored. The households table always stores `occupants` (default 3,
 * the Toronto census-family average is ≈ 2.9), so this only guards callers with no household row.
 */
export const DEFAULT_OCCUPANTS = 3;

/** The Canadian average scaled to the household: 223 L × persons (invalid sizes fall back to the default). */
export function canadianBenchmarkLitres(occupants: number | null | undefined): number {
  const persons = typeof occupants === 'number' && Number.isInteger(occupants) && occupants > 0 ? occupants : DEFAULT_OCCUPANTS;
  return CANADIAN_LITRES_PER_PERSON_DAY * persons;
}

/** (value − base) ÷ base × 100; null when either is missing or the base is not positive. */
export function percentVersus(value: number | null | undefined, base: number | null | undefined): number | null {
  if (typeof value !== 'number' || typeof base !== 'number' || !Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return null;
  return ((value - base) / base) * 100;
}

/** The mean of the known values; null when none is known (missing days are not zero days). */
export function meanOfKnown(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return known.length === 0 ? null : known.reduce((s, v) => s + v, 0) / known.length;
}

/**
 * Leak rule: water keeps flowing through the whole night. The night window is 01:00–05:00 local
 * (48 five-minute intervals), when a household is normally asleep and nothing should run; a
 * dripping tap or a running toilet flapper shows as flow in every one of them, whereas real use
 * (a flush, a glass of water) leaves most intervals at zero. It fires only when every expected
 * interval was reported and each had flow > 0; with any interval missing the answer is
 * `unknown`, because a gap is not evidence either way.
 */
export const LEAK_WINDOW = { startHour: 1, endHour: 5 } as const;
export type LeakStatus = 'leak' | 'ok' | 'unknown';

export function nightLeakStatus(nightLitres: readonly (number | null | undefined)[], expectedIntervals: number): LeakStatus {
  const known = nightLitres.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (expectedIntervals <= 0 || known.length < expectedIntervals) return 'unknown';
  return known.every((litres) => litres > 0) ? 'leak' : 'ok';
}

/**
 * Supply pressure band for a house: below 40 psi fixtures run weak (the usual municipal minimum
 * at the meter); above 80 psi the Ontario Building Code (7.6.3.3) requires a pressure-reducing valve.
 */
export const PRESSURE_BAND_PSI = { low: 40, high: 80 } as const;
/** A meter may report pressure in kPa only; the band and the tiles work in psi. */
export const KPA_PER_PSI = 6.894757;
export type PressureStatus = 'low' | 'normal' | 'high';

export function pressureStatus(psi: number): PressureStatus {
  if (psi < PRESSURE_BAND_PSI.low) return 'low';
  if (psi > PRESSURE_BAND_PSI.high) return 'high';
  return 'normal';
}

/**
 * Water-heater state from the tank temperature: below 49 °C (120 °F) hot water runs short and the
 * tank is recovering; at or above it, hot water is ready. Health Canada advises storing at 60 °C
 * against Legionella, so a setpoint is usually well above this floor.
 */
export const HOT_WATER_READY_C = 49;
export type HeaterStatus = 'ready' | 'recovering';

export function heaterStatus(tankTempC: number): HeaterStatus {
  return tankTempC >= HOT_WATER_READY_C ? 'ready' : 'recovering';
}

const clampPercent = (v: number) => Math.min(100, Math.max(0, v));

/**
 * Electrical efficiency of the water heater: the electricity the delivered heat would need at the
 * heat pump's own COP (heat ÷ COP), over the electricity actually used. 100 % when the compressor
 * did all the work; lower when the resistive element (COP 1) covered big draws. A resistive-only
 * heater reports no COP, is taken at COP 1 and scores 100 % (all its electricity becomes heat).
 */
export function electricalEfficiencyPercent(heatOverCopKwh: number | null, electricityKwh: number | null): number | null {
  if (heatOverCopKwh === null || electricityKwh === null || !(electricityKwh > 0)) return null;
  return clampPercent((heatOverCopKwh / electricityKwh) * 100);
}

/** Distribution efficiency: share of metered intervals whose supply pressure sat inside the normal band. */
export function distributionEfficiencyPercent(inBandIntervals: number, pressureIntervals: number): number | null {
  if (!(pressureIntervals > 0)) return null;
  return clampPercent((inBandIntervals / pressureIntervals) * 100);
}
