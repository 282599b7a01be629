import type pg from 'pg';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '../../packages/domain/src/local-time';
import { provincialHolidayDates } from '../../packages/domain/src/provincial-holidays';
import { int, log } from './format';

export const ZONE = 'America/Toronto';
const CHUNK = 5_000; // households per generating statement

/** The event: 18:00–19:00 Toronto on the most recent weekday at least 3 days ago that is not a holiday. */
export function eventDay(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -3);
  const holidays = new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

/**
 * The event day and the 10 weekdays before it that are not holidays (a full baseline), each from the
 * adjustment window's start (13:00: three hours ending two hours before the event, decision 138) to 19:30: the end of the second program's event (18:30–19:30),
 * whose last half hour only it covers and pays.
 */
function readingDays(date: string): { from: Date; to: Date }[] {
  const year = Number(date.slice(0, 4));
  const holidays = new Set(provincialHolidayDates('ON', year - 1, year));
  const days = [date];
  for (let d = addDays(date, -1); days.length < 11; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
  return days.map((d) => ({ from: zonedTimeToUtc(d, 13, 0, ZONE), to: zonedTimeToUtc(d, 19, 30, ZONE) }));
}

/** N Toronto households opted in to the event, with the readings its settlement reads (generated set-based in SQL). */
export async function seedEventHouseholds(pool: pg.Pool, n: number, eventId: string, starts: Date) {
  await pool.query(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-ev-' || i, 'Bench home ' || i, 'ON', $2 from generate_series(1, $1::int) as i`,
    [n, ZONE],
  );
  await pool.query(`insert into event_participations (event_id, household_id, opted_in, source) select $1::uuid, id, true, 'member' from households where owner_user_id like 'bench-ev-%'`, [eventId]);
  const { rows } = await pool.query<{ id: string }>(`select id from households where owner_user_id like 'bench-ev-%' order by id`);
  const ids = rows.map((r) => r.id);
  const days = readingDays(localDateOf(starts, ZONE));
  for (let i = 0; i < ids.length; i += CHUNK) {
    // About 0.3–0.5 kWh per interval; during the event every third home cuts by a third.
    await pool.query(
      `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
       select h.id, g.ts, 0, v.c, v.c, 0, g.ts
       from unnest($1::uuid[]) with ordinality as h(id, n)
       cross join unnest($2::timestamptz[], $3::timestamptz[]) as d(f, t)
       cross join lateral generate_series(d.f, d.t - interval '5 minutes', interval '5 minutes') as g(ts)
       cross join lateral (select round(((0.3 + 0.2 * random()) * case when h.n % 3 = 0 and g.ts >= $4 then 0.66 else 1 end)::numeric, 3)::float8 as c) v`,
      [ids.slice(i, i + CHUNK), days.map((d) => d.from.toISOString()), days.map((d) => d.to.toISOString()), starts.toISOString()],
    );
    if ((i / CHUNK) % 4 === 3) log(`  … ${int(i + CHUNK)} households`);
  }
  return ids;
}

