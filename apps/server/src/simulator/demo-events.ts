import { addDays, isoWeekday, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { MIN_BASELINE_WEEKDAYS } from '@peakwise/domain/event-baseline';
import type { Db } from '../db/client';
import { scheduleJob } from '../modules/durable-jobs/durable-jobs.repository';
import { chooseAllSwitchablePlugs } from '../modules/events/event-preferences.repository';
import { findEventAt, firstMeterReading, insertEvent, setParticipation } from '../modules/events/events.repository';
import { EVENT_JOBS } from '../modules/events/events.service';
import { scheduleMonthlyBonus } from '../modules/monthly-bonus/monthly-bonus.service';
import { holidaysAround, isEventDay, scheduleNextDemoEvent } from './demo-event-schedule';
import { ensureDemoProgram, ontarioProgram } from './demo-programs';

const ZONE = 'America/Toronto';
/** Evening peak: 6–7 PM Toronto time. */
const EVENT_HOURS = [18, 19] as const;
const PAST_EVENTS = 5;
/** Before those, the programme's twice-weekly rhythm: Tuesday and Thursday evenings. */
const EARLIER_EVENT_WEEKDAYS: ReadonlySet<number> = new Set([2, 4]);
/**
 * Days of back-fill an earlier event needs before it: enough non-event weekdays (Mondays,
 * Wednesdays and Fridays) for a baseline (decision 029), so each one settles with a result.
 */
const BASELINE_RUN_IN_DAYS = Math.ceil((MIN_BASELINE_WEEKDAYS + 1) / 3) * 7;

/** The evenings of the demo's past events, newest first (see ensureDemoEvents). */
export function pastDemoEventDays(today: string, backfillDays: number, holidays: ReadonlySet<string>): string[] {
  const days: string[] = [];
  let day = addDays(today, -1);
  for (let made = 0; made < PAST_EVENTS; day = addDays(day, -1)) {
    if (!isEventDay(day, holidays)) continue;
    made += 1;
    days.push(day);
  }
  const firstOfLastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7) + '-01';
  const runIn = addDays(today, -backfillDays + BASELINE_RUN_IN_DAYS);
  const earliest = firstOfLastMonth > runIn ? firstOfLastMonth : runIn;
  for (; day >= earliest; day = addDays(day, -1)) {
    if (isEventDay(day, holidays) && EARLIER_EVENT_WEEKDAYS.has(isoWeekday(day))) days.push(day);
  }
  return days;
}


/**
 * The demo household's events, made the way an operator makes them (decision 034):
 * - tonight's, and from noon on its day the next evening's (`scheduleNextDemoEvent`), the demo
 *   not yet opted in so a visitor can press Opt In Now;
 * - the last five weekday evenings, and before them the Tuesday and Thursday evenings back to the
 *   1st of last month (as far as the back-fill leaves a baseline before them), opted in, but only
 *   where the household has no readings yet (a fresh back-fill): the simulator cuts its use during
 *   them, and the real settlement job settles them once the back-fill has stored them
 *   (`settlePastDemoEvents`). Their points, and last month's bonus for taking part in all of
 *   them, are what the demo's balance is: earned the way any member earns it (decision 085).
 * Its switchable plugs are chosen to power down during events, so tonight's event, once opted in,
 * switches them through the real plug automation and the gateway confirms like a real plug.
 * Idempotent: an event already at that time is kept.
 */
export async function ensureDemoEvents(db: Db, householdId: string, operatorId: string, now: Date, backfillDays: number): Promise<{ pastEventIds: string[] }> {
  const programId = await ensureDemoProgram(db, ontarioProgram(localDateOf(now, ZONE)), now);
  // Its switchable plugs power down through the real automation (decision 037) in events it opts in to.
  await chooseAllSwitchablePlugs(db, householdId, now);
  const today = localDateOf(now, ZONE);
  const holidays = holidaysAround('ON', today);
  await db.transaction((tx) => scheduleNextDemoEvent(tx, { programId, operatorId, province: 'ON', zone: ZONE, hours: EVENT_HOURS }, now));

  const first = await firstMeterReading(db, householdId);
  const pastEventIds: string[] = [];
  for (const day of pastDemoEventDays(today, backfillDays, holidays)) {
    const startsAt = zonedTimeToUtc(day, EVENT_HOURS[0], 0, ZONE);
    const existing = await findEventAt(db, programId, startsAt);
    if (existing) {
      pastEventIds.push(existing);
      continue;
    }
    // Readings already stored for that evening were made without the event: no cut to reward.
    if (first && first.getTime() <= startsAt.getTime()) continue;
    const id = await db.transaction(async (tx) => {
      const eventId = await insertEvent(tx, { programId, startsAt, endsAt: zonedTimeToUtc(day, EVENT_HOURS[1], 0, ZONE), rewardPoints: 100, targetPercent: 10, createdBy: operatorId });
      await setParticipation(tx, eventId, householdId, true, new Date(startsAt.getTime() - 6 * 3_600_000));
      return eventId;
    });
    pastEventIds.push(id);
  }
  return { pastEventIds };
}

/** How long after handing the past events to settlement last month's bonus is looked at: they settle in seconds. */
const BONUS_AFTER_SETTLING_MS = 60_000;

/**
 * After the back-fill: the past events go to the settlement job, as any ended event does; then
 * last month's bonus job runs (it waits for every event of the month to settle, and credits each
 * household that took part in all of them). A server that ran through the month end has run it
 * already, and its key keeps that run.
 */
export async function settlePastDemoEvents(db: Db, eventIds: readonly string[], now: Date): Promise<void> {
  for (const eventId of eventIds) await scheduleJob(db, { name: EVENT_JOBS.settle, key: `event:${eventId}:settle`, runAt: now, payload: { eventId } });
  const lastMonth = addDays(`${localDateOf(now, ZONE).slice(0, 7)}-01`, -1).slice(0, 7);
  await scheduleMonthlyBonus(db, lastMonth, new Date(now.getTime() + BONUS_AFTER_SETTLING_MS));
}
