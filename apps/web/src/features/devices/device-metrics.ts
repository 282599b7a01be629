import { formatCelsius, formatNumber, MISSING } from '@/lib/format';

type Unit = { intl?: string; suffix?: string; digits: number; tight?: boolean };

/**
 * The metrics a device kind sends (see the simulator's traces), with their units. Keys not listed
 * here are left out of the panel: they have no translated label.
 */
export const METRIC_UNITS = {
  brightnessPct: { intl: 'percent', digits: 0 },
  indoorTempC: { intl: 'celsius', digits: 1 },
  roomTempC: { intl: 'celsius', digits: 1 },
  temperatureC: { intl: 'celsius', digits: 1 },
  setpointC: { intl: 'celsius', digits: 1 },
  outdoorTempC: { intl: 'celsius', digits: 1 },
  humidityPct: { intl: 'percent', digits: 0 },
  motionEvents: { digits: 0 },
  bitrateKbps: { intl: 'kilobit-per-second', digits: 0 },
  // Video lines: "1080p" is how cameras and people say it, never grouped or spaced.
  resolutionP: { suffix: 'p', digits: 0, tight: true },
  irradianceWm2: { suffix: 'W/m²', digits: 0 },
  cellTempC: { intl: 'celsius', digits: 1 },
  snowCoverPct: { intl: 'percent', digits: 0 },
  cycles: { digits: 0 },
  cycleMinutes: { intl: 'minute', digits: 0 },
  tankTempC: { intl: 'celsius', digits: 1 },
  inletTempC: { intl: 'celsius', digits: 1 },
  flowLpm: { intl: 'liter-per-minute', digits: 1 },
  pressureKpa: { suffix: 'kPa', digits: 0 },
  litres: { intl: 'liter', digits: 1 },
} satisfies Record<string, Unit>;

export type MetricKey = keyof typeof METRIC_UNITS;

export const isKnownMetric = (key: string): key is MetricKey => Object.hasOwn(METRIC_UNITS, key);

export function formatMetric(key: MetricKey, value: number, locale: string): string {
  const unit: Unit = METRIC_UNITS[key];
  // Every temperature is to a tenth of a degree, written as everywhere else in the app.
  if (unit.intl === 'celsius') return formatCelsius(value, locale);
  if (unit.intl) {
    // Percent metrics are already in percent, so they use the unit form, not style "percent".
    return new Intl.NumberFormat(locale, { style: 'unit', unit: unit.intl, unitDisplay: 'short', maximumFractionDigits: unit.digits }).format(value);
  }
  if (unit.tight) return `${Math.round(value)}${unit.suffix ?? ''}`;
  const number = formatNumber(value, locale, unit.digits);
  return unit.suffix ? `${number}\u00a0${unit.suffix}` : number;
}

/** Device power in watts: a lamp's 9 W reads better than "0.01 kW". */
export const formatWatts = (watts: number | null, locale: string) => (watts === null ? MISSING : `${formatNumber(watts, locale, watts < 10 ? 1 : 0)}\u00a0W`);
