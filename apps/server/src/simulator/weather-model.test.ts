import { describe, expect, it } from 'vitest';
import { TORONTO_CLIMATE } from './climate';
import { type SkyRegime, climateSeed, dayWeather, skyRegimeForDay, weatherAt } from './weather-model';

const TORONTO = { latitude: 43.65, longitude: -79.38, climate: TORONTO_CLIMATE };
const DAY = 86_400_000;

function regimeShare(months: number[], regime: SkyRegime): number {
  let hits = 0;
  let days = 0;
  for (let year = 2020; year < 2030; year += 1) {
    for (let d = 0; d < 365; d += 1) {
      const ms = Date.UTC(year, 0, 1) + d * DAY;
      if (!months.includes(new Date(ms).getUTCMonth())) continue;
      days += 1;
      if (skyRegimeForDay(TORONTO_CLIMATE, 7, ms / DAY) === regime) hits += 1;
    }
  }
  return hits / days;
}

describe('weather model', () => {
  it('is more often overcast in Nov–Jan than in Jun–Aug', () => {
    const winter = regimeShare([10, 11, 0], 'overcast');
    const summer = regimeShare([5, 6, 7], 'overcast');
    expect(winter).toBeGreaterThan(0.35);
    expect(summer).toBeLessThan(0.25);
    expect(regimeShare([5, 6, 7], 'clear')).toBeGreaterThan(regimeShare([10, 11, 0], 'clear'));
  });

  it('keeps Toronto air temperatures in their seasonal range', () => {
    const at = (y: number, m: number, d: number, h: number) => weatherAt(TORONTO, 1, Date.UTC(y, m, d, h)).airTempC;
    let january = 0;
    let july = 0;
    for (let d = 1; d <= 28; d += 1) {
      january += at(2026, 0, d, 17) / 28;
      july += at(2026, 6, d, 19) / 28;
    }
    expect(january).toBeGreaterThan(-15);
    expect(january).toBeLessThan(3);
    expect(july).toBeGreaterThan(20);
    expect(july).toBeLessThan(32);
  });

  it('puts snow on the panels only in cold weather and bounds soiling', () => {
    const seed = climateSeed(TORONTO_CLIMATE, 1);
    for (let day = 20_000; day < 20_730; day += 1) {
      const w = dayWeather(TORONTO_CLIMATE, seed, day);
      if (w.snowfall) expect(w.meanTempC).toBeLessThan(0.5);
      expect(w.snowCover).toBeGreaterThanOrEqual(0);
      expect(w.snowCover).toBeLessThanOrEqual(1);
      expect(w.soilingLoss).toBeLessThanOrEqual(0.05);
    }
  });

  it('is a pure function of seed and time', () => {
    const t = Date.UTC(2026, 4, 3, 17, 2, 30);
    expect(weatherAt(TORONTO, 11, t)).toEqual(weatherAt(TORONTO, 11, t));
    const clouds = (seed: number) =>
      Array.from({ length: 200 }, (_, i) => weatherAt(TORONTO, seed, t + i * 3_600_000).clearSkyIndex);
    expect(clouds(11)).not.toEqual(clouds(12));
  });
});
