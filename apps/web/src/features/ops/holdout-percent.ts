import { HOLDOUT_PERCENT_MAX } from '@peakwise/domain/event-holdout';

/** The hold-out field as typed: a whole percentage from 0 to 50 (the server's own check), else null. */
export function checkHoldoutPercent(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const percent = Number(trimmed);
  return percent <= HOLDOUT_PERCENT_MAX ? percent : null;
}
