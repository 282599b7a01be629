import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { Namespace } from '@/locales/en-namespaces';
import { SessionRoot } from '@/lib/session-root';
import { RouteError } from './route-error';

// Every page is its own chunk: the public site never downloads portal code and vice versa.
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// The console needs nearly every namespace; the public pages fetch only their own (lazyPublicLayout).
const lazyPortalLayout = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [page] = await Promise.all([load(), import('@/lib/i18n').then(({ loadAllNamespaces }) => loadAllNamespaces())]);
  return { Component: page.default };
};

// A portal screen and the strings it shows arrive together: every namespace its code asks for
// (router-namespaces.test.ts checks each list against the screen's sources).
const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>, namespaces: readonly Namespace[]) => async () => {
  const [page] = await Promise.all([load(), import('@/lib/i18n').then((i18n) => i18n.loadNamespaces(namespaces))]);
  return { Component: page.default };
};

// The public pages' strings: a French or Spanish page opened in the portal starts with `common`
// only (locales/languages.ts), so the public layout fetches the rest when a member goes there.
const lazyPublicLayout = async () => {
  const [page] = await Promise.all([
    import('@/marketing/public-layout'),
    import('@/lib/i18n').then(({ loadNamespaces, publicNamespaces }) => loadNamespaces(publicNamespaces)),
  ]);
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
    lazy: lazyPublicLayout,
    errorElement: <RouteError />,
    children: [
      ...prerenderedPublicPages(),
      { path: 'reset-password', lazy: lazyPortalLayout(() => import('@/features/auth/reset-password-page')) },
    ],
  },
  {
    // The French public pages have URLs of their own (docs/decisions/053-prerendered-public-pages.md).
    path: '/fr',
    lazy: lazyPublicLayout,
    errorElement: <RouteError />,
    children: prerenderedPublicPages(),
  },
  {
    path: '/app',
    lazy: lazyScreen(() => import('@/app/shell/guarded-shell'), ['portal']),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'dashboard', lazy: lazyScreen(() => import('@/features/dashboard/dashboard-page'), ['dashboard', 'charts', 'alerts']) },
      { path: 'solar-system', lazy: lazyScreen(() => import('@/features/solar/solar-page'), ['solar', 'charts']) },
      { path: 'maintenance', lazy: lazyScreen(() => import('@/features/maintenance/maintenance-page'), ['maintenance', 'alerts', 'charts']) },
      { path: 'devices', lazy: lazyScreen(() => import('@/features/devices/devices-page'), ['devices', 'manageDevices', 'plugs', 'charts']) },
      { path: 'plumbing', lazy: lazyScreen(() => import('@/features/plumbing/plumbing-page'), ['plumbing', 'charts']) },
      { path: 'usage', lazy: lazyScreen(() => import('@/features/usage/usage-page'), ['usage', 'charts', 'greenButton']) },
      { path: 'billing', lazy: lazyScreen(() => import('@/features/billing/billing-page'), ['billing', 'billingPayments', 'auth']) },
      { path: 'events/:id', lazy: lazyScreen(() => import('@/features/events/event-page'), ['events', 'eventAutomation', 'charts']) },
      { path: 'rewards', lazy: lazyScreen(() => import('@/features/rewards/rewards-page'), ['rewards', 'payouts', 'events', 'auth', 'programs']) },
      { path: 'programs', lazy: lazyScreen(() => import('@/features/programs/programs-page'), ['programs']) },
      {
        // Four sections with addresses of their own (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
        path: 'settings',
        lazy: lazyScreen(() => import('@/features/settings/settings-layout'), ['settings']),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/features/settings/settings-layout')).SettingsIndex }) },
          { path: 'profile', lazy: lazyScreen(() => import('@/features/settings/sections/profile-section'), ['settings', 'auth']) },
          { path: 'notifications', lazy: lazyScreen(() => import('@/features/settings/sections/notifications-section'), ['settings', 'notifications', 'eventAutomation', 'auth']) },
          { path: 'home', lazy: lazyScreen(() => import('@/features/settings/sections/home-section'), ['settings', 'marketing', 'billing', 'auth']) },
          { path: 'data', lazy: lazyScreen(() => import('@/features/settings/sections/data-section'), ['settings', 'auth', 'notifications', 'greenButton', 'utilityGuide', 'memberApi']) },
          { path: '*', element: <Navigate to="/app/settings" replace /> },
        ],
      },
      { path: 'help', lazy: lazyScreen(() => import('@/features/help/help-page'), ['help']) },
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
      { path: 'programs', lazy: lazyPage(() => import('@/features/ops/ops-programs-page')) },
      { path: 'openadr', lazy: lazyPage(() => import('@/features/ops/ops-openadr-page')) },
      { path: 'rewards', lazy: lazyPage(() => import('@/features/rewards/ops-catalogue-page')) },
      { path: 'fulfilment', lazy: lazyPage(() => import('@/features/rewards/ops-fulfilment-page')) },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [{ element: <SessionRoot />, children: pageRoutes }];

let matchedRoutes: Promise<void> | undefined;

/**
 * Loads the lazy route modules the URL matches, once. main.tsx starts it as soon as a prerendered
 * page runs, so they arrive while a French page's strings do rather than after them
 * (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md).
 */
export function loadMatchedRoutes(): Promise<void> {
  matchedRoutes ??= Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ).then(() => undefined);
  return matchedRoutes;
}

/**
 * The browser's router. Hydrating prerendered HTML needs the page's lazy route modules in hand
 * before the first render, or the first render would be empty and not match the HTML.
 */
export async function createAppRouter(options: { hydrate: boolean }) {
  if (options.hydrate) await loadMatchedRoutes();
  return createBrowserRouter(routes, options.hydrate ? { hydrationData: { loaderData: {} } } : undefined);
}
