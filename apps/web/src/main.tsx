// First, before any schema exists: see the module's comment.
import '@peakwise/contracts/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, i18nReady } from '@/lib/i18n';
import '@/styles.css';
// Holds module state, so the bundler may not copy it into its users (vite.config.ts); imported
// here it lives in the entry instead of costing every portal screen a request of its own
// (decisions 058 and 061).
import '@/lib/offline-status';
import { App } from '@/app/app';
import { createAppRouter, loadMatchedRoutes } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * A prerendered public page (docs/decisions/053-prerendered-public-pages.md) is hydrated when the
 * visitor sees it as it was rendered: same language, no dialog asked for in the URL. Otherwise
 * the app renders afresh over it (a Spanish reader on `/`, `/?auth=login`).
 */
function canHydrate(element: HTMLElement): boolean {
  const prerendered = element.dataset.prerenderedLanguage;
  if (!prerendered) return false;
  if (new URLSearchParams(window.location.search).has('auth')) return false;
  return (i18n.resolvedLanguage ?? 'en') === prerendered;
}

// A prerendered page's modules are fetched alongside its strings, not after them; a failure here
// is met again, and reported, where the router needs them.
if (root.dataset.prerenderedLanguage) void loadMatchedRoutes().catch(() => undefined);

// Every string but English `common` is a chunk of its own, the public pages' English too: render
// once the page's first ones are here (at once on an English portal page, which starts with
// `common` alone).
void i18nReady
  .catch(() => undefined)
  .then(async () => {
    const hydrate = canHydrate(root);
    // The same tree as src/prerender/entry-server.tsx, or hydration would not match.
    const app = (
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App router={await createAppRouter({ hydrate })} />
        </I18nextProvider>
      </StrictMode>
    );
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is live; the painted page is already there.
    if (hydrate) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
