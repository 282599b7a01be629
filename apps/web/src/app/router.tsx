import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { SessionRoot } from '@/lib/session-root';
import { RouteError } from './route-error';

// Every page is its own chunk: the public site never downloads portal code and vice versa.
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// The portal and the console need every namespace; the public pages carry only their own.
const lazyPortalLayout = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [page] = await Promise.all([load(), import('@/lib/i18n').then(({ loadAllNamespaces }) => loadAllNamespaces())]);
  return { Component: page.default };
};

export const portalSections = [
  'dashboard',
  'solar-system',
  'maintenance',
  'devices',
  'plumbing',
  'usage',
  'billing',
  'rewards',
  'settings',
  'help',
] as const;

/** The pages prerendered at build time, under `/` and again under `/fr`. */
function prerenderedPublicPages(): RouteObject[] {
  return [
    { index: true, lazy: lazyPage(() => import('@/marketing/landing-page')) },
    { path: 'how-it-works', lazy: lazyPage(() => import('@/marketing/how-it-works-page')) },
    { path: 'help', lazy: lazyPage(() => import('@/features/help/help-page')) },
  ];
}

// One pathless root keeps the session (events, renewal, other tabs) for every page.
const pageRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('@/marketing/public-layout')),
    errorElement: <RouteError />,
    children: [
      ...prerenderedPublicPages(),
      { path: 'reset-password', lazy: lazyPortalLayout(() => import('@/features/auth/reset-password-page')) },
    ],
  },
  {
    // The French public pages have URLs of their own (docs/decisions/053-prerendered-public-pages.md).
    path: '/fr',
    lazy: lazyPage(() => import('@/marketing/public-layout')),
    errorElement: <RouteError />,
    children: prerenderedPublicPages(),
  },
  {
    path: '/app',
    lazy: lazyPortalLayout(() => import('@/app/shell/guarded-shell')),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'dashboard', lazy: lazyPage(() => import('@/features/dashboard/dashboard-page')) },
      { path: 'solar-system', lazy: lazyPage(() => import('@/features/solar/solar-page')) },
      { path: 'maintenance', lazy: lazyPage(() => import('@/features/maintenance/maintenance-page')) },
      { path: 'devices', lazy: lazyPage(() => import('@/features/devices/devices-page')) },
      { path: 'plumbing', lazy: lazyPage(() => import('@/features/plumbing/plumbing-page')) },
      { path: 'usage', lazy: lazyPage(() => import('@/features/usage/usage-page')) },
      { path: 'billing', lazy: lazyPage(() => import('@/features/billing/billing-page')) },
      { path: 'events/:id', lazy: lazyPage(() => import('@/features/events/event-page')) },
      { path: 'rewards', lazy: lazyPage(() => import('@/features/rewards/rewards-page')) },
      { path: 'settings', lazy: lazyPage(() => import('@/features/settings/settings-page')) },
      { path: 'help', lazy: lazyPage(() => import('@/features/help/help-page')) },
    ],
  },
  {
    // The operator console: its own layout, outside the member portal.
    path: '/ops',
    lazy: lazyPortalLayout(() => import('@/app/ops/ops-layout')),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: lazyPage(() => import('@/features/ops/ops-events-page')) },
      { path: 'cash-outs', lazy: lazyPage(() => import('@/features/ops-payouts/ops-cash-outs-page')) },
      { path: 'ledger', lazy: lazyPage(() => import('@/features/ops-payouts/ops-ledger-page')) },
      { path: 'prize-draws', lazy: lazyPage(() => import('@/features/ops-payouts/ops-prize-draws-page')) },
      { path: 'rewards', lazy: lazyPage(() => import('@/features/rewards/ops-catalogue-page')) },
      { path: 'fulfilment', lazy: lazyPage(() => import('@/features/rewards/ops-fulfilment-page')) },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [{ element: <SessionRoot />, children: pageRoutes }];

/**
 * The browser's router. Hydrating prerendered HTML needs the page's lazy route modules in hand
 * before the first render, or the first render would be empty and not match the HTML.
 */
export async function createAppRouter(options: { hydrate: boolean }) {
  if (options.hydrate) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, options.hydrate ? { hydrationData: { loaderData: {} } } : undefined);
}
