import { describe, expect, it } from 'vitest';
import { dayLengthHours, solarNoonUtc, sunPosition, SUNRISE_ZENITH_DEG } from './sun-position';

const TORONTO = { lat: 43.65, lon: -79.38 };
const JUNE_SOLSTICE = Date.UTC(2026, 5, 21);
const DECEMBER_SOLSTICE = Date.UTC(2026, 11, 21);

function noonElevation(day: number): number {
  return sunPosition(TORONTO.lat, TORONTO.lon, solarNoonUtc(TORONTO.lon, day)).elevationDeg;
}

/** Minutes with the sun's centre above the refraction-corrected horizon, scanned minute by minute. */
function scannedDayLengthMin(day: number): number {
  let minutes = 0;
  for (let m = 0; m < 1440; m += 1) {
    const t = solarNoonUtc(TORONTO.lon, day) - 720 * 60_000 + m * 60_000;
    if (sunPosition(TORONTO.lat, TORONTO.lon, t).zenithDeg < SUNRISE_ZENITH_DEG) minutes += 1;
  }
  return minutes;
}

describe('sunPosition (NOAA / Spencer)', () => {
  it('puts Toronto solar noon at 90 − φ ± 23.44°', () => {
    expect(noonElevation(JUNE_SOLSTICE)).toBeCloseTo(69.8, 0);
    expect(Math.abs(noonElevation(JUNE_SOLSTICE) - 69.8)).toBeLessThan(1);
    expect(Math.abs(noonElevation(DECEMBER_SOLSTICE) - 22.9)).toBeLessThan(1);
  });

  it('faces due south at solar noon and east in the morning', () => {
    const noon = solarNoonUtc(TORONTO.lon, JUNE_SOLSTICE);
    expect(sunPosition(TORONTO.lat, TORONTO.lon, noon).azimuthDeg).toBeCloseTo(180, 0);
    const morning = sunPosition(TORONTO.lat, TORONTO.lon, noon - 4 * 3_600_000).azimuthDeg;
    expect(morning).toBeGreaterThan(60);
    expect(morning).toBeLessThan(130);
  });

  it('keeps the sun below the horizon at local midnight', () => {
    // 05:00 UTC is 01:00 EDT / 00:00 EST; Toronto solar midnight is close to 05:20 UTC.
    for (const day of [JUNE_SOLSTICE, DECEMBER_SOLSTICE, Date.UTC(2026, 2, 20)]) {
      expect(sunPosition(TORONTO.lat, TORONTO.lon, day + 5 * 3_600_000).elevationDeg).toBeLessThan(-20);
    }
  });

  it('gives Toronto ≈ 15 h 26 min of daylight in June and ≈ 9 h in December', () => {
    const june = dayLengthHours(TORONTO.lat, TORONTO.lon, JUNE_SOLSTICE) * 60;
    const december = dayLengthHours(TORONTO.lat, TORONTO.lon, DECEMBER_SOLSTICE) * 60;
    expect(Math.abs(june - (15 * 60 + 26))).toBeLessThan(10);
    expect(Math.abs(december - 9 * 60)).toBeLessThan(10);
    // The analytic sunrise equation agrees with scanning the position model itself.
    expect(Math.abs(scannedDayLengthMin(JUNE_SOLSTICE) - june)).toBeLessThan(3);
    expect(Math.abs(scannedDayLengthMin(DECEMBER_SOLSTICE) - december)).toBeLessThan(3);
  });
});
