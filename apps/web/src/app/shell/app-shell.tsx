import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { showsOfflinePage, useOfflineStatus } from '@/lib/offline-status';
import type { SessionUser } from '@/lib/session';
import { MobileDrawer } from './mobile-drawer';
import { activeNavItem } from './nav-items';
import { OfflineBanner } from './offline-banner';
import { OfflinePage } from './offline-page';
import { useOfflineSync } from './use-offline-sync';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const mainId = 'main-content';

/** Full-height portal frame: fixed sidebar (a drawer below 1024 px), top bar, and the only scrolling area. */
export function AppShell({ user }: { user: SessionUser }) {
  const { t } = useTranslation('portal');
  const location = useLocation();
  const drawerId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The drawer belongs to the location it was opened at, so any navigation closes it.
  const [drawerKey, setDrawerKey] = useState<string | null>(null);
  const drawerOpen = drawerKey === location.key;
  const closeDrawer = () => setDrawerKey(null);
  const active = activeNavItem(location.pathname);
  useOfflineSync();
  const offline = useOfflineStatus();

  return (
    <div className="relative flex h-dvh overflow-hidden bg-slate-50 text-slate-900">
      <SkipLink targetId={mainId} />
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
        <Sidebar operator={user.operator === true} />
      </aside>
      {drawerOpen && (
        <MobileDrawer id={drawerId} onClose={closeDrawer}>
          <Sidebar operator={user.operator === true} onNavigate={closeDrawer} />
        </MobileDrawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col" inert={drawerOpen}>
        <TopBar
          title={active ? t(`nav.${active.labelKey}`) : undefined}
          user={user}
          drawerId={drawerId}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerKey(location.key)}
          menuButtonRef={menuButtonRef}
        />
        <OfflineBanner />
        <main id={mainId} tabIndex={-1} className="relative flex-1 overflow-y-auto focus:outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
            {showsOfflinePage(offline, location.pathname) ? <OfflinePage /> : <Outlet />}
          </div>
        </main>
      </div>
    </div>
  );
}
