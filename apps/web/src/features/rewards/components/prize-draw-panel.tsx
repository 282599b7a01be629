import type { PrizeDraw } from '@peakwise/contracts/prize-draws.contract';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatLocalDate, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { usePrizeDraws } from '../api/use-prize-draws';

const code = 'break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800';

/**
 * The weekly prize draw (decision 042): this week's commitment, the last results with their
 * seeds and entries, and how anyone can check them; and the monthly bonus rule beside it.
 */
export function PrizeDrawPanel() {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const query = usePrizeDraws();
  if (!query.data) return <Skeleton className="h-40" />;
  const { current, recent, prizePoints, monthlyBonusPoints } = query.data;
  const points = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  const week = (w: string) => formatLocalDate(w, locale, { month: 'long', day: 'numeric', year: 'numeric' });

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="prize-draw-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
        <h2 id="prize-draw-title" className="font-semibold text-slate-900">
          {t('draw.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t('draw.rule', { points: points(prizePoints) })}</p>

        <h3 className="mt-4 text-sm font-medium text-slate-900">{t('draw.currentTitle')}</h3>
        {current ? (
          <div className="mt-1 text-sm text-slate-700" data-testid="prize-commitment">
            <p>{t('draw.currentWeek', { week: week(current.week) })}</p>
            <p className="mt-1">{t('draw.commitmentLabel', { date: formatDateTime(current.committedAt, timeZone, locale) })}</p>
            <p className="mt-1">
              <code className={code}>{current.commitment}</code>
            </p>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-700">{t('draw.noCurrent')}</p>
        )}

        <h3 className="mt-4 text-sm font-medium text-slate-900">{t('draw.resultsTitle')}</h3>
        {recent.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('draw.noResults')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100" data-testid="prize-results">
            {recent.map((d) => (
              <DrawResult key={d.id} draw={d} week={week(d.week)} />
            ))}
          </ul>
        )}

        <details className="mt-4 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {t('draw.verifyTitle')}
          </summary>
          <ol className="mt-2 space-y-2">
            {/* In words, not shell commands: members check with whatever tool they have. */}
            <li>{t('draw.verifyCommit')}</li>
            <li>{t('draw.verifyDigest')}</li>
            <li>{t('draw.verifyWinner')}</li>
          </ol>
        </details>
      </section>

      <section aria-labelledby="monthly-bonus-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="monthly-bonus-title" className="font-semibold text-slate-900">
          {t('bonus.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t('bonus.rule', { points: points(monthlyBonusPoints) })}</p>
      </section>
    </div>
  );
}

function DrawResult({ draw, week }: { draw: PrizeDraw; week: string }) {
  const { t } = useTranslation('payouts');
  return (
    <li className="space-y-1 py-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">
        {t('draw.currentWeek', { week })} · {draw.entries ? t('draw.entries', { count: draw.entries }) : t('draw.noEntries')}
      </p>
      {draw.won && <p className="font-medium text-emerald-800">{t('draw.youWon')}</p>}
      <p>
        {t('draw.seedLabel')}: <code className={code}>{draw.seed}</code>
      </p>
      {draw.winnerEntry && (
        <p>
          {t('draw.winnerLabel')}: <code className={code}>{draw.winnerEntry}</code>
        </p>
      )}
      {draw.myEntry && <p>{t('draw.yourEntry', { entry: draw.myEntry.slice(0, 12) + '…' })}</p>}
      {draw.entries ? (
        <a
          href={`/api/prize-draws/${encodeURIComponent(draw.id)}/entries`}
          download
          className="font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('draw.entriesLink')}
          <span className="sr-only"> {t('draw.entriesLinkContext', { week })}</span>
        </a>
      ) : null}
    </li>
  );
}
