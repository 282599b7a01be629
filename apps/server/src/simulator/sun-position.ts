import { DAY_MS } from '@peakwise/domain/time-constants';

/**
 * Solar geometry from NOAA's "General Solar Position Calculations" (NOAA Global Monitoring
 * Division), which use Spencer's (1971) Fourier series for the equation of time and declination.
 * Accuracy is about ±0.5° — ample for 5-minute PV output, and cheap enough to run per interval.
 */

const DEG = Math.PI / 180;
/** Zenith at apparent sunrise/sunset: 90° + 34′ refraction + 16′ solar semi-diameter (NOAA). */
export const SUNRISE_ZENITH_DEG = 90.833;

export interface SunPosition {
  /** Geometric elevation above the horizon, degrees (negative at night). */
  elevationDeg: number;
  zenithDeg: number;
  /** Clockwise from true north: 90 east, 180 south, 270 west. */
  azimuthDeg: number;
  declinationDeg: number;
  equationOfTimeMin: number;
  /** 0 at local solar noon, negative in the morning, 15° per hour. */
  hourAngleDeg: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Spencer's fractional year γ (radians) at a UTC instant, as NOAA defines it. */
function fractionalYear(utcMs: number): number {
  const d = new Date(utcMs);
  const year = d.getUTCFullYear();
  const dayOfYear = Math.floor((utcMs - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
  const hour = d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600;
  const daysInYear = isLeapYear(year) ? 366 : 365;
  return ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (hour - 12) / 24);
}

/** Equation of time in minutes (Spencer 1971 via NOAA). */
export function equationOfTimeMinutes(utcMs: number): number {
  const g = fractionalYear(utcMs);
  return (
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g))
  );
}

/** Solar declination in radians (Spencer 1971 via NOAA). */
export function declinationRad(utcMs: number): number {
  const g = fractionalYear(utcMs);
  return (
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g)
  );
}

export function sunPosition(latitudeDeg: number, longitudeDeg: number, utc: Date | number): SunPosition {
  const utcMs = typeof utc === 'number' ? utc : utc.getTime();
  const eqTime = equationOfTimeMinutes(utcMs);
  const decl = declinationRad(utcMs);
  // True solar time in minutes: UTC clock + equation of time + 4 min per degree of longitude.
  const minutesUtc = (((utcMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  const trueSolarMin = minutesUtc + eqTime + 4 * longitudeDeg;
  const hourAngleDeg = ((((trueSolarMin / 4 - 180) % 360) + 540) % 360) - 180;
  const ha = hourAngleDeg * DEG;
  const lat = latitudeDeg * DEG;

  const cosZenith = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
  const zenith = Math.acos(Math.max(-1, Math.min(1, cosZenith)));
  // atan2 form of NOAA's azimuth: well-defined at noon and free of the sign ambiguity of acos.
  const azimuth =
    Math.atan2(Math.sin(ha), Math.cos(ha) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat)) / DEG + 180;

  return {
    elevationDeg: 90 - zenith / DEG,
    zenithDeg: zenith / DEG,
    azimuthDeg: azimuth % 360,
    declinationDeg: decl / DEG,
    equationOfTimeMin: eqTime,
    hourAngleDeg,
  };
}

/** UTC instant (ms) of solar noon on the UTC calendar day containing `day` (NOAA). */
export function solarNoonUtc(longitudeDeg: number, day: Date | number): number {
  const ms = typeof day === 'number' ? day : day.getTime();
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  // Iterate once: the equation of time is evaluated at the first estimate of noon.
  let noonMin = 720 - 4 * longitudeDeg;
  noonMin = 720 - 4 * longitudeDeg - equationOfTimeMinutes(midnight + noonMin * 60_000);
  return midnight + noonMin * 60_000;
}

/**
 * Hours from apparent sunrise to sunset (refraction-corrected zenith 90.833°):
 * cos(ha) = cos(90.833°) / (cos φ cos δ) − tan φ tan δ. 0 in polar night, 24 in midnight sun.
 */
export function dayLengthHours(latitudeDeg: number, longitudeDeg: number, day: Date | number): number {
  const noon = solarNoonUtc(longitudeDeg, day);
  const lat = latitudeDeg * DEG;
  const decl = declinationRad(noon);
  const cosHa =
    Math.cos(SUNRISE_ZENITH_DEG * DEG) / (Math.cos(lat) * Math.cos(decl)) - Math.tan(lat) * Math.tan(decl);
  if (cosHa >= 1) return 0;
  if (cosHa <= -1) return 24;
  return (2 * Math.acos(cosHa)) / DEG / 15;
}
