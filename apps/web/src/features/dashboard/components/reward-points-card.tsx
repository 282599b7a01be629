import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { formatCad, formatNumber, MISSING, useIntlLocale } from '@/lib/format';
import { usePointsSummary } from '../api/use-events-and-points';

/** The member's points and what they are worth (100 points = $1). */
export function RewardPointsCard() {
  const { t } = useTranslation('dashboard');
  const locale = useIntlLocale();
  const query = usePointsSummary();
  const points = query.data;

  return (
    <StatCard
      label={t('cards.rewardPoints')}
      value={points ? t('cards.points', { count: points.balance, points: formatNumber(points.balance, locale, 0) }) : MISSING}
      icon={Award}
      iconClassName="bg-violet-50 text-violet-700"
    >
      {points ? (
        <>
          <p>{t('cards.pointsWorth', { value: formatCad(points.valueCents, locale) })}</p>
          {/* Not in the balance (decision 140): said beside it so the member knows they are coming. */}
          {(points.heldPoints ?? 0) > 0 && <p>{t('cards.pointsHeld', { count: points.heldPoints, points: formatNumber(points.heldPoints, locale, 0) })}</p>}
          {points.nextReward && <p>{t('cards.pointsToNext', { count: points.nextReward.pointsNeeded, points: formatNumber(points.nextReward.pointsNeeded, locale, 0) })}</p>}
        </>
      ) : query.isError ? (
        <p>{t('cards.pointsUnavailable')}</p>
      ) : null}
    </StatCard>
  );
}
