import { reliabilityFromHours } from '@peakwise/domain/reliability';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { setReliability, type Component } from './components.repository';
import { reportingHours } from './reliability.repository';

/** MTBF and MTTR look at the last year of reporting. */
const RELIABILITY_DAYS = 365;

/**
 * Recomputes MTBF/MTTR for the components not yet computed today (or all of them when past days
 * changed: a back-fill), from the hourly device rollups' interval counts.
 */
export async function refreshReliability(db: DbOrTx, components: readonly Component[], today: string, now: Date, pastChanged: boolean): Promise<void> {
  const due = components.filter((c) => c.deviceId !== null && (pastChanged || c.reliabilityOn !== today));
  if (due.length === 0) return;
  // The current hour is still filling up: judge hours that are over.
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - RELIABILITY_DAYS * 24 * HOUR_MS);
  const { spans, missed } = await reportingHours(
    db,
    due.map((c) => c.deviceId!),
    from,
    to,
  );
  for (const c of due) {
    const span = spans.get(c.deviceId!);
    // The first hour is partial (the device joined during it): watch from the next one.
    const r = span ? reliabilityFromHours(span.first + HOUR_MS, span.last, missed.get(c.deviceId!) ?? []) : null;
    await setReliability(db, c.id, r, today);
  }
}
