import { MISSING, formatNumber } from '@/lib/format';

// A no-break space keeps the unit on the number's line.
const withUnit = (value: number | null | undefined, locale: string, digits: number, unit: string) =>
  typeof value === 'number' && Number.isFinite(value) ? `${formatNumber(value, locale, digits)}\u00a0${unit}` : MISSING;

export const formatLitres = (value: number | null | undefined, locale: string, digits = 0) => withUnit(value, locale, digits, 'L');
// A dripping tap runs at ≈ 0.02 L/min: small flows keep two decimals so they do not read as 0.0.
export const formatLpm = (value: number | null | undefined, locale: string) => withUnit(value, locale, typeof value === 'number' && Math.abs(value) < 1 ? 2 : 1, 'L/min');
export const formatPsi = (value: number | null | undefined, locale: string) => withUnit(value, locale, 0, 'psi');
export const formatKpa = (value: number | null | undefined, locale: string) => withUnit(value, locale, 0, 'kPa');
export const formatCelsius = (value: number | null | undefined, locale: string) => withUnit(value, locale, 1, '°C');
