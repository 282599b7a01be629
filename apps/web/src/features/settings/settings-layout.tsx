import { Bell, Database, House, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SETTINGS_SECTIONS, settingsPathForHash, type SettingsSection } from './settings-sections';

const SECTION_ICONS: Record<SettingsSection, LucideIcon> = { profile: UserRound, notifications: Bell, home: House, data: Database };

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex h-full items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 hover:text-slate-900'
  }`;

/**
 * Settings: the page's heading, the menu of its four sections (links, so each is reachable with
 * Tab and marked aria-current="page" when shown), and the section the address names.
 */
export default function SettingsLayout() {
  const { t } = useTranslation(['portal', 'settings']);
  return (
    <div className="space-y-6">
      <PageHeader title={t('pages.settings')} intro={t('settings:intro')} />
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <nav aria-label={t('settings:sections.label')} className="lg:sticky lg:top-6">
          <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1">
            {SETTINGS_SECTIONS.map((section) => {
              const Icon = SECTION_ICONS[section];
              return (
                <li key={section}>
                  <NavLink to={`/app/settings/${section}`} className={linkClasses}>
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {t(`settings:sections.${section}`)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** /app/settings: the first section, or the section holding the anchor an older link names. */
export function SettingsIndex() {
  const { hash } = useLocation();
  return <Navigate to={settingsPathForHash(hash)} replace />;
}
