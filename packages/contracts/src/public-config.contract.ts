import { z } from 'zod';

/** How members reach support by e-mail: the same everywhere, so a constant and not configuration. */
export const SUPPORT_EMAIL = 'support@peakwise.ca';

/** Digits with the usual separators and an optional leading +: nothing else reaches a page or a tel: link. */
export const SUPPORT_PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,28}[0-9]$/;

/**
 * GET /api/public-config: what the browser needs to know about this server before anyone signs
 * in. The public pages are prerendered (decision 053), so they cannot know it at build time.
 */
export const publicConfigSchema = z.object({
  /** Whether the shared demo account is offered here (`DEMO_ACCOUNT`, decision 082). */
  demoAccount: z.boolean(),
  /** The support line (`SUPPORT_PHONE`), or null: a number nobody answers is never shown. */
  supportPhone: z.string().regex(SUPPORT_PHONE_PATTERN).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
