import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { useOpsPrizeDraws } from './api/use-ops-payouts';

/** Prize draws for operators: commitments, and results with the winning household (decision 042). */
export default function OpsPrizeDrawsPage() {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const draws = useOpsPrizeDraws();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('ops.draws.title')} intro={t('ops.draws.intro')} />
      <section className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-label={t('ops.draws.title')}>
        {!draws.data ? (
          <Spinner label={t('ops.draws.title')} />
        ) : draws.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('ops.draws.empty')}</p>
        ) : (
          <table className="min-w-full text-left text-sm">
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">{t('ops.draws.week')}</th>
                <th scope="col" className="py-2 pr-4">{t('ops.draws.status')}</th>
                <th scope="col" className="py-2 pr-4">{t('ops.draws.commitment')}</th>
                <th scope="col" className="py-2 pr-4">{t('ops.draws.seed')}</th>
                <th scope="col" className="py-2 pr-4">{t('ops.draws.entries')}</th>
                <th scope="col" className="py-2">{t('ops.draws.winner')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {draws.data.map((d) => (
                <tr key={d.id} className="align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatLocalDate(d.week, locale, { month: 'short', day: 'numeric', year: 'numeric' })}</td>
                  <td className="py-2 pr-4">{t(`ops.draws.${d.status}`)}</td>
                  <td className="max-w-48 py-2 pr-4 font-mono text-xs break-all">{d.commitment}</td>
                  <td className="max-w-48 py-2 pr-4 font-mono text-xs break-all">{d.seed ?? '—'}</td>
                  <td className="py-2 pr-4 tabular-nums">{d.entries ?? '—'}</td>
                  <td className="py-2 font-mono text-xs">{d.status === 'drawn' ? (d.winnerHouseholdId ?? t('ops.draws.none')) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
