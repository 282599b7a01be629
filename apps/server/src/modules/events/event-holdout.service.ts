import { randomBytes } from 'node:crypto';
import { holdoutSize, seasonHoldoutCap } from '@peakwise/domain/event-holdout';
import { eventSeason } from '@peakwise/domain/event-season';
import type { DbOrTx } from '../../db/client';
import { assignHouseholds, eventsDrawnInSeason, insertDraw } from './event-holdout.repository';
import { countReach } from './events.repository';

export type EventToDraw = { id: string; programId: string; startsAt: Date; holdoutPercent: number };

/**
 * Draws the event's random hold-out at its announcement (decision 100): a fresh 128-bit seed,
 * recorded, decides which of the area's drawable households are not called. Called once, from
 * `scheduleEvent`, in its transaction, so every fan-out after it (the announcement job,
 * webhooks, "every event" opt-ins) already sees who is held out. Drawing again does nothing.
 */
export async function drawEventHoldout(tx: DbOrTx, event: EventToDraw, now: Date, seed = randomBytes(16).toString('hex')): Promise<void> {
  // The season follows the event's UTC date: an evening event on 31 October in Canada is already
  // 1 November in UTC, a boundary no household notices.
  const season = eventSeason(event.startsAt.toISOString().slice(0, 10));
  if (!(await insertDraw(tx, { eventId: event.id, programId: event.programId, seed, percent: event.holdoutPercent, season, now }))) return;
  const seasonCap = seasonHoldoutCap(await eventsDrawnInSeason(tx, event.programId, season));
  const size = holdoutSize(await countReach(tx, event.programId), event.holdoutPercent);
  await assignHouseholds(tx, { eventId: event.id, programId: event.programId, startsAt: event.startsAt, season, seed, size, seasonCap });
}
