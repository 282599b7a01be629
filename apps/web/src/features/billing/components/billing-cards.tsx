import type { BillingSummary } from '@peakwise/contracts/billing.contract';
import { CalendarClock, FileText, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { moneyOrCredit } from '../money-or-credit';
import { StatCard } from '@/components/ui/stat-card';
import { formatCad, formatLocalDate, formatMonth, MISSING, useIntlLocale } from '@/lib/format';

export function BillingCards({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('billing');
  const locale = useIntlLocale();
  const last = summary.lastStatement;

  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard label={t('cards.balance')} value={moneyOrCredit(summary.balanceCents, t, locale)} icon={Wallet} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{summary.balanceCents < 0 ? t('cards.balanceCredit') : t('cards.balanceOwed')}</p>
      </StatCard>
      <StatCard
        label={t('cards.dueDate')}
        value={
          // A date to pay by means nothing when nothing is owed (a paid bill, or a credit).
          summary.dueDate && summary.balanceCents > 0
            ? formatLocalDate(summary.dueDate, locale, { year: 'numeric', month: 'long', day: 'numeric' })
            : summary.dueDate
              ? t('status.nothing_due')
              : MISSING
        }
        icon={CalendarClock}
        iconClassName="bg-amber-50 text-amber-700"
      >
        <p>{t('cards.dueDateDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.lastStatement')} value={last ? formatCad(last.chargesCents, locale) : MISSING} icon={FileText} iconClassName="bg-sky-50 text-sky-700">
        {last && <p>{t('cards.lastStatementDetail', { period: formatMonth(last.periodStart, 'UTC', locale) })}</p>}
      </StatCard>
    </div>
  );
}
