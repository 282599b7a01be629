import { MAINTENANCE_MESSAGES } from '@peakwise/contracts/maintenance.contract';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '@/lib/api-request';

type MessageKey = keyof typeof MAINTENANCE_MESSAGES;
const KNOWN = Object.entries(MAINTENANCE_MESSAGES) as [MessageKey, string][];

/**
 * A refused action in the member's language. The server's maintenance refusals are the fixed
 * English sentences of MAINTENANCE_MESSAGES, so we recognise them and translate; any other
 * 400/404/409 message is shown as the server wrote it; anything else gets a generic line.
 */
export function actionErrorText(t: TFunction<'maintenance'>, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('errors.generic');
  if (error.status === 0) return t('errors.network');
  const known = KNOWN.find(([, message]) => message === error.serverMessage);
  if (known) return t(`errors.${known[0]}`);
  if ([400, 404, 409].includes(error.status) && error.serverMessage) return error.serverMessage;
  return t('errors.generic');
}
