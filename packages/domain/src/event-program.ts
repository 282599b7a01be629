import { addDays, isoWeekday, localDateOf, localParts, type LocalDate } from './local-time';
import { DEFAULT_SERVICEABLE_PROVINCES, type ProvinceCode } from './postal-code';
import { provinceTimeZone } from './province-time-zone';
import { HOLDOUT_PERCENT_MAX } from './event-holdout';

/**
 * An operator's program (decision 103): where it runs, in which season and windows, on what terms.
 * Pure rules: what makes a program valid, and whether an event fits it.
 */

export const PROGRAM_STATUSES = ['active', 'paused', 'ended'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/** Named baseline methods; only today's rule (decision 029) is settled, so it is the only one accepted. */
export const BASELINE_METHODS = ['high-ten-adjusted'] as const;
export type BaselineMethod = (typeof BASELINE_METHODS)[number];

export const MAX_NOTICE_HOURS = 168;

/** Where a program can run: the provinces Peakwise serves. */
export const PROGRAM_PROVINCES: readonly ProvinceCode[] = DEFAULT_SERVICEABLE_PROVINCES;

/** ISO weekdays (1 = Monday) and a wall-clock span, "HH:MM", in the home's local time. */
export type ProgramWindow = { weekdays: number[]; start: string; end: string };

export type ProgramArea = { provinces: string[]; fsas: string[] | null };
export type ProgramSeason = { seasonStart: LocalDate; seasonEnd: LocalDate };
export type ProgramShape = ProgramArea &
  ProgramSeason & {
    windows: ProgramWindow[];
    rewardPoints: number;
    pointsPerKwh: number;
    targetPercent: number;
    noticeHours: number;
    holdoutPercent: number;
    baselineMethod: string;
  };

export type ProgramProblem =
  | 'province_not_served'
  | 'no_province'
  | 'fsa_malformed'
  | 'fsa_outside_provinces'
  | 'season_ends_before_start'
  | 'no_window'
  | 'window_no_weekday'
  | 'window_ends_before_start'
  | 'window_time_malformed'
  | 'points_below_one'
  | 'points_per_kwh_negative'
  | 'target_out_of_range'
  | 'notice_out_of_range'
  | 'holdout_out_of_range'
  | 'unknown_baseline_method'
  | 'season_overlaps';

const FSA = /^[A-Z]\d[A-Z]$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A window may end at midnight, "24:00". */
const END_CLOCK = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const FSA_PROVINCE: Record<string, ProvinceCode> = { G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON', T: 'AB', V: 'BC' };

export const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The same area: the same provinces and the same FSAs (or none), in any order. */
export function sameArea(a: ProgramArea, b: ProgramArea): boolean {
  const key = (area: ProgramArea) => `${[...area.provinces].sort().join(',')}|${area.fsas ? [...area.fsas].sort().join(',') : '*'}`;
  return key(a) === key(b);
}

export function seasonsOverlap(a: ProgramSeason, b: ProgramSeason): boolean {
  return a.seasonStart <= b.seasonEnd && b.seasonStart <= a.seasonEnd;
}

/**
 * Every reason the program is refused, empty when it is valid. `others` are the programs already
 * stored (less the one being edited, and less ended ones): two programs over the same area in
 * overlapping seasons would be one program entered twice. Different areas may overlap (a city's
 * program inside a province's): whether a home takes part in both is the stacking rule's to say.
 */
export function programProblems(program: ProgramShape, others: readonly (ProgramArea & ProgramSeason)[] = []): ProgramProblem[] {
  const problems = new Set<ProgramProblem>();
  if (program.provinces.length === 0) problems.add('no_province');
  for (const p of program.provinces) if (!PROGRAM_PROVINCES.includes(p as ProvinceCode)) problems.add('province_not_served');
  for (const fsa of program.fsas ?? []) {
    if (!FSA.test(fsa)) problems.add('fsa_malformed');
    else if (!program.provinces.includes(FSA_PROVINCE[fsa[0]!] ?? '')) problems.add('fsa_outside_provinces');
  }
  if (program.seasonEnd < program.seasonStart) problems.add('season_ends_before_start');
  if (program.windows.length === 0) problems.add('no_window');
  for (const w of program.windows) {
    if (w.weekdays.length === 0 || w.weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) problems.add('window_no_weekday');
    if (!CLOCK.test(w.start) || !END_CLOCK.test(w.end)) problems.add('window_time_malformed');
    else if (clockMinutes(w.end) <= clockMinutes(w.start)) problems.add('window_ends_before_start');
  }
  if (!Number.isInteger(program.rewardPoints) || program.rewardPoints < 1) problems.add('points_below_one');
  if (!Number.isInteger(program.pointsPerKwh) || program.pointsPerKwh < 0) problems.add('points_per_kwh_negative');
  if (!Number.isInteger(program.targetPercent) || program.targetPercent < 1 || program.targetPercent > 90) problems.add('target_out_of_range');
  if (!Number.isInteger(program.noticeHours) || program.noticeHours < 0 || program.noticeHours > MAX_NOTICE_HOURS) problems.add('notice_out_of_range');
  if (!Number.isInteger(program.holdoutPercent) || program.holdoutPercent < 0 || program.holdoutPercent > HOLDOUT_PERCENT_MAX) problems.add('holdout_out_of_range');
  if (!(BASELINE_METHODS as readonly string[]).includes(program.baselineMethod)) problems.add('unknown_baseline_method');
  if (others.some((o) => sameArea(o, program) && seasonsOverlap(o, program))) problems.add('season_overlaps');
  return [...problems];
}

export type EventFitProblem = 'outside_season' | 'outside_windows';

/** The zones an event of the program is read in: each province's own (an event must fit them all). */
export function programTimeZones(provinces: readonly string[]): string[] {
  return [...new Set(provinces.map((p) => provinceTimeZone(p as ProvinceCode)))];
}

/**
 * Whether an event fits the program: its local dates inside the season, and its whole span inside
 * one allowed window on its weekday, in every zone the program covers. Null when it fits.
 */
export function eventFitProblem(program: ProgramSeason & { windows: readonly ProgramWindow[]; provinces: readonly string[] }, startsAt: Date, endsAt: Date): EventFitProblem | null {
  for (const zone of programTimeZones(program.provinces)) {
    const startDate = localDateOf(startsAt, zone);
    const lastInstant = new Date(endsAt.getTime() - 1);
    const endDate = localDateOf(lastInstant, zone);
    if (startDate < program.seasonStart || endDate > program.seasonEnd) return 'outside_season';
    // A window never crosses midnight; an event that does (decision 102 scores it) fits when its
    // evening fits a window running to 24:00 and its morning one starting at 00:00 the next day.
    const nextDay = addDays(startDate, 1);
    if (endDate !== startDate && endDate !== nextDay) return 'outside_windows';
    const weekday = isoWeekday(startDate);
    const s = localParts(startsAt, zone);
    const e = localParts(endsAt, zone);
    const startMin = s.hour * 60 + s.minute + s.second / 60;
    const endClock = e.hour * 60 + e.minute + e.second / 60;
    // An event ending at local midnight ends at 24:00 of its day.
    const endMin = localDateOf(endsAt, zone) === startDate ? endClock : 24 * 60;
    const within = (day: number, from: number, to: number) => program.windows.some((w) => w.weekdays.includes(day) && from >= clockMinutes(w.start) && to <= clockMinutes(w.end));
    const fits =
      endDate === startDate
        ? within(weekday, startMin, endMin)
        : within(weekday, startMin, 24 * 60) && within(isoWeekday(nextDay), 0, endClock);
    if (!fits) return 'outside_windows';
  }
  return null;
}

/** Does the program's area take in this home? The same rule as the SQL one (events.repository `inArea`). */
export function programCoversHome(area: ProgramArea, home: { province: string; postalCode: string | null }): boolean {
  if (!area.provinces.includes(home.province)) return false;
  if (!area.fsas) return true;
  const fsa = (home.postalCode ?? '').replace(/\s/g, '').toUpperCase().slice(0, 3);
  return area.fsas.includes(fsa);
}
