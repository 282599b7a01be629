import { INTERVAL_MS } from './time-constants';

/**
 * More than one program (issue 32, docs/decisions/108-stacking-and-one-kwh-paid-once.md): which
 * events a household may take part in together, and which of two overlapping events pays each
 * 5-minute interval they share.
 */

/** What the rules need of an event: its window, its program, and the terms it copied from it. */
export type StackingEvent = {
  id: string;
  programId: string;
  startMs: number;
  endMs: number;
  pointsPerKwh: number;
  rewardPoints: number;
  /** The program allows its members to take part in another program's events at the same time. */
  stacks: boolean;
};

/** The 5-minute intervals an event is scored on, by start instant: [start, end), from the start's interval. */
export function eventIntervals(event: Pick<StackingEvent, 'startMs' | 'endMs'>): number[] {
  const out: number[] = [];
  for (let t = Math.floor(event.startMs / INTERVAL_MS) * INTERVAL_MS; t < event.endMs; t += INTERVAL_MS) out.push(t);
  return out;
}

/** Whether two events share at least one scored interval. */
export function eventsOverlap(a: Pick<StackingEvent, 'startMs' | 'endMs'>, b: Pick<StackingEvent, 'startMs' | 'endMs'>): boolean {
  const aFirst = Math.floor(a.startMs / INTERVAL_MS) * INTERVAL_MS;
  const bFirst = Math.floor(b.startMs / INTERVAL_MS) * INTERVAL_MS;
  return aFirst < b.endMs && bFirst < a.endMs;
}

/**
 * Orders the claims on a shared interval, best first: the higher points per kWh, then the higher
 * reward per event, then the earlier start, then the smaller id. The last two only make the
 * answer the same whichever event settles first; they favour no program.
 */
export function comparePayers(a: StackingEvent, b: StackingEvent): number {
  if (a.pointsPerKwh !== b.pointsPerKwh) return b.pointsPerKwh - a.pointsPerKwh;
  if (a.rewardPoints !== b.rewardPoints) return b.rewardPoints - a.rewardPoints;
  if (a.startMs !== b.startMs) return a.startMs - b.startMs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Which event pays each interval of a household's events: every interval any of them covers goes
 * to exactly one event that covers it. `claimed` holds intervals a settlement already recorded as
 * paid (by event id): they stay with that event, whatever the order says, so what was paid is
 * never paid again.
 */
export function intervalPayers(events: readonly StackingEvent[], claimed: ReadonlyMap<number, string> = new Map()): Map<number, string> {
  const ids = new Set(events.map((e) => e.id));
  const payers = new Map<number, string>();
  for (const event of [...events].sort(comparePayers)) {
    for (const t of eventIntervals(event)) {
      if (payers.has(t)) continue;
      const earlier = claimed.get(t);
      payers.set(t, earlier !== undefined && ids.has(earlier) ? earlier : event.id);
    }
  }
  return payers;
}

/** One event's share of a household's overlapping events. */
export type EventShare = {
  /** Intervals of the event another event pays (the event's settlement sees them as paid). */
  ceded: Set<number>;
  /** Intervals the event pays that another event of the household also covers: recorded when paid. */
  sharedPaid: number[];
};

export function eventShare(event: StackingEvent, others: readonly StackingEvent[], claimed: ReadonlyMap<number, string> = new Map()): EventShare {
  const overlapping = others.filter((o) => o.id !== event.id && eventsOverlap(event, o));
  const ceded = new Set<number>();
  const sharedPaid: number[] = [];
  if (overlapping.length === 0) return { ceded, sharedPaid };
  const payers = intervalPayers([event, ...overlapping], claimed);
  const coveredByOthers = new Set(overlapping.flatMap(eventIntervals));
  for (const t of eventIntervals(event)) {
    if (payers.get(t) !== event.id) ceded.add(t);
    else if (coveredByOthers.has(t)) sharedPaid.push(t);
  }
  return { ceded, sharedPaid };
}

/** Who pays one stretch of an event's window, for the member to see before opting in. */
export type PaySegment = { startMs: number; endMs: number; payerId: string };

/** The event's window cut into stretches by the event that pays them, in time order. */
export function paySegments(event: StackingEvent, others: readonly StackingEvent[]): PaySegment[] {
  const payers = intervalPayers([event, ...others.filter((o) => o.id !== event.id && eventsOverlap(event, o))]);
  const segments: PaySegment[] = [];
  for (const t of eventIntervals(event)) {
    const payerId = payers.get(t)!;
    const last = segments.at(-1);
    // Clipped to the event's own window: its first and last interval may start or end off the 5-minute grid.
    const endMs = Math.min(t + INTERVAL_MS, event.endMs);
    if (last && last.payerId === payerId && last.endMs === t) last.endMs = endMs;
    else segments.push({ startMs: Math.max(t, event.startMs), endMs, payerId });
  }
  return segments;
}

/** Why a household may not take part in both events. */
export type StackingConflict = { eventId: string; reason: 'this_program_exclusive' | 'other_program_exclusive' };

/**
 * A program that does not stack takes its members out of other programs' events at the same
 * times: joining `candidate` conflicts with an overlapping event of another program the household
 * takes part in when either program does not stack. Two events of one program never conflict
 * (they share intervals and are paid once, like stacking programs').
 */
export function stackingConflict(candidate: StackingEvent, joined: readonly StackingEvent[]): StackingConflict | null {
  for (const other of [...joined].sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1))) {
    if (other.id === candidate.id || other.programId === candidate.programId || !eventsOverlap(candidate, other)) continue;
    if (!candidate.stacks) return { eventId: other.id, reason: 'this_program_exclusive' };
    if (!other.stacks) return { eventId: other.id, reason: 'other_program_exclusive' };
  }
  return null;
}
