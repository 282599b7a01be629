import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Each section's label lives with its feature's strings. */
const LINKS = [
  { to: '/ops', label: 'payouts:ops.nav.events', end: true },
  { to: '/ops/programs', label: 'programs:ops.nav', end: false },
  { to: '/ops/openadr', label: 'ops:openadr.nav', end: false },
  { to: '/ops/rewards', label: 'rewards:console.nav.catalogue', end: false },
  { to: '/ops/fulfilment', label: 'rewards:console.nav.fulfilment', end: false },
  { to: '/ops/cash-outs', label: 'payouts:ops.nav.cashOuts', end: false },
  { to: '/ops/ledger', label: 'payouts:ops.nav.ledger', end: false },
  { to: '/ops/prize-draws', label: 'payouts:ops.nav.draws', end: false },
] as const;

/** The console's sections: events, programs, OpenADR (decision 110), the marketplace (decision 039) and payouts (decisions 041, 042). */
export function OpsNav() {
  const { t } = useTranslation(['payouts', 'rewards', 'programs', 'ops']);
  return (
    <nav aria-label={t('payouts:ops.nav.label')} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${isActive ? 'border-brand-700 text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
