import type { TFunction } from 'i18next';
import { serverErrorOf } from '@/lib/api-request';

const KNOWN = [
  'phone_invalid',
  'code_too_soon',
  'sms_failed',
  'code_wrong',
  'code_expired',
  'too_many_attempts',
  'no_code_pending',
  'phone_not_verified',
  'no_push_subscription',
] as const;
type Known = (typeof KNOWN)[number];

/** A refusal from the notification endpoints in the member's language (the server's words are English). */
export function notificationErrorText(t: TFunction<'notifications'>, error: unknown): string {
  const { code } = serverErrorOf(error);
  if (code && (KNOWN as readonly string[]).includes(code)) return t(`errors.${code as Known}`);
  // The general rate limit answers 429 without one of our codes.
  if (error && typeof error === 'object' && 'status' in error && error.status === 429) return t('errors.rate_limited');
  return t('errors.generic');
}
