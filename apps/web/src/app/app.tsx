import { useEffect } from 'react';
// From react-router/dom: the same provider, given ReactDOM's flushSync, which a navigation asked
// to be drawn at once needs (features/auth/hooks/use-auth-dialog.ts).
import { RouterProvider } from 'react-router/dom';
import { APP_LIVE_ATTRIBUTE, APP_LIVE_EVENT } from './app-live';
import type { createAppRouter } from './router';
import { AppProviders } from './providers';

export function App({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  // Runs once everything below has committed: a prerendered page's loader then makes again the
  // presses it held until now (decision 077).
  useEffect(() => {
    document.getElementById('root')?.setAttribute(APP_LIVE_ATTRIBUTE, '');
    document.dispatchEvent(new Event(APP_LIVE_EVENT));
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
