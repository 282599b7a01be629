import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { formatEventWindow } from '@peakwise/domain/event-window';
import { AlertCircle, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKwh, formatNumber, useIntlLocale } from '@/lib/format';

// Where a home gets the readings it lacks: the same two ways the Dashboard's first steps offer.
const ADD_DEVICE_PATH = '/app/devices?add=1';
const IMPORT_PATH = '/app/settings/data#green-button';

const linkClass =
  'font-medium text-brand-800 underline underline-offset-4 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Whether the event can still pay this home, as far as its readings tell before the start. */
export function outlookCanPay(outlook: BaselineOutlookView | null | undefined): boolean {
  if (!outlook) return true;
  if (outlook.status === 'estimate') return true;
  if (outlook.status === 'event_crosses_midnight') return false;
  return outlook.days.length + outlook.daysLeft >= outlook.needed;
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

  if (outlook.status === 'estimate') {
    return (
      <div className="flex gap-2.5 text-sm text-slate-800" data-testid="baseline-outlook">
        <Target aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <div>
          <p className="font-medium">
            {t('outlook.estimate', { window, baseline: formatKwh(outlook.baselineKwh, locale, 2), target: formatKwh(outlook.targetKwh, locale, 2), count: event.rewardPoints, points })}
          </p>
          {page && <p className="mt-1 text-slate-700">{t(outlook.kind === 'weekday' ? 'outlook.estimateNoteWeekday' : 'outlook.estimateNoteWeekend', { count: outlook.days.length })}</p>}
        </div>
      </div>
    );
  }

  const canPay = outlookCanPay(outlook);
  let body: string;
  if (outlook.status === 'event_crosses_midnight') body = t('outlook.crossesMidnight');
  else {
    const need = t(outlook.kind === 'weekday' ? 'outlook.needWeekdays' : 'outlook.needWeekendDays', { needed: outlook.needed, count: outlook.days.length });
    body = `${need} ${canPay ? t('outlook.stillTime', { count: outlook.needed - outlook.days.length }) : t('outlook.tooLate')}`;
  }
  return (
    <div className="flex gap-2.5 rounded-xl border border-amber-300 bg-white px-3.5 py-3 text-sm text-amber-950" data-testid="baseline-outlook" role="note">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{t(canPay ? 'outlook.notYetTitle' : 'outlook.noPointsTitle')}</p>
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
