import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';
import { STACKING_MESSAGES } from '@peakwise/contracts/event-stacking.contract';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '@/lib/api-request';

type ErrorKey = 'optInClosed' | 'cancelled' | 'notFound' | 'thisProgramExclusive' | 'otherProgramExclusive';

// The refusals a member can meet when opting in or out, by the server's code.
const KNOWN_CODES: Record<string, ErrorKey> = { opt_in_closed: 'optInClosed', event_cancelled: 'cancelled', not_found: 'notFound' };
const KNOWN_MESSAGES: Record<string, ErrorKey> = {
  [EVENT_MESSAGES.optInClosed]: 'optInClosed',
  [EVENT_MESSAGES.cancelled]: 'cancelled',
  [EVENT_MESSAGES.notFound]: 'notFound',
  // One code (exclusive_program) for two reasons: the sentence tells them apart.
  [STACKING_MESSAGES.thisProgramExclusive]: 'thisProgramExclusive',
  [STACKING_MESSAGES.otherProgramExclusive]: 'otherProgramExclusive',
};

/**
 * A refused opt-in in the member's language. The server's refusals are the fixed sentences of
 * EVENT_MESSAGES, so we recognise them and translate; any other 4xx message is shown as the
 * server wrote it (it is the only explanation there is); anything else gets a generic line.
 */
export function participationErrorText(t: TFunction<'events'>, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('errors.generic');
  if (error.status === 0) return t('errors.network');
  const key = (error.code ? KNOWN_CODES[error.code] : undefined) ?? (error.serverMessage ? KNOWN_MESSAGES[error.serverMessage] : undefined);
  // The server's "no such event" is worded for any id; here the member came from their own event.
  if (key === 'notFound') return t('errors.notFound');
  if (key) return t(`errors.${key}`);
  if (error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return t('errors.generic');
}
