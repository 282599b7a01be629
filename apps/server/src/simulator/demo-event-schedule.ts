import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates, type HolidayProvince } from '@peakwise/domain/provincial-holidays';
import type { DbOrTx } from '../db/client';
import { scheduleJob } from '../modules/durable-jobs/durable-jobs.repository';
import { findProgramById } from '../modules/events/event-programs.repository';
import { findEventAt } from '../modules/events/events.repository';
import { scheduleEvent } from '../modules/events/events.service';

/** The durable job that announces a demo program's next event (`scheduleNextDemoEvent`). */
export const DEMO_NEXT_EVENT_JOB = 'demo.next-event';
/** The next event is announced six hours before one starts: at noon on an evening event's day. */
const NEXT_EVENT_LEAD_MS = 6 * 3_600_000;

/** A demo program's rhythm: an event every weekday that is not a holiday of its province, at these hours of its zone. */
export type DemoSchedule = { programId: string; operatorId: string; province: HolidayProvince; zone: string; hours: readonly [number, number] };

/** A province's holidays from last year to next, around `today`. */
export function holidaysAround(province: HolidayProvince, today: string): ReadonlySet<string> {
  const year = Number(today.slice(0, 4));
  return new Set(provincialHolidayDates(province, year - 1, year + 1));
}

/** A day a demo program calls an event on: a weekday that is not a holiday. */
export function isEventDay(date: string, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(date) && !holidays.has(date);
}

/**
 * A demo program's next event: the first working day after `after` (else from today) whose start
 * is still ahead, scheduled through the operator's path with no hold-out (the shared demo's
 * visitors are homes of one area, and each must be called to see its event). With it, a job six
 * hours before its start announces the one after, as an operator dispatching a day ahead would:
 * a demo server that runs for days always has an event a visitor can still opt in to, hours
 * ahead, even while one is on. A server that was down for days catches up with one event, not a
 * backlog. Idempotent: an event already at that time is kept, and the job's key is the day's.
 * Nothing is scheduled once an operator has paused or ended the program, or past its season.
 */
export async function scheduleNextDemoEvent(tx: DbOrTx, schedule: DemoSchedule, now: Date, after?: string): Promise<void> {
  const program = await findProgramById(tx, schedule.programId);
  if (program?.status !== 'active') return;
  const { zone, hours } = schedule;
  const today = localDateOf(now, zone);
  const holidays = holidaysAround(schedule.province, today);
  let day = after ? addDays(after, 1) : today;
  while (!isEventDay(day, holidays) || zonedTimeToUtc(day, hours[0], 0, zone).getTime() <= now.getTime()) day = addDays(day, 1);
  if (day > program.seasonEnd) return;
  const startsAt = zonedTimeToUtc(day, hours[0], 0, zone);
  if (!(await findEventAt(tx, schedule.programId, startsAt))) {
    const endsAt = zonedTimeToUtc(day, hours[1], 0, zone);
    await scheduleEvent(tx, { programId: schedule.programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), holdoutPercent: 0 }, schedule.operatorId, now, { noticeWaivedFor: 'demo' });
  }
  const announceNextAt = new Date(Math.max(now.getTime(), startsAt.getTime() - NEXT_EVENT_LEAD_MS));
  await scheduleJob(tx, { name: DEMO_NEXT_EVENT_JOB, key: `demo:next-event:${schedule.programId}:${day}`, runAt: announceNextAt, payload: { ...schedule, after: day } });
}
