import { HOLDOUT_PERCENT_DEFAULT } from '@peakwise/domain/event-holdout';
import { z } from 'zod';
import { BASELINE_METHODS, PROGRAM_STATUSES, type ProgramProblem } from '@peakwise/domain/event-program';
import { singleLine } from './single-line-text';

/**
 * Programs as operators' data (decision 103): the shape an operator sends and reads back, and what
 * a member is shown of the programs covering their home. The contract checks types and bounds;
 * the domain (event-program) says which combinations make a program, with a reason for each.
 */

export const PROGRAM_PROBLEM_MESSAGES: Record<ProgramProblem, string> = {
  province_not_served: 'A program can cover only the provinces Peakwise serves: Ontario, British Columbia, Alberta and Québec.',
  no_province: 'Choose at least one province.',
  fsa_malformed: 'A postal area is three characters, like H2X.',
  fsa_outside_provinces: 'Each postal area must be in one of the program’s provinces.',
  season_ends_before_start: 'The season must end on or after the day it starts.',
  no_window: 'Give at least one window when events may run.',
  window_no_weekday: 'Each window needs at least one weekday.',
  window_ends_before_start: 'Each window must end after it starts.',
  window_time_malformed: 'Window times are written HH:MM.',
  points_below_one: 'Points per event must be at least 1.',
  points_per_kwh_negative: 'Points per kWh cannot be negative.',
  target_out_of_range: 'The target reduction must be between 1% and 90%.',
  notice_out_of_range: 'Notice must be between 0 and 168 hours.',
  holdout_out_of_range: 'The hold-out share must be between 0% and 50%.',
  unknown_baseline_method: 'Unknown baseline method.',
  season_overlaps: 'Another program already covers this area in an overlapping season.',
};

export const PROGRAM_MESSAGES = {
  invalid: 'The program is not valid.',
  notFound: 'No such program.',
  ended: 'This program has ended; it can no longer be changed.',
  nameTaken: 'Another program already has this name.',
  notActive: 'This program is paused or ended: it takes no new events.',
  outsideSeason: 'The event falls outside the program’s season.',
  outsideWindows: 'The event falls outside the program’s event windows.',
} as const;

const name = singleLine(z.string().trim().min(1).max(80));
const clock = z.string().max(5);

export const programWindowSchema = z.object({
  /** ISO weekdays, 1 = Monday. */
  weekdays: z.array(z.number().int()).max(7),
  start: clock,
  end: clock,
});

export const programStatusSchema = z.enum(PROGRAM_STATUSES);

/** POST /api/ops/programs. */
export const programInputSchema = z.object({
  name,
  nameFr: name,
  provinces: z.array(z.string().max(2)).max(13),
  /** Postal areas (FSAs); null or absent: the whole provinces. */
  fsas: z.array(z.string().trim().toUpperCase().max(3)).max(500).nullable().optional(),
  seasonStart: z.iso.date(),
  seasonEnd: z.iso.date(),
  windows: z.array(programWindowSchema).max(14),
  noticeHours: z.number().int(),
  rewardPoints: z.number().int(),
  pointsPerKwh: z.number().int().optional(),
  targetPercent: z.number().int(),
  baselineMethod: z.enum(BASELINE_METHODS).optional(),
  holdoutPercent: z.number().int().optional(),
  stacks: z.boolean().optional(),
  preheat: z.boolean().optional(),
});
export type ProgramInput = z.infer<typeof programInputSchema>;

/** PATCH /api/ops/programs/{id}: any field, and the status (pause, resume, end). */
export const programUpdateSchema = programInputSchema.partial().extend({ status: programStatusSchema.optional() });
export type ProgramUpdate = z.infer<typeof programUpdateSchema>;

export const programSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameFr: z.string(),
  provinces: z.array(z.string()),
  fsas: z.array(z.string()).nullable(),
  seasonStart: z.string(),
  seasonEnd: z.string(),
  windows: z.array(programWindowSchema),
  noticeHours: z.number().int(),
  rewardPoints: z.number().int(),
  pointsPerKwh: z.number().int(),
  targetPercent: z.number().int(),
  baselineMethod: z.string(),
  holdoutPercent: z.number().int(),
  stacks: z.boolean(),
  preheat: z.boolean(),
  status: programStatusSchema,
});
export type Program = z.infer<typeof programSchema>;

/** A program with the households it reaches (the console's list; kept out of events.contract, which the Dashboard loads); the defaults keep their older names. */
export const opsProgramSchema = programSchema.extend({
  defaultRewardPoints: z.number().int(),
  defaultTargetPercent: z.number().int(),
  reach: z.number().int(),
});
export type OpsProgram = z.infer<typeof opsProgramSchema>;

export const PROGRAM_DEFAULTS = { pointsPerKwh: 0, baselineMethod: BASELINE_METHODS[0], holdoutPercent: HOLDOUT_PERCENT_DEFAULT, stacks: false, preheat: false } as const;

/** GET /api/programs: the member's view of where they live and the programs covering it. */
export const memberProgramsSchema = z.object({
  /** served: a province Peakwise serves; outside: one it does not serve yet. */
  place: z.enum(['served', 'outside']),
  province: z.string(),
  programs: z.array(
    programSchema.pick({ id: true, name: true, nameFr: true, seasonStart: true, seasonEnd: true, windows: true, noticeHours: true, rewardPoints: true, pointsPerKwh: true, targetPercent: true, preheat: true, status: true }).extend({
      /** The home has opted in to at least one of its events. */
      takingPart: z.boolean(),
      timeZone: z.string(),
    }),
  ),
  /** The member asked to be told when a program starts here (and has not been told yet). */
  notifyWhenStarts: z.boolean(),
});
export type MemberPrograms = z.infer<typeof memberProgramsSchema>;

export const programStartNoticeSchema = z.object({ notify: z.boolean() });
