import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from './local-time';
import { eventFitProblem, programCoversHome, programProblems, type ProgramShape } from './event-program';

const winter: ProgramShape = {
  provinces: ['QC'],
  fsas: null,
  seasonStart: '2026-12-01',
  seasonEnd: '2027-03-31',
  windows: [
    { weekdays: [1, 2, 3, 4, 5], start: '06:00', end: '10:00' },
    { weekdays: [1, 2, 3, 4, 5], start: '16:00', end: '20:00' },
  ],
  rewardPoints: 150,
  pointsPerKwh: 20,
  targetPercent: 15,
  noticeHours: 12,
  holdoutPercent: 5,
  baselineMethod: 'high-ten-adjusted',
};

describe('program rules', () => {
  it('accepts a valid program', () => {
    expect(programProblems(winter)).toEqual([]);
  });

  it('names each problem', () => {
    expect(programProblems({ ...winter, provinces: ['QC', 'NS'] })).toEqual(['province_not_served']);
    expect(programProblems({ ...winter, provinces: [] })).toEqual(['no_province']);
    expect(programProblems({ ...winter, fsas: ['H2X', 'M5V'] })).toEqual(['fsa_outside_provinces']);
    expect(programProblems({ ...winter, fsas: ['H2'] })).toEqual(['fsa_malformed']);
    expect(programProblems({ ...winter, seasonEnd: '2026-11-30' })).toEqual(['season_ends_before_start']);
    expect(programProblems({ ...winter, windows: [] })).toEqual(['no_window']);
    expect(programProblems({ ...winter, windows: [{ weekdays: [1], start: '10:00', end: '06:00' }] })).toEqual(['window_ends_before_start']);
    expect(programProblems({ ...winter, windows: [{ weekdays: [1], start: '10:00', end: '10:00' }] })).toEqual(['window_ends_before_start']);
    expect(programProblems({ ...winter, windows: [{ weekdays: [], start: '06:00', end: '10:00' }] })).toEqual(['window_no_weekday']);
    expect(programProblems({ ...winter, windows: [{ weekdays: [8], start: '06:00', end: '10:00' }] })).toEqual(['window_no_weekday']);
    expect(programProblems({ ...winter, windows: [{ weekdays: [1], start: '6:00', end: '10:00' }] })).toEqual(['window_time_malformed']);
    expect(programProblems({ ...winter, rewardPoints: 0 })).toEqual(['points_below_one']);
    expect(programProblems({ ...winter, pointsPerKwh: -1 })).toEqual(['points_per_kwh_negative']);
    expect(programProblems({ ...winter, targetPercent: 91 })).toEqual(['target_out_of_range']);
    expect(programProblems({ ...winter, holdoutPercent: 51 })).toEqual(['holdout_out_of_range']);
    expect(programProblems({ ...winter, baselineMethod: 'made-up' })).toEqual(['unknown_baseline_method']);
  });

  it('refuses a second program over the same area in an overlapping season, not one of another area or season', () => {
    const stored = [{ provinces: ['QC'], fsas: null, seasonStart: '2027-03-31', seasonEnd: '2027-04-30' }];
    expect(programProblems(winter, stored)).toEqual(['season_overlaps']);
    expect(programProblems({ ...winter, seasonEnd: '2027-03-30' }, stored)).toEqual([]);
    expect(programProblems({ ...winter, fsas: ['H2X'] }, stored)).toEqual([]);
  });
});

describe('an event against its program', () => {
  const at = (date: string, h: number, m = 0) => zonedTimeToUtc(date, h, m, 'America/Toronto');
  it('fits inside a window on an allowed weekday in season', () => {
    // 2027-01-12 is a Tuesday.
    expect(eventFitProblem(winter, at('2027-01-12', 6), at('2027-01-12', 10))).toBeNull();
    expect(eventFitProblem(winter, at('2027-01-12', 17), at('2027-01-12', 19, 30))).toBeNull();
  });
  it('refuses outside the season, the windows, or the weekdays', () => {
    expect(eventFitProblem(winter, at('2027-04-06', 7), at('2027-04-06', 8))).toBe('outside_season');
    expect(eventFitProblem(winter, at('2026-11-30', 7), at('2026-11-30', 8))).toBe('outside_season');
    expect(eventFitProblem(winter, at('2027-01-12', 9), at('2027-01-12', 11))).toBe('outside_windows');
    expect(eventFitProblem(winter, at('2027-01-12', 12), at('2027-01-12', 13))).toBe('outside_windows');
    // Saturday 2027-01-16.
    expect(eventFitProblem(winter, at('2027-01-16', 7), at('2027-01-16', 8))).toBe('outside_windows');
  });
  it('fits an event across midnight only into a window to 24:00 and one from 00:00 the next day', () => {
    const night = { ...winter, windows: [{ weekdays: [2], start: '22:00', end: '24:00' }, { weekdays: [3], start: '00:00', end: '02:00' }] };
    // Tuesday 2027-01-12 23:00 to Wednesday 01:00.
    expect(eventFitProblem(night, at('2027-01-12', 23), at('2027-01-13', 1))).toBeNull();
    // The morning part runs past the Wednesday window.
    expect(eventFitProblem(night, at('2027-01-12', 23), at('2027-01-13', 3))).toBe('outside_windows');
    // Monday night: the Tuesday-morning window is there, the Monday-evening one is not.
    expect(eventFitProblem(night, at('2027-01-11', 23), at('2027-01-12', 1))).toBe('outside_windows');
    // Wednesday night: no Thursday-morning window.
    expect(eventFitProblem({ ...night, windows: [{ weekdays: [2, 3], start: '22:00', end: '24:00' }] }, at('2027-01-12', 23), at('2027-01-13', 1))).toBe('outside_windows');
  });
  it('reads the window on each province’s clock', () => {
    const west = { ...winter, provinces: ['BC'] };
    // 6–7 AM in Vancouver is 9–10 AM in Toronto.
    expect(eventFitProblem(west, at('2027-01-12', 9), at('2027-01-12', 10))).toBeNull();
    expect(eventFitProblem(west, at('2027-01-12', 6), at('2027-01-12', 7))).toBe('outside_windows');
  });
});

describe('a program’s area', () => {
  it('covers a home by province, and by FSA when it names some', () => {
    expect(programCoversHome({ provinces: ['QC'], fsas: null }, { province: 'QC', postalCode: 'H2X 1Y4' })).toBe(true);
    expect(programCoversHome({ provinces: ['QC'], fsas: ['H2X'] }, { province: 'QC', postalCode: 'h2x1y4' })).toBe(true);
    expect(programCoversHome({ provinces: ['QC'], fsas: ['H3A'] }, { province: 'QC', postalCode: 'H2X 1Y4' })).toBe(false);
    expect(programCoversHome({ provinces: ['QC'], fsas: null }, { province: 'ON', postalCode: 'M5V 2T6' })).toBe(false);
  });
});
