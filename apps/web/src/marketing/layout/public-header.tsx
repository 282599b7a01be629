import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { BrandLogo } from './brand-logo';
import { LanguageSelect } from './language-select';
import { publicNavItems } from './nav-items';
import { usePublicPath } from './use-public-path';

type PublicHeaderProps = { onLogIn: () => void; onSignUp: () => void };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  [
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');

export function PublicHeader({ onLogIn, onSignUp }: PublicHeaderProps) {
  const { t } = useTranslation('marketing');
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const publicPath = usePublicPath();

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const openDialog = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={publicPath('/')}
          aria-label={t('header.homeLink')}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <BrandLogo />
        </Link>

        <nav aria-label={t('header.nav')} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {publicNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={publicPath(item.to)} end={item.end} className={navLinkClass}>
                  {t(`header.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <LanguageSelect className="w-36" />
          <Link to="/app/dashboard" className={buttonClasses('ghost', 'sm')}>
            <LayoutDashboard aria-hidden className="size-4" />
            {t('header.goToApp')}
          </Link>
          <Button variant="secondary" size="sm" onClick={onLogIn} aria-haspopup="dialog">
            {t('header.logIn')}
          </Button>
          <Button size="sm" onClick={onSignUp} aria-haspopup="dialog">
            {t('header.signUp')}
          </Button>
        </div>

        <div className="ml-auto flex items-center gap-2 lg:hidden">
          <Button size="sm" onClick={onSignUp} aria-haspopup="dialog" className="max-[379px]:hidden">
            {t('header.signUp')}
          </Button>
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
            className="rounded-xl p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
      </div>

      <div id="public-mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white shadow-lg lg:hidden">
        <nav aria-label={t('header.nav')} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="space-y-1">
            {publicNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={publicPath(item.to)} end={item.end} className={(state) => `block ${navLinkClass(state)} text-base`}>
                  {t(`header.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-3">
            <Link to="/app/dashboard" className={buttonClasses('secondary', 'md')}>
              <LayoutDashboard aria-hidden className="size-4" />
              {t('header.goToApp')}
            </Link>
            <Button variant="secondary" onClick={openDialog(onLogIn)} aria-haspopup="dialog">
              {t('header.logIn')}
            </Button>
            <Button onClick={openDialog(onSignUp)} aria-haspopup="dialog">
              {t('header.signUp')}
            </Button>
          </div>
          <LanguageSelect className="mt-4 w-full sm:w-48" />
        </nav>
      </div>
    </header>
  );
}
