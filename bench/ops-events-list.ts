/**
 * The operator's event list (`listEventsForOps`) on a province's homes: HOMES (default 100,000)
 * Ontario homes, four programs (two limited to a postal area), 200 settled events and the last
 * ten with every home opted in and settled (a million participations and results). Prints the
 * list's time five times and its first rows, to compare a change's figures with the code's before.
 * Each event's figures are stored as its settlement run stores them (decision 146), and what that
 * store cost for an event of every home is printed too (the part settlement adds).
 * `npx tsx bench/ops-events-list.ts` (KEEP=1 leaves the database and prints its name).
 */
import { listEventsForOps } from '../apps/server/src/modules/events/events.repository';
import { storeEventTotals } from '../apps/server/src/modules/events/event-totals.repository';
import { createFreshDatabase } from './lib/database';

const ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const HOMES = Number(process.env.HOMES ?? 100_000);
const fresh = await createFreshDatabase(ADMIN, 'opsev');
try {
  const p = fresh.pool;
  await p.query(`insert into households (owner_user_id, name, province, postal_code, time_zone)
    select 'bench-' || i, 'Home ' || i, 'ON', case when i % 3 = 0 then 'M5V 1A1' else 'K1A 0B1' end, 'America/Toronto' from generate_series(1, $1::int) i`, [HOMES]);
  const programs: string[] = [];
  for (const [name, fsas] of [['All ON', null], ['Toronto', '{M5V}'], ['Ottawa', '{K1A}'], ['ON 2', null]] as const) {
    programs.push((await p.query<{ id: string }>(`insert into event_programs (name, provinces, fsas) values ($1, '{ON}', $2) returning id`, [name, fsas])).rows[0]!.id);
  }
  const events: string[] = [];
  for (let i = 0; i < 200; i++) {
    const start = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 + 23 * 3_600_000);
    events.push((await p.query<{ id: string }>(`insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by, settled_at) values ($1, $2, $3, 100, 10, 'settled', 'bench', $3) returning id`, [programs[i % 4], start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString()])).rows[0]!.id);
  }
  for (const eventId of events.slice(-10)) {
    await p.query(`insert into event_participations (event_id, household_id, opted_in, source) select $1::uuid, id, true, 'member' from households`, [eventId]);
    await p.query(`insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at)
      select $1::uuid, id, 1, 'settled', 2, 1.5, 0.5, 100, '{}'::jsonb, now() from households`, [eventId]);
  }
  await p.query('analyze');
  // As each event's settlement run leaves them: the ten full events timed, the others empty.
  const stores: number[] = [];
  for (const [i, eventId] of events.entries()) {
    const t0 = performance.now();
    await storeEventTotals(fresh.database.db, [eventId]);
    if (i >= events.length - 10) stores.push(performance.now() - t0);
  }
  console.log(`storeEventTotals, an event of ${HOMES} settled homes: ${stores.map((t) => t.toFixed(0)).join(' / ')} ms`);

  const times: number[] = [];
  let sample = '';
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const rows = await listEventsForOps(fresh.database.db);
    times.push(performance.now() - t0);
    sample = JSON.stringify(rows.slice(0, 3).map((x) => [x.programName, x.reach, x.optedIn, x.settledHouseholds, x.pointsAwarded, x.reductionKwh]));
  }
  console.log(`listEventsForOps, ${HOMES} homes, 200 events: ${times.map((t) => t.toFixed(0)).join(' / ')} ms; ${sample}`);
} finally {
  if (process.env.KEEP) console.log(fresh.name);
  else await fresh.drop();
}
