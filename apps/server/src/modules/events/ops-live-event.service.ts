import { EVENT_MESSAGES, type OpsLiveEvent } from '@peakwise/contracts/events.contract';
import { kwOfInterval } from '@peakwise/domain/event-scorecard';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { expiringCache } from '../../lib/expiring-cache';
import { otherEventStartsByHousehold } from './event-settlement.repository';
import { findEvent, optedInHouseholds, type EventRow } from './events.repository';
import { settlementBaselines } from './frozen-baselines.service';
import { optedInCounts, optedInUseByInterval } from './ops-live-event.repository';

const SLOT_MS = 300_000;
/**
 * The summed baseline of an event's households does not move while it runs (earlier days, and an
 * adjustment window that closed an hour before the start), and is as costly as a settlement to
 * work out, so each process keeps it for a while; opt-ins close at the start, so its households
 * are fixed too.
 */
const BASELINE_TTL_MS = 10 * 60_000;
type SummedBaseline = { kwhByInterval: number[]; withBaseline: number };
// A handful of events run at once; the cap only bounds a process that lives through many.
const summed = expiringCache<SummedBaseline>({ ttlMs: BASELINE_TTL_MS, maxEntries: 1_000 });

function summedBaseline(db: DbOrTx, event: EventRow): Promise<SummedBaseline> {
  return summed.get(`${event.id}|${event.startsAt.getTime()}|${event.endsAt.getTime()}`, async () => {
    const participants = await optedInHouseholds(db, event.id);
    const otherStarts = await otherEventStartsByHousehold(db, event.id);
    const kwhByInterval: number[] = [];
    let withBaseline = 0;
    for await (const batch of settlementBaselines(db, event, participants, otherStarts, 2_000)) {
      for (const { baseline } of batch) {
        if (!baseline.ok) continue;
        withBaseline += 1;
        baseline.slots.forEach((slot, i) => (kwhByInterval[i] = (kwhByInterval[i] ?? 0) + (baseline.kwhBySlot[slot] ?? 0)));
      }
    }
    return { kwhByInterval, withBaseline };
  });
}

/**
 * What an operator watches during an event: how many homes opted in and are reporting, and
 * their summed baseline against their summed use per elapsed interval, in kW. Available from
 * the start; before it there is nothing to watch (409).
 */
export async function opsLiveEvent(db: DbOrTx, eventId: string, now: Date): Promise<OpsLiveEvent> {
  const event = await findEvent(db, eventId);
  if (!event) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  if (event.status === 'cancelled') throw new AppError(409, 'event_cancelled', EVENT_MESSAGES.cancelled);
  if (now.getTime() < event.startsAt.getTime()) throw new AppError(409, 'event_not_started', EVENT_MESSAGES.liveNotStarted);
  const until = new Date(Math.min(now.getTime(), event.endsAt.getTime()));
  const [counts, use, baseline] = await Promise.all([optedInCounts(db, event.id, event.startsAt, until), optedInUseByInterval(db, event.id, event.startsAt, until), summedBaseline(db, event)]);
  const useAt = new Map(use.map((u) => [u.ms, u]));
  const firstMs = Math.floor(event.startsAt.getTime() / SLOT_MS) * SLOT_MS;
  const intervals: OpsLiveEvent['intervals'] = [];
  for (let ms = firstMs, i = 0; ms < until.getTime(); ms += SLOT_MS, i++) {
    const used = useAt.get(ms);
    intervals.push({ startsAt: new Date(ms).toISOString(), baselineKw: kwOfInterval(baseline.kwhByInterval[i] ?? 0), actualKw: used ? kwOfInterval(used.kwh) : null, households: used?.households ?? 0 });
  }
  return {
    eventId: event.id,
    status: event.status,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    optedIn: counts.optedIn,
    reporting: counts.reporting,
    withBaseline: baseline.withBaseline,
    intervals,
    asOf: now.toISOString(),
  };
}
