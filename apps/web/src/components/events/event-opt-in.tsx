import type { MemberEvent } from '@peakwise/contracts/events.contract';
import type { QueryKey } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useEventParticipation } from '@/lib/event-participation';
import { AutoOptInNote } from './auto-opt-in-note';
import { participationErrorText } from './participation-error';

type Props = {
  event: MemberEvent;
  /** The query holding `{ event }` that the choice updates at once (the caller's own key). */
  queryKey: QueryKey;
  /** For the banner's dark-on-light or the page's card. */
  className?: string;
};

/**
 * Opting in or out of one event, the same on the Dashboard banner and the event page. The choice
 * shows at once; if the server refuses, it goes back and the refusal is said in a live region
 * that stays even when the refusal means the buttons are gone (the event just started).
 */
export function EventOptIn({ event, queryKey, className = '' }: Props) {
  const { t } = useTranslation('events');
  const statusId = useId();
  const mutation = useEventParticipation(event.id, queryKey);
  const error = mutation.isError ? participationErrorText(t, mutation.error) : null;

  let state: ReactNode = null;
  if (event.status === 'cancelled') state = <p className="text-sm text-slate-700">{t('optIn.cancelled')}</p>;
  else if (!event.canChange)
    state = (
      <>
        <p className="text-sm text-slate-700">{t(event.optedIn ? 'optIn.closedIn' : 'optIn.closedOut')}</p>
        {event.optedIn && event.optedInAutomatically && <AutoOptInNote />}
      </>
    );
  else if (event.optedIn)
    state = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t('optIn.optedIn')}
        </p>
        <Button variant="secondary" size="sm" aria-describedby={statusId} disabled={mutation.isPending} onClick={() => mutation.mutate(false)}>
          {t('optIn.optOut')}
        </Button>
        {event.optedInAutomatically && <AutoOptInNote />}
      </div>
    );
  else
    state = (
      <Button aria-describedby={statusId} disabled={mutation.isPending} onClick={() => mutation.mutate(true)}>
        {t('optIn.optIn')}
      </Button>
    );

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {state}
      <p id={statusId} role="status" className={`min-h-5 text-sm ${error ? 'font-medium text-red-700' : 'text-slate-600'}`}>
        {mutation.isPending ? t('optIn.saving') : (error ?? '')}
      </p>
    </div>
  );
}
