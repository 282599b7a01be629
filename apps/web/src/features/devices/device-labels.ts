import { DEVICE_KINDS as KINDS } from '@peakwise/contracts/device-management.contract';
import type { TFunction } from 'i18next';

const STATUSES = ['operational', 'warning', 'critical', 'offline'] as const;

/** Kinds and statuses come from the server as open strings; unknown ones get a generic word. */
export function kindLabel(t: TFunction<'devices'>, kind: string): string {
  return (KINDS as readonly string[]).includes(kind) ? t(`kind.${kind as (typeof KINDS)[number]}`) : t('kind.other');
}

export function statusLabel(t: TFunction<'devices'>, status: string): string {
  return (STATUSES as readonly string[]).includes(status) ? t(`status.${status as (typeof STATUSES)[number]}`) : t('status.unknown');
}
