import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { useTranslation } from 'react-i18next';
import { eventWhen } from '@/lib/event-when';
import { useIntlLocale } from '@/lib/format';
import { useEventWhenText } from '@/lib/use-event-when';

/**
 * Before opting in: when the home takes part in another event at the same time, which event pays
 * which hours (each kWh is paid once), or why this one cannot be joined (decision 108).
 */
export function EventStackingNote({ event }: { event: MemberEvent }) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const conflict = event.stackingConflict;
  const conflictWhen = useEventWhenText({ startsAt: conflict?.startsAt ?? event.startsAt, endsAt: conflict?.endsAt ?? event.endsAt, timeZone: event.timeZone });
  const shares = event.payShares ?? [];
  if (!conflict && shares.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800" data-testid="event-stacking">
      <h3 className="font-semibold text-slate-900">{t('page.stacking.title')}</h3>
      {conflict ? (
        <p className="mt-1" role="note">
          {t('page.stacking.conflict', { program: conflict.programName, window: conflictWhen })}
        </p>
      ) : (
        <>
          <p className="mt-1">{t('page.stacking.paysIntro')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {shares.map((share) => {
              const window = eventWhen(share.startsAt, share.endsAt, event.timeZone, new Date(), locale).window;
              return <li key={share.startsAt}>{share.thisEvent ? t('page.stacking.paysThis', { window }) : t('page.stacking.paysOther', { window, program: share.programName })}</li>;
            })}
          </ul>
        </>
      )}
    </div>
  );
}
