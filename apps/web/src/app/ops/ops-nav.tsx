import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINK =
  'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

/** The console's sections. */
export function OpsNav() {
  const { t } = useTranslation('rewards');
  return (
    <nav aria-label={t('console.nav.label')} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-1 py-2 sm:px-3 lg:px-5">
        <li>
          <NavLink end to="/ops" className={LINK}>
            {t('console.nav.events')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/ops/rewards" className={LINK}>
            {t('console.nav.catalogue')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/ops/fulfilment" className={LINK}>
            {t('console.nav.fulfilment')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
