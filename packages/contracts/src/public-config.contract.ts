import { z } from 'zod';

/**
 * GET /api/public-config: what the browser needs to know about this server before anyone signs
 * in. The public pages are prerendered (decision 053), so they cannot know it at build time.
 */
export const publicConfigSchema = z.object({
  /** Whether the shared demo account is offered here (`DEMO_ACCOUNT`, decision 082). */
  demoAccount: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
