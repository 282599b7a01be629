import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { Award, CircleDollarSign, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { formatCad, formatNumber, useIntlLocale } from '@/lib/format';

// The exchange rate the server values points at (the contract's "100 points = $1").
const CENTS_PER_100_POINTS = 100;

export function PointsCards({ points }: { points: PointsSummary }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const count = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });

  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard label={t('cards.balance')} value={count(points.balance)} icon={Award} iconClassName="bg-violet-50 text-violet-700">
        <p>{t('cards.balanceDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.value')} value={formatCad(points.valueCents, locale)} icon={CircleDollarSign} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{t('cards.valueDetail', { dollar: formatCad(CENTS_PER_100_POINTS, locale) })}</p>
      </StatCard>
      <StatCard label={t('cards.lifetime')} value={count(points.lifetimeEarned)} icon={TrendingUp} iconClassName="bg-sky-50 text-sky-700">
        <p>{t('cards.lifetimeDetail')}</p>
      </StatCard>
    </div>
  );
}
