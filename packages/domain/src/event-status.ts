/**
 * An Energy Saving Event's life: scheduled → active → ended → settled, or cancelled before it
 * ends (docs/decisions/029-event-baseline-and-points.md). Jobs and the operator console move it
 * only through nextEventStatus, so an illegal move is refused in one place.
 */

export const EVENT_STATUSES = ['scheduled', 'active', 'ended', 'settled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export type EventAction = 'start' | 'end' | 'settle' | 'cancel';

/*
 * An active event can still be cancelled (the grid no longer needs it): members are told and
 * nothing is settled. Once it has ended the cut has happened and is owed its settlement.
 * 'settle' on a settled event is a re-settlement (a late reading) and keeps it settled.
 */
const MOVES: Record<EventStatus, Partial<Record<EventAction, EventStatus>>> = {
  scheduled: { start: 'active', cancel: 'cancelled' },
  active: { end: 'ended', cancel: 'cancelled' },
  ended: { settle: 'settled' },
  settled: { settle: 'settled' },
  cancelled: {},
};

export type EventTransition =
  | { ok: true; status: EventStatus }
  | { ok: false; error: 'illegal_transition'; from: EventStatus; action: EventAction };

export function nextEventStatus(from: EventStatus, action: EventAction): EventTransition {
  const status = MOVES[from][action];
  return status ? { ok: true, status } : { ok: false, error: 'illegal_transition', from, action };
}

export function isEventStatus(value: string): value is EventStatus {
  return (EVENT_STATUSES as readonly string[]).includes(value);
}
