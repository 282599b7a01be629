import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { parsePublicPath } from '@peakwise/contracts/public-pages';

const SessionKeeper = lazy(() => import('./session-keeper'));

/**
 * The root route. A visitor reading a public page has no session to keep, so the keeper (and the
 * session check it makes) is loaded only once the visitor opens a sign-in dialog or leaves the
 * public pages; from then on it stays for every page.
 */
export function SessionRoot() {
  const { pathname, search } = useLocation();
  const needed = parsePublicPath(pathname) === null || new URLSearchParams(search).has('auth');
  const [kept, setKept] = useState(needed);
  if (needed && !kept) setKept(true);
  return (
    <>
      {kept && (
        <Suspense fallback={null}>
          <SessionKeeper />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
