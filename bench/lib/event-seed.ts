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

/** The event day and the 10 weekdays before it that are not holidays: a full baseline's days. */
function baselineDates(date: string): string[] {
  const year = Number(date.slice(0, 4));
  const holidays = new Set(provincialHolidayDates('ON', year - 1, year));
  const days = [date];
  for (let d = addDays(date, -1); days.length < 11; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
  return days;
}

/**
 * Each of those days from `fromHour` to 19:30, the end of the second program's event (18:30–19:30),
 * whose last half hour only it covers and pays. A home without a battery is read from 13:00, the
 * adjustment window's start (three hours ending two hours before the event, decision 138); a battery
 * home from midnight, the production its days are matched on (decision 147).
 */
function readingDays(date: string, fromHour: number): { from: Date; to: Date }[] {
  return baselineDates(date).map((d) => ({ from: zonedTimeToUtc(d, fromHour, 0, ZONE), to: zonedTimeToUtc(d, 19, 30, ZONE) }));
}

/** The seeded homes: all of them, and the battery homes with panels among them. */
export type SeededHomes = { ids: string[]; batteryIds: string[] };

/**
 * N Toronto households opted in to the event, with the readings its settlement reads (generated
 * set-based in SQL). Every `batteryEvery`-th home (0: none) has a battery and panels whose meter
 * reports production, so it is frozen and settled on its days nearest in sun (decision 147).
 */
export async function seedEventHouseholds(pool: pg.Pool, n: number, eventId: string, starts: Date, batteryEvery: number): Promise<SeededHomes> {
  await pool.query(
    `insert into households (owner_user_id, name, province, time_zone)
     select 'bench-ev-' || i, 'Bench home ' || i, 'ON', $2 from generate_series(1, $1::int) as i`,
    [n, ZONE],
  );
  await pool.query(`insert into event_participations (event_id, household_id, opted_in, source) select $1::uuid, id, true, 'member' from households where owner_user_id like 'bench-ev-%'`, [eventId]);
  const { rows } = await pool.query<{ id: string }>(`select id from households where owner_user_id like 'bench-ev-%' order by id`);
  const ids = rows.map((r) => r.id);
  const isBattery = (i: number) => batteryEvery > 0 && i % batteryEvery === 1 % batteryEvery;
  const batteryIds = ids.filter((_, i) => isBattery(i));
  await pool.query(`update households set has_battery = true where id = any($1::uuid[])`, [batteryIds]);
  const date = localDateOf(starts, ZONE);
  const plainDays = readingDays(date, 13);
  const batteryDays = readingDays(date, 0);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK).map((id, k) => ({ id, n: i + k }));
    const plain = chunk.filter((h) => !isBattery(h.n));
    const battery = chunk.filter((h) => isBattery(h.n));
    // About 0.3–0.5 kWh per interval; during the event every third home cuts by a third.
    await pool.query(
      `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
       select h.id, g.ts, 0, v.c, v.c, 0, g.ts
       from unnest($1::uuid[], $2::int[]) as h(id, n)
       cross join unnest($3::timestamptz[], $4::timestamptz[]) as d(f, t)
       cross join lateral generate_series(d.f, d.t - interval '5 minutes', interval '5 minutes') as g(ts)
       cross join lateral (select round(((0.3 + 0.2 * random()) * case when h.n % 3 = 0 and g.ts >= $5 then 0.66 else 1 end)::numeric, 3)::float8 as c) v`,
      [plain.map((h) => h.id), plain.map((h) => h.n), plainDays.map((d) => d.from.toISOString()), plainDays.map((d) => d.to.toISOString()), starts.toISOString()],
    );
    if (battery.length > 0) await seedBatteryReadings(pool, battery, batteryDays, starts);
    if ((i / CHUNK) % 4 === 3) log(`  … ${int(i + CHUNK)} households`);
  }
  // The daily rollups the freeze asks which homes' meters report production from (the rollup job's figures).
  await pool.query(
    `insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
     select household_id, (ts at time zone $2)::date, sum(production_kwh), sum(consumption_kwh), sum(grid_import_kwh), sum(grid_export_kwh), count(*)
     from meter_readings where household_id = any($1::uuid[]) group by 1, 2`,
    [batteryIds, ZONE],
  );
  return { ids, batteryIds };
}

/**
 * A battery home's day from midnight: its panels make up to 0.3 kWh an interval from 07:00 to 17:00
 * under the day's sun (20–100 %, drawn per home and day), the surplus charges the battery and the
 * rest is exported; from 17:00 the battery covers up to 80 % of the load as the day's sun charged
 * it, so the evening's grid draw follows the sun, as a self-consuming battery's does.
 */
async function seedBatteryReadings(pool: pg.Pool, homes: readonly { id: string; n: number }[], days: readonly { from: Date; to: Date }[], starts: Date) {
  await pool.query(
    `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at)
     select h.id, g.ts, v.p, v.c,
       case when v.hour >= 17 then round((v.c * (1 - 0.8 * s.sun))::numeric, 3)::float8 else greatest(0, v.c - v.p) end,
       case when v.hour >= 17 then 0 else round((greatest(0, v.p - v.c) / 2)::numeric, 3)::float8 end,
       g.ts
     from unnest($1::uuid[], $2::int[]) as h(id, n)
     cross join unnest($3::timestamptz[], $4::timestamptz[]) as d(f, t)
     -- One draw per home and day: the subquery names both, so it is evaluated for each pair.
     cross join lateral (select 0.2 + 0.8 * random() + 0 * h.n + 0 * extract(epoch from d.f) as sun) s
     cross join lateral generate_series(d.f, d.t - interval '5 minutes', interval '5 minutes') as g(ts)
     cross join lateral (select extract(epoch from g.ts - d.f) / 3600 as hour) l
     cross join lateral (
       select l.hour,
         round(((0.3 + 0.2 * random()) * case when h.n % 3 = 0 and g.ts >= $5 then 0.66 else 1 end)::numeric, 3)::float8 as c,
         case when l.hour >= 7 and l.hour < 17 then round((0.3 * s.sun * sin(pi() * (l.hour - 7) / 10))::numeric, 3)::float8 else 0 end as p
     ) v`,
    [homes.map((h) => h.id), homes.map((h) => h.n), days.map((d) => d.from.toISOString()), days.map((d) => d.to.toISOString()), starts.toISOString()],
  );
}
