import { z } from 'zod';

/**
 * The Dashboard's first-steps checklist (issue 30), in the order it is shown. A new step is one
 * more id here, its check in the server's first-steps repository and its line in the web's
 * checklist; the free plug joins once plugs can be ordered.
 */
export const FIRST_STEPS = ['confirmEmail', 'connectData', 'eventNotifications', 'eventOptIn'] as const;
export const firstStepIdSchema = z.enum(FIRST_STEPS);
export type FirstStepId = z.infer<typeof firstStepIdSchema>;

/** GET /api/dashboard/first-steps: each step, done or not as the member's own rows say. */
export const firstStepsSchema = z.object({
  steps: z.array(z.object({ id: firstStepIdSchema, done: z.boolean() })),
  /** The member closed the checklist; it is not shown again, whatever is left to do. */
  dismissed: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;

/** A member may ask for another confirmation email once a minute. */
export const VERIFICATION_EMAIL_INTERVAL_MS = 60_000;
