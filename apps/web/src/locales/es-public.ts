import { helpEs } from './help.es';
import { marketingEs } from './marketing.es';
import { authEs } from './auth.es';
import type { PublicNamespace } from './languages';
import type { Resources } from './resources';

/**
 * The Spanish of the public pages, one chunk: all a Spanish visitor to the public site fetches,
 * not the portal's strings too (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md).
 * Its `common` is a chunk of its own, which the portal needs without the rest.
 */
export const esPublic: Pick<Resources, Exclude<PublicNamespace, 'common'>> = { help: helpEs, marketing: marketingEs, auth: authEs };
