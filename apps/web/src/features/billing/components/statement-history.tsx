import type { StatementSummary } from '@peakwise/contracts/billing.contract';
import { useTranslation } from 'react-i18next';
import { moneyOrCredit } from '../money-or-credit';
import { formatLocalDate, formatMonth, useIntlLocale } from '@/lib/format';
import { StatementStatusBadge } from './statement-status-badge';

type Props = { history: readonly StatementSummary[]; selectedId: string | null; onSelect: (id: string) => void };

export function StatementHistory({ history, selectedId, onSelect }: Props) {
  const { t } = useTranslation('billing');
  const locale = useIntlLocale();
  const day = (date: string) => formatLocalDate(date, locale, { year: 'numeric', month: 'short', day: 'numeric' });

  return (
    <section aria-labelledby="statement-history-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="statement-history-title" className="font-semibold text-slate-900">
        {t('history.title')}
      </h2>
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="statement-history">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">{t('history.period')}</th>
              <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">{t('history.issued')}</th>
              <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">{t('history.due')}</th>
              <th scope="col" className="py-2 pr-2 text-right font-medium sm:pr-4">{t('history.amount')}</th>
              <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">{t('history.status')}</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('history.view')}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {history.map((s) => {
              const period = formatMonth(s.periodStart, 'UTC', locale);
              const selected = s.id === selectedId;
              return (
                <tr key={s.id} data-statement-id={s.id} className={selected ? 'bg-brand-50/60' : undefined}>
                  <th scope="row" className="py-2.5 pr-2 font-medium text-slate-900 sm:pr-4">{period}</th>
                  <td className="hidden py-2.5 pr-4 whitespace-nowrap text-slate-700 sm:table-cell">{day(s.issuedAt.slice(0, 10))}</td>
                  <td className="py-2.5 pr-2 text-slate-700 sm:pr-4 sm:whitespace-nowrap">{day(s.dueDate)}</td>
                  <td className="py-2.5 pr-2 text-right whitespace-nowrap text-slate-900 tabular-nums sm:pr-4">{moneyOrCredit(s.amountDueCents, t, locale)}</td>
                  <td className="py-2.5 pr-2 sm:pr-4"><StatementStatusBadge status={s.status} /></td>
                  <td className="py-2.5">
                    <button
                      type="button"
                      aria-pressed={selected}
                      aria-label={t('history.viewLabel', { period })}
                      onClick={() => onSelect(s.id)}
                      className="rounded-md px-2.5 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:bg-brand-700 aria-pressed:text-white"
                    >
                      {t('history.view')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
