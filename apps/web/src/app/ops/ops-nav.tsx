import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/ops', key: 'events', end: true },
  { to: '/ops/cash-outs', key: 'cashOuts', end: false },
  { to: '/ops/ledger', key: 'ledger', end: false },
  { to: '/ops/prize-draws', key: 'draws', end: false },
] as const;

/** The console's sections: events, and the payouts half of Rewards (decisions 041, 042). */
export function OpsNav() {
  const { t } = useTranslation('payouts');
  return (
    <nav aria-label={t('ops.nav.label')} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${isActive ? 'border-brand-700 text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`
              }
            >
              {t(`ops.nav.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
