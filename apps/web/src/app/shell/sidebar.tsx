import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from './brand-logo';
import { activeNavItem, navItems } from './nav-items';

const itemBase =
  'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Logo, the ten portal sections and the way back to the public site; used by the desktop rail and
 * the mobile drawer. An operator also gets the way to the console, which lives outside the portal.
 */
export function Sidebar({ onNavigate, operator = false }: { onNavigate?: () => void; operator?: boolean }) {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <BrandLogo onNavigate={onNavigate} />
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-3">
        <ul className="space-y-0.5">
          {navItems.map(({ to, labelKey, icon: Icon }) => {
            const active = activeNavItem(pathname)?.to === to;
            return (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={`${itemBase} ${
                    active
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  }`}
                >
                  <Icon
                    aria-hidden="true"
                    className={`size-[18px] shrink-0 ${active ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600'}`}
                  />
                  <span className="leading-5">{t(`nav.${labelKey}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="shrink-0 space-y-0.5 border-t border-slate-200 px-3 py-3">
        {operator && (
          <Link to="/ops" onClick={onNavigate} className={`${itemBase} text-slate-600 hover:bg-slate-100 hover:text-slate-900`} data-testid="ops-console-link">
            <ShieldCheck aria-hidden="true" className="size-[18px] shrink-0 text-slate-400" />
            <span>{t('nav.opsConsole')}</span>
          </Link>
        )}
        <Link to="/" className={`${itemBase} text-slate-600 hover:bg-slate-100 hover:text-slate-900`}>
          <ArrowLeft aria-hidden="true" className="size-[18px] shrink-0 text-slate-400" />
          <span>{t('nav.backToHome')}</span>
        </Link>
      </div>
    </div>
  );
}
