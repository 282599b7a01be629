import type { StatementDetail } from '@peakwise/contracts/billing.contract';
import { amountDueWording } from '@peakwise/domain/billing-status';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCad, formatKwh, formatLocalDate, formatMonth, useIntlLocale } from '@/lib/format';
import { statementLineText } from '../statement-line-text';
import { StatementStatusBadge } from './statement-status-badge';

const quantityDigits = (unit: string | null) => (unit === 'day' ? 0 : 3);

export function StatementView({ statement }: { statement: StatementDetail }) {
  const { t, i18n } = useTranslation('billing');
  const locale = useIntlLocale();
  const period = formatMonth(statement.periodStart, 'UTC', locale);
  const day = (date: string) => formatLocalDate(date, locale, { year: 'numeric', month: 'long', day: 'numeric' });
  const language = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  const sum = (ps: readonly { amountCents: number }[]) => ps.reduce((s, p) => s + p.amountCents, 0);
  const paid = sum(statement.paidAgainst);
  const pending = statement.pendingPayments.filter((p) => p.status === 'pending');
  const declined = statement.pendingPayments.filter((p) => p.status === 'failed');
  const lastYear = statement.lastYear;
  const bottomLine = amountDueWording(statement.amountDueCents);

  // The previous balance gross, then the payments it accounts for (decision 056): received,
  // still pending at issue, pending then declined since (added back on the next statement), and
  // earlier ones added back here; each row only when there is one, so the rows add up to the
  // amount due. Payments against this statement come after it, with what is left to pay, rather
  // than sitting above it as if it had been reduced by them.
  const carried: [string, number][] = [
    [t('statement.paymentsReceived'), -sum(statement.payments)],
    [t('statement.paymentsPending'), -sum(pending)],
    [t('statement.paymentsDeclined'), -sum(declined)],
    [t('statement.paymentsReturned'), sum(statement.returnedPayments)],
  ];
  const totals: [string, number, boolean][] = [
    [t('statement.charges'), statement.chargesCents, false],
    [t('statement.previousBalance'), statement.previousBalanceCents, false],
    ...carried.filter(([, cents]) => cents !== 0).map(([label, cents]): [string, number, boolean] => [label, cents, false]),
    // Below zero the bottom line is a credit ("Credit $39.27"), not a negative amount due.
    [bottomLine.kind === 'credit' ? t('statement.credit') : t('statement.amountDue'), bottomLine.cents, true],
    ...(paid > 0
      ? ([
          [t('statement.payments'), -paid, false],
          [t('statement.leftToPay'), Math.max(0, statement.amountDueCents - paid), true],
        ] as [string, number, boolean][])
      : []),
  ];

  return (
    <section aria-labelledby="statement-title" className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="statement-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="statement-title" className="text-lg font-semibold text-slate-900">
            {t('statement.title', { period })}
          </h2>
          <p className="text-sm text-slate-600">{t('statement.billed', { from: day(statement.billedFrom), to: day(statement.periodEnd), issued: day(statement.issuedAt.slice(0, 10)) })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {(['pdf', 'csv'] as const).map((format) => (
            <a
              key={format}
              href={`/api/billing/statements/${statement.id}.${format}?lang=${language}`}
              download
              aria-label={t('statement.downloadLabel', { download: format === 'pdf' ? t('statement.downloadPdf') : t('statement.downloadCsv'), period })}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Download aria-hidden="true" className="size-4" />
              {format === 'pdf' ? t('statement.downloadPdf') : t('statement.downloadCsv')}
            </a>
          ))}
        </div>
      </div>

      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="statement-lines">
          <caption className="sr-only">{t('statement.linesCaption', { period })}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">{t('statement.columns.description')}</th>
              <th scope="col" className="hidden py-2 pr-4 text-right font-medium sm:table-cell">{t('statement.columns.quantity')}</th>
              <th scope="col" className="hidden py-2 pr-4 text-right font-medium sm:table-cell">{t('statement.columns.unitPrice')}</th>
              <th scope="col" className="py-2 text-right font-medium">{t('statement.columns.amount')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {statement.lines.map((line, i) => {
              const quantity = line.quantity === null || line.unit === null ? '' : t(`lines.units.${line.unit}`, { count: line.quantity, quantity: new Intl.NumberFormat(locale, { maximumFractionDigits: quantityDigits(line.unit) }).format(line.quantity) });
              const unitPrice = line.unitPriceCents === null ? '' : t('lines.units.cents', { price: new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(line.unitPriceCents) });
              return (
                <tr key={i} data-kind={line.kind}>
                  <td className="py-2 pr-4 text-slate-900">
                    {statementLineText(line, t, locale)}
                    {/* On a phone the quantity and price sit under the description, so the amount stays in view (issue 19's 390 px rule). */}
                    {quantity || unitPrice ? (
                      <span className="block text-xs text-slate-600 tabular-nums sm:hidden" data-testid="statement-line-detail">
                        {quantity && unitPrice ? t('statement.lineDetail', { quantity, price: unitPrice }) : quantity || unitPrice}
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden py-2 pr-4 text-right whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">{quantity}</td>
                  <td className="hidden py-2 pr-4 text-right whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">{unitPrice}</td>
                  <td className="py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">{formatCad(line.amountCents, locale)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <dl className="ml-auto max-w-sm space-y-1 text-sm" data-testid="statement-totals">
        {totals.map(([label, cents, strong]) => (
          <div key={label} className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : 'text-slate-700'}`}>
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatCad(cents, locale)}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-4 pt-1 text-slate-700">
          <dt>{t('statement.dueDate', { date: day(statement.dueDate) })}</dt>
          <dd>
            <StatementStatusBadge status={statement.status} />
          </dd>
        </div>
      </dl>

      <div className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
        <div data-testid="statement-usage">
          <h3 className="font-medium text-slate-900">{t('usage.title')}</h3>
          <dl className="mt-2 space-y-1 text-sm text-slate-700">
            <div className="flex justify-between gap-4">
              <dt>{t('usage.imported')}</dt>
              <dd className="tabular-nums">{formatKwh(statement.usage.importKwh, locale)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('usage.exported')}</dt>
              <dd className="tabular-nums">{formatKwh(statement.usage.exportKwh, locale)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-slate-600">{t('usage.days', { count: statement.usage.days })}</p>
        </div>
        <div data-testid="statement-last-year">
          <h3 className="font-medium text-slate-900">{t('usage.lastYear')}</h3>
          {lastYear ? (
            <>
              <p className="mt-2 text-sm text-slate-700 tabular-nums">
                {t('usage.lastYearValue', { kwh: formatKwh(lastYear.usage.importKwh, locale), amount: formatCad(lastYear.chargesCents, locale) })}
              </p>
              <p className="mt-1 text-xs text-slate-600">
                {t('usage.change', {
                  change: new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(statement.usage.importKwh - lastYear.usage.importKwh),
                })}
              </p>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{t('usage.noLastYear')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
