import { z } from 'zod';

/**
 * How members reach support: the e-mail address always, the phone line only where the operator
 * of the service configured one (SUPPORT_PHONE); a number nobody answers is never shown.
 */
export const SUPPORT_EMAIL = 'support@peakwise.ca';

/** Digits with the usual separators and an optional leading +: nothing else reaches a page or a tel: link. */
export const SUPPORT_PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,28}[0-9]$/;

/** GET /api/support-contact */
export const supportContactSchema = z.object({ phone: z.string().regex(SUPPORT_PHONE_PATTERN).nullable(), email: z.string() });
export type SupportContact = z.infer<typeof supportContactSchema>;
