import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';
import { publicNavItems } from './nav-items';
import { usePublicPath } from './use-public-path';

const footerLinkClass =
  'inline-flex items-center rounded text-sm text-emerald-100 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function SiteFooter({ onLogIn, onSignUp }: { onLogIn: () => void; onSignUp: () => void }) {
  const { t } = useTranslation('marketing');
  const publicPath = usePublicPath();
  return (
    <footer className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <BrandLogo tone="light" />
          <p className="mt-4 text-sm leading-6 text-emerald-100">{t('footer.description')}</p>
          <p className="mt-3 text-sm text-emerald-100">{t('footer.rewardsNote')}</p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <h2 className="text-sm font-semibold text-white">{t('footer.explore')}</h2>
          <ul className="mt-4 space-y-3">
            {publicNavItems.map((item) => (
              <li key={item.to}>
                <Link to={publicPath(item.to)} className={footerLinkClass}>
                  {t(`header.${item.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.account')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <button type="button" onClick={onLogIn} aria-haspopup="dialog" className={footerLinkClass}>
                {t('header.logIn')}
              </button>
            </li>
            <li>
              <button type="button" onClick={onSignUp} aria-haspopup="dialog" className={footerLinkClass}>
                {t('header.signUp')}
              </button>
            </li>
            <li>
              <Link to="/app/dashboard" className={footerLinkClass}>
                {t('header.goToApp')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-emerald-100 sm:px-6 lg:px-8">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
