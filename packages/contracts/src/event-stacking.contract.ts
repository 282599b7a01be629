import { z } from 'zod';

/**
 * More than one program (issue 32, decision 108): why an event cannot be joined beside another,
 * and, before opting in, which event pays for which part of its window.
 */

export const STACKING_MESSAGES = {
  thisProgramExclusive: 'This program does not allow taking part in another program’s event at the same time, and your home takes part in one.',
  otherProgramExclusive: 'Your home takes part in an event at the same time whose program does not allow taking part in another program’s event.',
} as const;

/** The 409 code of an opt-in refused for that reason. */
export const STACKING_CONFLICT_CODE = 'exclusive_program';

export const stackingConflictReasonSchema = z.enum(['this_program_exclusive', 'other_program_exclusive']);

/** The event the home takes part in that keeps it out of this one. */
export const stackingConflictSchema = z.object({
  reason: stackingConflictReasonSchema,
  eventId: z.string(),
  programName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type StackingConflictView = z.infer<typeof stackingConflictSchema>;

/** A stretch of the event's window and the event that pays it (the one with the higher rate). */
export const payShareSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  eventId: z.string(),
  programName: z.string(),
  /** This event pays the stretch; otherwise the other event does, and this one sees it as paid. */
  thisEvent: z.boolean(),
});
export type PayShare = z.infer<typeof payShareSchema>;
