import { describe, expect, it } from 'vitest';
import { reliabilityFromHours } from './reliability';

const H = 3_600_000;
const t0 = Date.UTC(2026, 9, 1);
const hour = (i: number) => t0 + i * H;

describe('MTBF and MTTR from missing intervals', () => {
  it('a device watched for 30 days with two outages (3 h and 1.5 h)', () => {
    const hours = 30 * 24;
    const imperfect = [
      // 3 whole hours without a reading.
      { startMs: hour(100), missing: 12 },
      { startMs: hour(101), missing: 12 },
      { startMs: hour(102), missing: 12 },
      // 45 minutes at the end of one hour and 45 at the start of the next: one 1.5 h outage.
      { startMs: hour(400), missing: 9 },
      { startMs: hour(401), missing: 9 },
    ];
    const r = reliabilityFromHours(hour(0), hour(hours - 1), imperfect);
    expect(r).toEqual({ source: 'observed', failures: 2, watchedHours: 720, mttrHours: 2.25, mtbfHours: (720 - 4.5) / 2 });
  });

  it('ignores lost messages shorter than 15 minutes, and hours outside the watched span', () => {
    const r = reliabilityFromHours(hour(0), hour(47), [
      { startMs: hour(5), missing: 1 },
      { startMs: hour(6), missing: 1 },
      { startMs: hour(30), missing: 2 },
      { startMs: hour(60), missing: 12 },
    ]);
    expect(r).toEqual({ source: 'no_failures', failures: 0, mtbfHours: 48, mttrHours: null, watchedHours: 48 });
  });

  it('the same outage given in any order counts once; separate hours count separately', () => {
    const a = reliabilityFromHours(hour(0), hour(99), [
      { startMs: hour(11), missing: 12 },
      { startMs: hour(10), missing: 4 },
      { startMs: hour(50), missing: 6 },
    ]);
    expect(a).toMatchObject({ failures: 2, mttrHours: ((16 + 6) * 5) / 60 / 2 });
    // MTBF in days as the table shows it: hours ÷ 24.
    expect(a!.mtbfHours / 24).toBeCloseTo((100 - (22 * 5) / 60) / 2 / 24, 10);
  });

  it('is null when nothing was watched', () => {
    expect(reliabilityFromHours(hour(5), hour(4), [])).toBeNull();
  });
});
