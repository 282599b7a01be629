import { EARLY_WINDOW_GAP_MINUTES } from '@peakwise/domain/event-baseline';

/**
 * Which sentences say the same-day window: 'early' (i18next's context) for the three hours ending
 * two hours before the start (docs/decisions/138-the-baseline-of-decision-133-wired.md); none for
 * decision 101's hour, which rows frozen under it keep, and for results stored before the gap was.
 */
export function windowContext(gapMinutes: number | null | undefined): 'early' | undefined {
  return gapMinutes === EARLY_WINDOW_GAP_MINUTES ? 'early' : undefined;
}
