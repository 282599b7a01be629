import type { LiveScorecard as Card, MemberEvent } from '@peakwise/contracts/events.contract';
import { Activity } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKw, formatKwh, formatNumber, formatTime, useIntlLocale } from '@/lib/format';
import { hasLiveScorecard, useLiveScorecard } from '@/lib/use-live-scorecard';

type Props = {
  event: MemberEvent;
  /** The banner shows the figures; the event page adds every interval so far. */
  variant: 'banner' | 'page';
};

/**
 * An opted-in home's provisional figures while an event runs: kWh saved so far, the points that
 * cut is on track for, and baseline against actual per 5 minutes. Moves with every reading the
 * live stream reports; always marked provisional, since points are settled after the event.
 */
export function LiveScorecard({ event, variant }: Props) {
  if (!hasLiveScorecard(event)) return null;
  return <LiveScorecardBody event={event} variant={variant} />;
}

function LiveScorecardBody({ event, variant }: Props) {
  const { t } = useTranslation('events');
  const titleId = useId();
  const query = useLiveScorecard(event);
  const card = query.data;
  const Heading = variant === 'page' ? 'h2' : 'h3';
  const frame = variant === 'page' ? 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm' : 'rounded-lg border border-amber-200 bg-white/70 p-3';

  return (
    <section aria-labelledby={titleId} className={`space-y-3 ${frame}`} data-testid="live-scorecard">
      <div className="flex flex-wrap items-center gap-2">
        <Activity aria-hidden="true" className="size-4 text-brand-800" />
        <Heading id={titleId} className={variant === 'page' ? 'text-lg font-semibold text-slate-900' : 'text-sm font-semibold text-slate-900'}>
          {t('scorecard.title')}
        </Heading>
        <span className="rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t('scorecard.provisional')}</span>
      </div>
      {card ? <Figures card={card} event={event} variant={variant} /> : <p className="text-sm text-slate-700">{t(query.isError ? 'scorecard.error' : 'scorecard.loading')}</p>}
      {card?.status === 'live' && card.fromGrid && <p className="text-xs text-slate-600">{t('scorecard.fromGrid')}</p>}
      <p className="text-xs text-slate-600">{t('scorecard.note')}</p>
    </section>
  );
}

function Figures({ card, event, variant }: { card: Card; event: MemberEvent; variant: Props['variant'] }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  if (card.status === 'no_baseline') return <p className="text-sm text-slate-700">{t('scorecard.noBaseline')}</p>;
  if (card.intervalsIn === 0) return <p className="text-sm text-slate-700">{t('scorecard.waiting')}</p>;
  const latest = [...card.intervals].reverse().find((i) => i.actualKw !== null);
  const saved = card.savedKwh >= 0 ? t('scorecard.savedValue', { kwh: formatKwh(card.savedKwh, locale, 2) }) : t('scorecard.usedMore', { kwh: formatKwh(-card.savedKwh, locale, 2) });

  return (
    <>
      {/* Announced politely when a new reading moves it. */}
      <dl className="grid gap-3 sm:grid-cols-3" aria-live="polite">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('scorecard.saved')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-slate-900" data-testid="scorecard-saved">
            {saved}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('scorecard.pointsOnTrack')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-slate-900" data-testid="scorecard-points">
            {t('scorecard.pointsValue', { count: card.pointsOnTrack, points: formatNumber(card.pointsOnTrack, locale, 0) })}
          </dd>
        </div>
        {latest && (
          <div>
            <dt className="text-xs font-medium text-slate-600">{t('scorecard.latest')}</dt>
            <dd className="mt-0.5 text-sm text-slate-900">{t('scorecard.latestValue', { baseline: formatKw(latest.baselineKw, locale), actual: formatKw(latest.actualKw, locale) })}</dd>
          </div>
        )}
      </dl>
      <p className="text-xs text-slate-600">{t('scorecard.intervalsIn', { in: card.intervalsIn, total: card.intervalsTotal })}</p>
      {variant === 'page' && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-sm font-medium text-slate-700">{t('scorecard.table.caption')}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-4 font-medium">{t('scorecard.table.time')}</th>
                <th scope="col" className="py-1 pr-4 font-medium">{t('scorecard.table.baseline')}</th>
                <th scope="col" className="py-1 font-medium">{t('scorecard.table.actual')}</th>
              </tr>
            </thead>
            <tbody>
              {card.intervals.map((i) => (
                <tr key={i.startsAt} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal text-slate-700">{formatTime(i.startsAt, event.timeZone, locale)}</th>
                  <td className="py-1 pr-4 text-slate-900">{formatKw(i.baselineKw, locale)}</td>
                  <td className="py-1 text-slate-900">{i.actualKw === null ? t('scorecard.table.missing') : formatKw(i.actualKw, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
