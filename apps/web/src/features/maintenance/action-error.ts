import { MAINTENANCE_MESSAGES } from '@peakwise/contracts/maintenance.contract';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '@/lib/api-request';

type MessageKey = keyof typeof MAINTENANCE_MESSAGES;
const KNOWN_MESSAGES = Object.entries(MAINTENANCE_MESSAGES) as [MessageKey, string][];
// The server's codes for the refusals whose code alone says which (not_found is shared by alerts and components).
const KNOWN_CODES: Record<string, MessageKey> = {
  date_in_past: 'scheduleInPast',
  date_too_far: 'scheduleTooFar',
  date_in_future: 'completeInFuture',
  alert_resolved: 'alertResolved',
};

/**
 * A refused action in the member's language. The server's maintenance refusals are the fixed
 * English sentences of MAINTENANCE_MESSAGES, so we recognise them (by sentence, else by code) and
 * translate; any other 400/404/409 message is shown as the server wrote it; anything else gets a
 * generic line.
 */
export function actionErrorText(t: TFunction<'maintenance'>, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('errors.generic');
  if (error.status === 0) return t('errors.network');
  const key = KNOWN_MESSAGES.find(([, message]) => message === error.serverMessage)?.[0] ?? (error.code ? KNOWN_CODES[error.code] : undefined);
  if (key) return t(`errors.${key}`);
  if ([400, 404, 409].includes(error.status) && error.serverMessage) return error.serverMessage;
  return t('errors.generic');
}
