import { ArrowRight, SunDim } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * A home with no panels reporting: said plainly, with what it would take, instead of cards of
 * zeros, a negative net export and 0 % ratios (decision 087).
 */
export function NoSolar() {
  const { t } = useTranslation('solar');
  return (
    <section aria-labelledby="solar-none-title" className="rounded-xl border border-dashed border-slate-300 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <SunDim aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-400" />
        <div>
          <h2 id="solar-none-title" className="font-semibold text-slate-900">
            {t('none.title')}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">{t('none.message')}</p>
        </div>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('none.stepsTitle')}</h3>
      <ol className="mt-2 max-w-prose list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('none.step1')}</li>
        <li>{t('none.step2')}</li>
        <li>{t('none.step3')}</li>
      </ol>
      <p className="mt-3 max-w-prose text-sm text-slate-600">{t('none.meanwhile')}</p>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/app/devices" className={linkClass}>
          {t('none.devicesLink')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link to="/app/help" className={linkClass}>
          {t('none.helpLink')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
