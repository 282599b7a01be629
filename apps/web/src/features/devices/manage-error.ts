import type { TFunction } from 'i18next';
import { ApiRequestError } from '@/lib/api-request';

const CODES = ['device_exists', 'device_paired_elsewhere', 'device_id_too_long_for_tasmota', 'device_id_has_dot_for_broker', 'unknown_room', 'not_found', 'validation_failed'] as const;

/** A refused add, edit or removal in the member's language. */
export function manageErrorText(t: TFunction<'manageDevices'>, error: unknown): string {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return (CODES as readonly (string | undefined)[]).includes(code) ? t(`errors.${code as (typeof CODES)[number]}`) : t('errors.generic');
}
