import { helpFr } from './help.fr';
import { marketingFr } from './marketing.fr';
import { authFr } from './auth.fr';
import type { PublicNamespace } from './languages';
import type { Resources } from './resources';

/**
 * The French of the public pages, one chunk: all a French visitor to the public site fetches,
 * not the portal's strings too (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md).
 * Its `common` is a chunk of its own, which the portal needs without the rest.
 */
export const frPublic: Pick<Resources, Exclude<PublicNamespace, 'common'>> = { help: helpFr, marketing: marketingFr, auth: authFr };
