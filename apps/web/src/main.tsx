// First, before any schema exists: see the module's comment.
import '@peakwise/contracts/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import '@/styles.css';
import { nextTask } from '@/lib/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The app starts in stages, each in a task of its own (decision 118): evaluating its modules,
 * choosing the language, making the router and hydrating were one task of 125–150 ms on a
 * 4×-slowed CPU and a chain of microtasks after it, which a public page's idle start
 * (decision 092) made the page's blocking time. The modules are in the entry's own chunk
 * (vite.config.ts), so each `import()` below evaluates code already fetched; it is awaited after
 * `nextTask()` because an import of a module in hand resolves in a microtask of the same task.
 */
async function start(element: HTMLElement) {
  await nextTask();
  const { i18n, i18nReady } = await import('@/lib/i18n');
  await nextTask();
  // Holds module state, so the bundler may not copy it into its users (vite.config.ts); imported
  // by the entry, it lives in the entry's chunk instead of costing every portal screen a request
  // of its own (decisions 058 and 061).
  await import('@/lib/offline-status');
  await nextTask();
  const { createAppRouter, loadMatchedRoutes } = await import('@/app/router');
  // A prerendered page's modules are fetched alongside its strings, not after them; a failure here
  // is met again, and reported, where the router needs them.
  if (element.dataset.prerenderedLanguage) void loadMatchedRoutes().catch(() => undefined);
  await nextTask();
  const { App } = await import('@/app/app');
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  // Every string but English `common` is a chunk of its own, the public pages' English too: render
  // once the page's first ones are here (at once on an English portal page, which starts with
  // `common` alone).
  await i18nReady.catch(() => undefined);
  await nextTask();
  const hydrate = canHydrate(element, i18n.resolvedLanguage);
  const router = await createAppRouter({ hydrate });
  await nextTask();
  // The same tree as src/prerender/entry-server.tsx, or hydration would not match.
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App router={router} />
      </I18nextProvider>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is live; the painted page is already there.
  if (hydrate) startTransition(() => void hydrateRoot(element, app));
  else createRoot(element).render(app);
}

/**
 * A prerendered public page (docs/decisions/053-prerendered-public-pages.md) is hydrated when the
 * visitor sees it as it was rendered: same language, no dialog asked for in the URL. Otherwise
 * the app renders afresh over it (a Spanish reader on `/`, `/?auth=login`).
 */
function canHydrate(element: HTMLElement, language: string | undefined): boolean {
  const prerendered = element.dataset.prerenderedLanguage;
  if (!prerendered) return false;
  if (new URLSearchParams(window.location.search).has('auth')) return false;
  return (language ?? 'en') === prerendered;
}

void start(root);
