import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../../db/client';
import { listEventsForOps } from './events.repository';
import { storeEventTotals } from './event-totals.repository';

/**
 * The console's event list, its figures worked out here by hand from the rows inserted: reach by
 * each program's area, opt-ins, and the settled results apart by what was paid, held and missing.
 */
describe('listEventsForOps', () => {
  let database: Database;
  const ids: Record<string, string> = {};
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    // Ontario: three homes in M5V, two in K1A, one with no postal code; an operator's home with none
    // (staff, never in reach); one home in Québec.
    const homes: [string, string, string | null, string][] = [
      ['a', 'ON', 'M5V 1A1', 'member'], ['b', 'ON', 'M5V 2B2', 'member'], ['c', 'ON', 'M5V 3C3', 'member'],
      ['d', 'ON', 'K1A 0B1', 'member'], ['e', 'ON', 'K1A 0B2', 'member'], ['f', 'ON', null, 'member'],
      ['staff', 'ON', null, 'operator'], ['q', 'QC', 'H2X 1Y4', 'member'],
    ];
    for (const [key, province, postal, role] of homes) {
      await db.execute(sql`insert into users (id, name, email, role) values (${`u-${key}`}, ${key}, ${`${key}@list.test`}, ${role})`);
      ids[key] = (await one<{ id: string }>(sql`insert into households (owner_user_id, name, province, postal_code, time_zone) values (${`u-${key}`}, ${key}, ${province}, ${postal}, 'America/Toronto') returning id`)).id;
    }
    ids.all = (await one<{ id: string }>(sql`insert into event_programs (name, provinces) values ('All Ontario', '{ON}') returning id`)).id;
    ids.toronto = (await one<{ id: string }>(sql`insert into event_programs (name, provinces, fsas) values ('Toronto core', '{ON}', '{M5V}') returning id`)).id;
    const event = async (key: string, program: string, day: number) => {
      const start = new Date(Date.UTC(2026, 10, day, 23));
      ids[key] = (
        await one<{ id: string }>(
          sql`insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values (${ids[program]}::uuid, ${start.toISOString()}::timestamptz, ${new Date(start.getTime() + 3_600_000).toISOString()}::timestamptz, 100, 10, 'ended', 'test') returning id`,
        )
      ).id;
    };
    await event('older', 'all', 2);
    await event('newer', 'toronto', 3);
    await event('empty', 'all', 1);
    const participate = (event: string, home: string, optedIn: boolean) =>
      db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${ids[event]}::uuid, ${ids[home]}::uuid, ${optedIn}, 'member')`);
    for (const home of ['a', 'b', 'd', 'e']) await participate('older', home, true);
    await participate('older', 'f', false);
    for (const home of ['a', 'c']) await participate('newer', home, true);
    const result = (event: string, home: string, outcome: string, points: number, reductionKwh: number, proof: 'paid_at_once' | 'held' | null) =>
      db.execute(sql`
        insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at, season, saving_kwh, sigma_kwh, at_once_kwh, proof_status)
        values (${ids[event]}::uuid, ${ids[home]}::uuid, 1, ${outcome}, 2, ${2 - reductionKwh}, ${reductionKwh}, ${points}, '{}'::jsonb, now(),
          ${proof ? '2026-winter' : null}, ${proof ? reductionKwh : null}, ${proof ? 0.2 : null}, ${proof ? 0.33 : null}, ${proof})`);
    await result('older', 'a', 'settled', 150, 0.6, 'paid_at_once');
    await result('older', 'b', 'settled', 110, 0.25, 'held');
    await result('older', 'd', 'settled', 0, 0.05, null);
    await result('older', 'e', 'insufficient_data', 0, 0, null);
    await result('newer', 'a', 'settled', 120, 0.4, null);
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives each event its program’s reach, its opt-ins, and its results apart by paid, held and missing', async () => {
    const rows = await listEventsForOps(database.db);
    const figures = rows.map((r) => ({
      id: r.id,
      reach: r.reach,
      optedIn: r.optedIn,
      settled: r.settledHouseholds,
      awarded: r.pointsAwarded,
      held: r.pointsHeld,
      reductionKwh: Number(r.reductionKwh.toFixed(9)),
      insufficient: r.insufficientData,
    }));
    // Newest first. Ontario's reach: a–f (staff excluded: no postal code); Toronto core's: a–c.
    expect(figures).toEqual([
      { id: ids.newer, reach: 3, optedIn: 2, settled: 1, awarded: 120, held: 0, reductionKwh: 0.4, insufficient: 0 },
      { id: ids.older, reach: 6, optedIn: 4, settled: 4, awarded: 150, held: 110, reductionKwh: 0.9, insufficient: 1 },
      { id: ids.empty, reach: 6, optedIn: 0, settled: 0, awarded: 0, held: 0, reductionKwh: 0, insufficient: 0 },
    ]);
    expect(rows.map((r) => r.programName)).toEqual(['Toronto core', 'All Ontario', 'All Ontario']);
  });

  it('reads an event’s figures as its last settlement run stored them (decision 146), and counts an event no run has totalled live', async () => {
    const figuresOf = async (key: string) => {
      const row = (await listEventsForOps(database.db)).find((r) => r.id === ids[key])!;
      return { optedIn: row.optedIn, settled: row.settledHouseholds, awarded: row.pointsAwarded, held: row.pointsHeld, reductionKwh: Number(row.reductionKwh.toFixed(9)), insufficient: row.insufficientData };
    };
    const older = { optedIn: 4, settled: 4, awarded: 150, held: 110, reductionKwh: 0.9, insufficient: 1 };
    await storeEventTotals(database.db, [ids.older!]);
    expect(await figuresOf('older')).toEqual(older);

    // A later settlement releases b's held 110 (as decision 140's season test does). Until a run
    // stores the older event's figures again, the list shows the ones stored.
    await database.db.execute(sql`
      update event_results set proof_status = 'released', released_at = now(), released_by_event_id = ${ids.newer}::uuid
      where event_id = ${ids.older}::uuid and household_id = ${ids.b}::uuid`);
    expect(await figuresOf('older')).toEqual(older);
    await storeEventTotals(database.db, [ids.newer!, ids.older!]);
    expect(await figuresOf('older')).toEqual({ ...older, awarded: 260, held: 0 });

    // The empty event, never totalled, is counted from its rows as they come.
    await database.db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${ids.empty}::uuid, ${ids.c}::uuid, true, 'member')`);
    await database.db.execute(sql`
      insert into event_results (event_id, household_id, version, outcome, baseline_kwh, actual_kwh, reduction_kwh, points, detail, settled_at)
      values (${ids.empty}::uuid, ${ids.c}::uuid, 1, 'settled', 2, 1.5, 0.5, 125, '{}'::jsonb, now())`);
    expect(await figuresOf('empty')).toEqual({ optedIn: 1, settled: 1, awarded: 125, held: 0, reductionKwh: 0.5, insufficient: 0 });
  });
});
