import type { EventResult, MemberEvent, Proof, ProofSeason } from '@peakwise/contracts/events.contract';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDayMonth, formatKwh, formatLocalDate, formatNumber, useIntlLocale } from '@/lib/format';

type Props = { event: MemberEvent; result: EventResult; proof: Proof };

const linkClass =
  'font-medium text-brand-800 underline underline-offset-4 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const STATUS_ICON = { paid_at_once: CheckCircle2, released: CheckCircle2, held: Clock, lapsed: XCircle } as const;
const STATUS_BOX = {
  paid_at_once: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  released: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  held: 'border-amber-200 bg-amber-50 text-amber-950',
  lapsed: 'border-slate-200 bg-slate-50 text-slate-800',
} as const;

/** "2026-summer" → "Summer 2026", "2025-winter" → "Winter 2025–2026" (a winter is named for the year it starts). */
function seasonName(id: string, t: TFunction<'events'>): string {
  const match = /^(\d{4})-(summer|winter)$/.exec(id);
  if (!match) return t('proof.thisSeason');
  const year = Number(match[1]);
  return match[2] === 'summer' ? t('proof.summer', { year }) : t('proof.winter', { year, next: year + 1 });
}

/**
 * How the result's points are paid (decision 140): at once, held until the member's events of the
 * season together are clear of the home's usual swing (still, for a few days after the season's end,
 * until its held points are final), released, or lapsed with the season. The
 * points are the result's own (what the event earns, paid or not); everything else is the proof as
 * settlement stored it, nothing worked out again here.
 */
export function EventResultProof({ event, result, proof }: Props) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const kwh = (value: number) => formatKwh(value, locale, 2);
  const count = result.points;
  const points = formatNumber(result.points, locale, 0);
  const end = formatLocalDate(proof.season.endsOn, locale, { month: 'long', day: 'numeric' });
  const final = formatLocalDate(proof.season.finalOn, locale, { month: 'long', day: 'numeric' });
  const swing = { saving: kwh(proof.savingKwh), atOnce: kwh(proof.atOnceKwh), sigma: kwh(proof.sigmaKwh) };
  const Icon = STATUS_ICON[proof.status];

  const sentences: string[] = [];
  // Settled again for fewer points than were paid: the figures above are the new ones, the payment stands.
  const kept = proof.keptPoints;
  if (kept !== undefined && (proof.status === 'paid_at_once' || proof.status === 'released')) {
    const now = t('scorecard.pointsValue', { count, points });
    sentences.push(t('proof.kept', { count: kept, points: formatNumber(kept, locale, 0), now }));
  } else {
    switch (proof.status) {
      case 'paid_at_once':
        // A home whose use at these hours was the same every baseline day has no swing to show: "±0.00 kWh" would read as a fault.
        sentences.push(t(proof.sigmaKwh < 0.005 ? 'proof.paidAtOnceSteady' : 'proof.paidAtOnce', { ...swing, count, points }));
        break;
      case 'held':
        // Past the season's end, not yet final: late readings can still re-settle its last events and prove it.
        sentences.push(t('proof.small', swing), proof.season.ended ? t('proof.heldEnded', { count, points, end, final }) : t('proof.held', { count, points, end }));
        break;
      case 'released': {
        // Released by its own settlement, it was never held for the member to see: say what proved it.
        const date = formatDayMonth(proof.releasedAt ?? result.settledAt, event.timeZone, locale);
        const here = proof.releasedByEventId === null || proof.releasedByEventId === event.id;
        sentences.push(t('proof.small', swing), t(here ? 'proof.releasedHere' : 'proof.released', { count, points, date }));
        break;
      }
      case 'lapsed':
        sentences.push(t('proof.small', swing), t('proof.lapsed', { count, points, end }));
        break;
    }
  }
  const releasedBy = proof.status === 'released' && proof.releasedByEventId && proof.releasedByEventId !== event.id ? proof.releasedByEventId : null;
  // The season's standing matters where points wait on it; a paid event says nothing of it unless others still wait.
  const showSeason = proof.status === 'held' || proof.status === 'lapsed' || proof.season.heldPoints > 0;

  return (
    <div data-testid="result-proof">
      <h3 className="text-sm font-semibold text-slate-900">{t('proof.title')}</h3>
      <div className={`mt-2 flex gap-2.5 rounded-xl border px-3.5 py-3 text-sm ${STATUS_BOX[proof.status]}`}>
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 space-y-1">
          {sentences.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
          {releasedBy && (
            <p>
              <Link to={`/app/events/${encodeURIComponent(releasedBy)}`} className={linkClass}>
                {t('proof.releasedBy')}
              </Link>
            </p>
          )}
        </div>
      </div>
      {showSeason && <SeasonMeter season={proof.season} lapsed={proof.status === 'lapsed'} />}
    </div>
  );
}

/** The season test as it stands: how far the member's events together are from proving their cuts, in figures as well as the bar. */
function SeasonMeter({ season, lapsed }: { season: ProofSeason; lapsed: boolean }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const kwh = (value: number) => formatKwh(value, locale, 2);
  const z = formatNumber(season.z, locale, 1);
  const boundary = formatNumber(season.boundaryZ, locale, 1);
  const name = seasonName(season.id, t);
  const figures = { season: name, count: season.events, z, boundary, sigma: kwh(season.sigmaKwh) };
  const summary =
    season.savedKwh < 0
      ? t('proof.seasonUsedMore', { ...figures, kwh: kwh(-season.savedKwh) })
      : t(lapsed ? 'proof.seasonEnded' : 'proof.seasonNow', { ...figures, saved: kwh(season.savedKwh) });
  // The bar fills towards the boundary; a season that used more than usual shows an empty bar, its figure says why.
  const percent = season.boundaryZ > 0 ? (Math.max(0, season.z) / season.boundaryZ) * 100 : null;

  return (
    <div className="mt-3 rounded-xl border border-slate-200 p-3.5" data-testid="season-proof">
      <ProgressBar label={t('proof.meter')} value={percent} formatted={t('proof.meterValue', { z, boundary })} />
      <p className="mt-2 text-sm text-slate-700">{summary}</p>
      {!lapsed && season.heldPoints > 0 && (
        <p className="mt-1 text-sm font-medium text-slate-900">{t('proof.seasonHeld', { count: season.heldPoints, points: formatNumber(season.heldPoints, locale, 0) })}</p>
      )}
    </div>
  );
}
