import { commonFr } from './common.fr';
import { frPortal } from './fr-portal';
import { frPublic } from './fr-public';
import type { Resources } from './resources';

/** All of French at once, for the prerender (the browser fetches its two halves as needed: languages.ts). */
export const fr: Resources = { common: commonFr, ...frPublic, ...frPortal };
