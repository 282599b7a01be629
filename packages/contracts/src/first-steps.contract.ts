import { z } from 'zod';

/**
 * The Dashboard's first-steps checklist (issue 30), in the order it is shown. A new step is one
 * more id here, its check in the server's first-steps repository and its line in the web's
 * checklist.
 */
export const FIRST_STEPS = ['confirmEmail', 'freePlug', 'connectData', 'eventNotifications', 'eventOptIn'] as const;
export const firstStepIdSchema = z.enum(FIRST_STEPS);
export type FirstStepId = z.infer<typeof firstStepIdSchema>;

/**
 * The household's free smart plug (decision 090): not ordered yet, skipped ("I already have a
 * plug"), or its order's fulfilment status with the carrier and tracking number once shipped.
 */
export const FREE_PLUG_STATUSES = ['available', 'skipped', 'ordered', 'shipped', 'delivered'] as const;
export const freePlugStatusSchema = z.enum(FREE_PLUG_STATUSES);
export type FreePlugStatus = z.infer<typeof freePlugStatusSchema>;
export const freePlugSchema = z.object({
  status: freePlugStatusSchema,
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  orderedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type FreePlug = z.infer<typeof freePlugSchema>;

/** GET /api/dashboard/first-steps: each step, done or not as the member's own rows say. */
export const firstStepsSchema = z.object({
  steps: z.array(z.object({ id: firstStepIdSchema, done: z.boolean() })),
  /** The member closed the checklist; it is not shown again, whatever is left to do. */
  dismissed: z.boolean(),
  freePlug: freePlugSchema,
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;

/** A member may ask for another confirmation email once a minute. */
export const VERIFICATION_EMAIL_INTERVAL_MS = 60_000;
