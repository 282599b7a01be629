import { describe, expect, it } from 'vitest';
import { isOffline, outageOn } from './device-outages';
import { DAY_MS, INTERVAL_MS } from '@peakwise/domain/time-constants';

describe('device outages', () => {
  const spec = { perDay: 0.05, maxHours: 6 };

  it('happen on about perDay of the days, last 15 minutes to maxHours, and take the device off for exactly that span', () => {
    let days = 0;
    for (let d = 20_000; d < 22_000; d += 1) {
      const outage = outageOn(7, 'demo-camera-front', spec, d);
      if (!outage) continue;
      days += 1;
      expect(outage.end - outage.start).toBeGreaterThanOrEqual(15 * 60_000);
      expect(outage.end - outage.start).toBeLessThanOrEqual(6 * 3_600_000);
      const first = Math.ceil(outage.start / INTERVAL_MS) * INTERVAL_MS;
      expect(isOffline(7, 'demo-camera-front', spec, first)).toBe(true);
      expect(isOffline(7, 'demo-camera-front', spec, first - INTERVAL_MS)).toBe(outage.start <= first - INTERVAL_MS);
    }
    // 2,000 days at 5 %: 100 expected; a binomial ±4σ band.
    expect(days).toBeGreaterThan(60);
    expect(days).toBeLessThan(140);
  });

  it('never for a device without an outage spec, and the same answer every time', () => {
    expect(isOffline(7, 'demo-plug-tv', undefined, 20_500 * DAY_MS)).toBe(false);
    const a = [...Array(288).keys()].map((i) => isOffline(3, 'x', { perDay: 1, maxHours: 2 }, 20_500 * DAY_MS + i * INTERVAL_MS));
    const b = [...Array(288).keys()].map((i) => isOffline(3, 'x', { perDay: 1, maxHours: 2 }, 20_500 * DAY_MS + i * INTERVAL_MS));
    expect(a).toEqual(b);
    expect(a.some(Boolean)).toBe(true);
  });
});
