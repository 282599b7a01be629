import type pg from 'pg';
import { DEMO_EMAIL, DEMO_TIME_ZONE } from './journey-constants';

/** A date's local calendar day in a zone, as "YYYY-MM-DD". */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Days of demo back-fill that hold the whole of last month (decision 069): the calendar days
 * from its 1st to today, plus one. The back-fill reaches back that many 24-hour days from now, so
 * the extra day covers the time already gone today and a daylight-saving hour, and the month
 * before is touched only by a part of its last day. 32 days on the 1st, at most 62 on the 31st.
 */
export function backfillDaysForLastMonth(now: Date, timeZone = DEMO_TIME_ZONE): number {
  const [year, month, day] = localDay(now, timeZone).split('-').map(Number) as [number, number, number];
  const firstOfLastMonth = Date.UTC(year, month - 2, 1);
  const today = Date.UTC(year, month - 1, day);
  return Math.round((today - firstOfLastMonth) / 86_400_000) + 1;
}

/**
 * The demo back-fill is over: its raw readings reach the last quarter hour (it stores the oldest
 * days first, then streams live). Until then anything computed from past days can move between
 * two reads.
 */
export async function demoBackfillCaughtUp(db: pg.Client, email = DEMO_EMAIL): Promise<boolean> {
  const { rows } = await db.query<{ recent: boolean }>(
    `select coalesce(max(m.ts) > now() - interval '15 minutes', false) as recent
       from meter_readings m join households h on h.id = m.household_id join users u on u.id = h.owner_user_id
      where u.email = $1`,
    [email],
  );
  return rows[0]?.recent ?? false;
}
