import { HOUR_MS } from './time-constants';

/**
 * A program's notice (docs/decisions/113-per-kwh-pay-notice-and-moves.md): members are told of an
 * event at least the program's notice hours before it starts, so an event is scheduled, or moved,
 * no later than that. There is no per-event override: the notice is a term members read before
 * joining, and a program that must call events at short notice says so with a shorter notice (0
 * for an emergency program).
 */

/** The earliest start the notice allows from `nowMs`; null when `startMs` is far enough ahead. */
export function noticeShortfall(startMs: number, nowMs: number, noticeHours: number): { earliestStartMs: number } | null {
  const earliestStartMs = nowMs + Math.max(0, noticeHours) * HOUR_MS;
  return startMs >= earliestStartMs ? null : { earliestStartMs };
}

/**
 * Whether a move asks something new of the members: any window that is not inside the one they
 * were told of. A window kept or shortened asks less, so it needs no fresh notice.
 */
export function moveAsksMore(from: { startMs: number; endMs: number }, to: { startMs: number; endMs: number }): boolean {
  return to.startMs < from.startMs || to.endMs > from.endMs;
}
