import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { SUN_MATCHED_DAYS } from '@peakwise/domain/event-baseline-frozen-sun';
import { minimumCutSetsTarget } from '@peakwise/domain/event-points';
import { formatEventWindow } from '@peakwise/domain/event-window';
import type { TFunction } from 'i18next';
import { AlertCircle, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKwh, formatNumber, useIntlLocale } from '@/lib/format';
import { windowContext } from './baseline-window';

// Where a home gets the readings it lacks: the same two ways the Dashboard's first steps offer.
const ADD_DEVICE_PATH = '/app/devices?add=1';
const IMPORT_PATH = '/app/settings/data#green-button';

const linkClass =
  'font-medium text-brand-800 underline underline-offset-4 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Whether the home's own days will be enough for a baseline of its own by the event. */
const ownDaysInTime = (outlook: Extract<BaselineOutlookView, { status: 'insufficient_history' }>) => outlook.days.length + outlook.daysLeft >= outlook.needed;

/**
 * Whether the event can still pay this home, as far as its readings tell before the start: with
 * too few days of its own but at least one, or days of another kind only, a comparison group scores
 * it (decision 101); with none at all, its own hours before the event on the day do (decision 144),
 * on gross load for solar panels whose production is measured (its Since).
 */
export function outlookCanPay(outlook: BaselineOutlookView | null | undefined): boolean {
  if (!outlook) return true;
  // A usual draw under the least cut an event pays for (decision 148): no use of the home's earns.
  if (outlook.status === 'estimate') return !outlook.belowMinimumCut;
  if (outlook.status === 'event_crosses_midnight') return false;
  if (outlook.byEventDay || outlook.byAnyDays) return true;
  // Enough days of its own (at least MIN_BASELINE_WEEKEND_DAYS) is a case of at least one.
  return outlook.days.length + outlook.daysLeft > 0;
}

/** What an estimate is made of and how it can still move on the day, for the event page. */
function estimateNote(outlook: Extract<BaselineOutlookView, { status: 'estimate' }>, t: TFunction<'events'>): string {
  const count = outlook.days.length;
  const weekday = outlook.kind === 'weekday';
  if (outlook.grossLoad) return t('gross.outlookNote');
  if (outlook.byEventDay) return t('outlook.estimateNoteEventDay');
  if (outlook.byGroup) return t('outlook.estimateNoteGroup', { count });
  if (outlook.sunMatched && count > SUN_MATCHED_DAYS) return t(weekday ? 'sun.outlookNoteWeekday' : 'sun.outlookNoteWeekend', { days: count, kept: SUN_MATCHED_DAYS });
  // With no more days than the sun keeps, none is left out on the day: their mean is the baseline, as any battery home's.
  if (outlook.notAdjusted || outlook.sunMatched) return t(weekday ? 'outlook.estimateNoteBatteryWeekday' : 'outlook.estimateNoteBatteryWeekend', { count });
  return t(weekday ? 'outlook.estimateNoteWeekday' : 'outlook.estimateNoteWeekend', { count, context: windowContext(outlook.windowGapMinutes) });
}

type Props = { event: MemberEvent; outlook: BaselineOutlookView | null | undefined; variant: 'banner' | 'page' };

/**
 * Before an event, the baseline the home will be scored against and the use that earns the
 * reward, or why the event cannot pay it and what it needs (docs/decisions/098-the-baseline-shown-before-the-event.md).
 */
export function BaselineOutlook({ event, outlook, variant }: Props) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  if (!outlook) return null;
  const window = formatEventWindow(new Date(event.startsAt), new Date(event.endsAt), event.timeZone, locale);
  const points = formatNumber(event.rewardPoints, locale, 0);
  const page = variant === 'page';

  if (outlook.status === 'estimate' && !outlook.belowMinimumCut) {
    const byMinimumCut = minimumCutSetsTarget(outlook.baselineKwh, event.targetPercent, outlook.minimumCutKwh);
    return (
      <div className="flex gap-2.5 text-sm text-slate-800" data-testid="baseline-outlook">
        <Target aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <div>
          <p className="font-medium">
            {t('outlook.estimate', { window, baseline: formatKwh(outlook.baselineKwh, locale, 2), target: formatKwh(outlook.targetKwh, locale, 2), count: event.rewardPoints, points })}
          </p>
          {outlook.fromGrid && <p className="mt-1 text-slate-700">{t('outlook.fromGrid')}</p>}
          {page && (
            <p className="mt-1 text-slate-700">
              {estimateNote(outlook, t)}
            </p>
          )}
          {page && byMinimumCut && <p className="mt-1 text-slate-700">{t('outlook.minimumCutNote', { minimum: formatKwh(outlook.minimumCutKwh, locale, 2) })}</p>}
        </div>
      </div>
    );
  }

  const canPay = outlookCanPay(outlook);
  let body: string;
  let title: 'outlook.notYetTitle' | 'outlook.noPointsTitle' | 'outlook.groupTitle' = canPay ? 'outlook.notYetTitle' : 'outlook.noPointsTitle';
  if (outlook.status === 'event_crosses_midnight') body = t('outlook.crossesMidnight');
  else if (outlook.status === 'estimate') {
    body = t('outlook.belowMinimumCut', { window, baseline: formatKwh(outlook.baselineKwh, locale, 2), minimum: formatKwh(outlook.minimumCutKwh, locale, 2) });
  } else {
    const need = t(outlook.kind === 'weekday' ? 'outlook.needWeekdays' : 'outlook.needWeekendDays', { needed: outlook.needed, count: outlook.days.length });
    // Its own days will not be enough in time, but one is: a group of homes not called scores it.
    // With none at all, the group moves its use in the hours before the event instead (decision 144).
    const byGroup = outlook.byEventDay || outlook.byAnyDays || (canPay && !ownDaysInTime(outlook));
    if (byGroup) title = 'outlook.groupTitle';
    const next = outlook.byEventDay
      ? t(outlook.grossLoad ? 'gross.byEventDay' : 'outlook.byEventDay')
      : byGroup
        ? t('outlook.byGroup')
        : canPay
          ? t('outlook.stillTime', { count: outlook.needed - outlook.days.length })
          : t('outlook.tooLate');
    body = `${need} ${next}`;
  }
  return (
    <div className="flex gap-2.5 rounded-xl border border-amber-300 bg-white px-3.5 py-3 text-sm text-amber-950" data-testid="baseline-outlook" role="note">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{t(title)}</p>
        <p className="mt-1">{body}</p>
        {outlook.status === 'insufficient_history' && (
          <p className="mt-1">
            <Link to={ADD_DEVICE_PATH} className={linkClass}>
              {t('outlook.connect')}
            </Link>{' '}
            {t('outlook.or')}{' '}
            <Link to={IMPORT_PATH} className={linkClass}>
              {t('outlook.import')}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
