import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { pointsValueCents } from '@peakwise/domain/reward-rules';
import { Award, CircleDollarSign, Gift, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { formatCad, formatNumber, useIntlLocale } from '@/lib/format';
import { useLocalized } from '../use-localized';

export function PointsCards({ points }: { points: PointsSummary }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const localized = useLocalized();
  const count = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  const next = points.nextReward;

  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t('cards.balance')} value={count(points.balance)} icon={Award} iconClassName="bg-violet-50 text-violet-700">
        <p>{t('cards.balanceDetail')}</p>
        {/* Held points (decision 140) are not in the balance and cannot be spent: beside it, never added to it. */}
        {(points.heldPoints ?? 0) > 0 && (
          <p className="mt-1" data-testid="held-points">
            <span className="font-medium text-slate-900">{t('cards.held', { count: points.heldPoints, points: formatNumber(points.heldPoints, locale, 0) })}</span> {t('cards.heldHint')}
          </p>
        )}
      </StatCard>
      <StatCard label={t('cards.value')} value={formatCad(points.valueCents, locale)} icon={CircleDollarSign} iconClassName="bg-emerald-50 text-emerald-700">
        <p>{t('cards.valueDetail', { dollar: formatCad(pointsValueCents(100), locale) })}</p>
      </StatCard>
      <StatCard label={t('cards.lifetime')} value={count(points.lifetimeEarned)} icon={TrendingUp} iconClassName="bg-sky-50 text-sky-700">
        <p>{t('cards.lifetimeDetail')}</p>
      </StatCard>
      <StatCard label={t('cards.next')} value={next ? count(next.pointsNeeded) : t('cards.nextNone')} icon={Gift} iconClassName="bg-amber-50 text-amber-700">
        <p>{next ? t('cards.nextDetail', { count: next.pointsNeeded, points: formatNumber(next.pointsNeeded, locale, 0), name: localized(next.name) }) : t('cards.nextNoneDetail')}</p>
      </StatCard>
    </div>
  );
}
