import { HOLIDAY_PROVINCES, type HolidayProvince } from '@peakwise/domain/provincial-holidays';
import { DEMO_NEXT_EVENT_JOB, scheduleNextDemoEvent, type DemoSchedule } from '../simulator/demo-event-schedule';
import type { JobHandler } from './durable-worker';

function scheduleOf(payload: Record<string, unknown>): { schedule: DemoSchedule; after: string } {
  const { programId, operatorId, province, zone, hours, after } = payload;
  const valid =
    typeof programId === 'string' &&
    typeof operatorId === 'string' &&
    HOLIDAY_PROVINCES.includes(province as HolidayProvince) &&
    typeof zone === 'string' &&
    Array.isArray(hours) &&
    hours.length === 2 &&
    hours.every((h) => Number.isInteger(h)) &&
    typeof after === 'string';
  if (!valid) throw new Error('Demo event job without its program, rhythm and day');
  return { schedule: { programId, operatorId, province: province as HolidayProvince, zone, hours: [hours[0] as number, hours[1] as number] }, after };
}

/** The demo's programs keep an event ahead: six hours before each of their events, the next is announced. */
export const demoEventJobHandlers: Record<string, JobHandler> = {
  [DEMO_NEXT_EVENT_JOB]: async ({ tx, job, now }) => {
    const { schedule, after } = scheduleOf(job.payload);
    await scheduleNextDemoEvent(tx, schedule, now, after);
  },
};
