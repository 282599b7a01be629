import type { SavingsView } from '@peakwise/contracts/savings.contract';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCad, formatKwh, formatLocalDate, formatNumber, useIntlLocale } from '@/lib/format';
import { useSavings } from '../api/use-savings';
import { DefinitionHint } from './definition-hint';

/** The savings card for the statement shown (decision 049): each part with its definition. */
export function SavingsCard({ statementId }: { statementId: string }) {
  const { t } = useTranslation('billing');
  const savings = useSavings(statementId);
  return (
    <section aria-labelledby="savings-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="savings-card">
      <h2 id="savings-title" className="text-lg font-semibold text-slate-900">
        {t('savings.title')}
      </h2>
      {savings.data ? (
        <SavingsBody savings={savings.data} />
      ) : savings.isError ? (
        <p className="mt-2 text-sm text-slate-700">{t('savings.error')}</p>
      ) : (
        <div role="status" className="mt-3">
          <span className="sr-only">{t('savings.loading')}</span>
          <Skeleton className="h-20" />
        </div>
      )}
    </section>
  );
}

function SavingsBody({ savings }: { savings: SavingsView }) {
  const { t } = useTranslation('billing');
  const locale = useIntlLocale();
  const day = (date: string) => formatLocalDate(date, locale, { month: 'long', day: 'numeric' });
  const items = [
    {
      key: 'solar',
      label: t('savings.solar'),
      value: formatCad(savings.solar.totalCents, locale),
      detail: t('savings.solarDetail', {
        kwh: formatKwh(savings.solar.selfConsumedKwh, locale),
        used: formatCad(savings.solar.selfConsumedCents, locale),
        credits: formatCad(savings.solar.exportCreditCents, locale),
      }),
      definition: t('savings.solarDefinition'),
    },
    {
      key: 'events',
      label: t('savings.events'),
      value: formatCad(savings.events.cents, locale),
      detail: t('savings.eventsDetail', { points: formatNumber(savings.events.points, locale, 0) }),
      definition: t('savings.eventsDefinition'),
    },
  ];
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">{t('savings.period', { from: day(savings.periodStart), to: day(savings.periodEnd) })}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.key} className="min-w-0">
            <dt className="flex items-center gap-1 text-sm font-medium text-slate-600">
              {item.label}
              <DefinitionHint label={t('savings.whatIs', { term: item.label })} definition={item.definition} />
            </dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{item.value}</dd>
            <dd className="mt-1 text-xs text-slate-600 sm:text-sm">{item.detail}</dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-sm font-medium text-slate-600">{t('savings.total')}</dt>
          <dd className="mt-1 text-xl font-semibold text-emerald-800 tabular-nums">{formatCad(savings.totalCents, locale)}</dd>
        </div>
      </dl>
    </>
  );
}
