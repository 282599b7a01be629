import { z } from 'zod';

/** Every 4xx/5xx body from /api: a stable code for the client to translate, and an English message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
