import { authEn } from './auth.en';
import { helpEn } from './help.en';
import { marketingEn } from './marketing.en';

/**
 * The English of the public pages, one chunk, as French and Spanish have theirs (fr-public.ts):
 * fetched when the app starts on a public page or a member goes to one, and not with every portal
 * page, which never shows it (issue 29, docs/decisions/058-dashboard-javascript-budget.md).
 */
export const enPublic = { help: helpEn, marketing: marketingEn, auth: authEn } as const;
