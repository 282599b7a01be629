import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { useTranslation } from 'react-i18next';
import { eventWhen } from './event-when';
import { useIntlLocale } from './format';

/** "Tonight, 6–7 p.m.": the event's day and window on the household's clock, in the UI language. */
export function useEventWhenText(event: Pick<MemberEvent, 'startsAt' | 'endsAt' | 'timeZone'>, now: Date = new Date()): string {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const when = eventWhen(event.startsAt, event.endsAt, event.timeZone, now, locale);
  return t(`when.${when.kind}`, { day: when.day, window: when.window });
}
