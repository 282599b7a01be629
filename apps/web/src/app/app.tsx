import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import { AppProviders } from './providers';

// What a prerendered page carries until it is hydrated (scripts/prerender.mjs).
const NOT_YET_INTERACTIVE = 'aria-disabled';

export function App({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  // A prerendered page's controls do nothing until hydrated; the page said so until now
  // (docs/decisions/053-prerendered-public-pages.md). This runs once everything below has committed.
  useEffect(() => document.getElementById('root')?.removeAttribute(NOT_YET_INTERACTIVE), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
