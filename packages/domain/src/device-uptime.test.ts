import { describe, expect, it } from 'vitest';
import { pooledUptimePercent, uptimePercent } from './device-uptime';

describe('device uptime', () => {
  it('is intervals with a reading over intervals in the window', () => {
    expect(uptimePercent(8640, 8640)).toBe(100);
    expect(uptimePercent(4320, 8640)).toBe(50);
    expect(uptimePercent(0, 8640)).toBe(0);
  });

  it('never exceeds 100 and is null for an empty window', () => {
    expect(uptimePercent(9000, 8640)).toBe(100);
    expect(uptimePercent(5, 0)).toBeNull();
  });

  it('pools devices by their expected intervals', () => {
    // 288 of 288 and 0 of 864 → 288 / 1152 = 25%.
    expect(pooledUptimePercent([{ intervalsWithReading: 288, intervalsInWindow: 288 }, { intervalsWithReading: 0, intervalsInWindow: 864 }])).toBe(25);
    expect(pooledUptimePercent([])).toBeNull();
  });
});
