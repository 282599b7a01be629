import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { laneRanges, runStatementJob, runStatementLanes } from './statements.service';

/*
 * The statement job in lanes (decision 063): slices of the households by id, each issued a batch
 * at a time in transactions of their own. Whatever the lanes, batch sizes, a second run racing the
 * first or a run stopped part-way, each household gets one statement for the month, line for line
 * the one the single-transaction job gives it.
 */

const MONTH = '2025-10';
const NOW = new Date('2025-11-01T12:00:00Z'); // past local midnight on the 1st in every zone below
const HOUSEHOLDS = 12;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const db = t.database.db;
  // Each province's default plan (time-of-use in Ontario, flat or tiered elsewhere), every hour of
  // October with a few hours to spare on either side, the daily rollups cut in each zone.
  await db.execute(sql`
    insert into households (owner_user_id, name, province, time_zone, created_at)
    select 'lanes-' || i, 'Lanes ' || i, (array['ON','BC','AB','QC'])[1 + i % 4],
      (array['America/Toronto','America/Vancouver','America/Edmonton','America/Toronto'])[1 + i % 4], '2025-01-01'
    from generate_series(1, ${HOUSEHOLDS}::int) i`);
  await db.execute(sql`
    insert into household_tariffs (household_id, plan_id, effective_from, created_at)
    select id, case province when 'ON' then 'on-tou' when 'BC' then 'bc-residential-conservation' when 'AB' then 'ab-rolr' else 'qc-rate-d' end, '2025-01-01', '2025-01-01'
    from households where owner_user_id like 'lanes-%'`);
  await db.execute(sql`
    insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select h.id, t, 0, 0.2 + (extract(hour from t)::int % 5) * 0.15, 0.2 + (extract(hour from t)::int % 5) * 0.15,
      case when extract(hour from t)::int between 16 and 19 then 0.3 else 0 end, 12
    from households h, generate_series('2025-09-30T18:00Z'::timestamptz, '2025-11-01T12:00Z'::timestamptz, interval '1 hour') t
    where h.owner_user_id like 'lanes-%'`);
  await cutDailyRollups();
}, 60_000);
/** The daily rollups cut again from the hourly ones in each household's zone, as ingest keeps them. */
async function cutDailyRollups() {
  await t.database.db.execute(sql`delete from meter_daily d using households h where h.id = d.household_id and h.owner_user_id like 'lanes-%'`);
  await t.database.db.execute(sql`
    insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
    select m.household_id, (m.hour_start at time zone h.time_zone)::date, sum(m.production_kwh), sum(m.consumption_kwh), sum(m.grid_import_kwh), sum(m.grid_export_kwh), sum(m.interval_count)
    from meter_hourly m join households h on h.id = m.household_id where h.owner_user_id like 'lanes-%' group by 1, 2`);
}

afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from statements`);
});

type Row = { householdId: string; chargesCents: number; lines: unknown };

/**
 * Quantities to a millionth of a kWh: PostgreSQL adds a bucket's hours in whatever order its plan
 * for the batch reads them, which moves a float's last bits (as any two runs may), never a cent.
 */
const close = (rows: readonly Row[]) =>
  rows.map((r) => ({ ...r, lines: (r.lines as unknown[][]).map((l) => l.map((v, i) => (i === 3 && typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v))) }));

/** Every statement of a month (October unless told) with its lines in order, by household. */
async function issued(periodStart = '2025-10-01'): Promise<Row[]> {
  return rowsOf<Row>(
    await t.database.db.execute(sql`
      select s.household_id as "householdId", s.charges_cents as "chargesCents",
        (select json_agg(json_build_array(l.kind, l.description_key, l.description_params, l.quantity, l.unit_price_cents, l.amount_cents) order by l.position)
         from statement_lines l where l.statement_id = s.id) as lines
      from statements s where s.period_start = ${periodStart}::date order by s.household_id`),
  );
}

/** The single-transaction job, run to the end as the worker would. */
async function singleTransaction(limit: number, month = MONTH, now = NOW): Promise<number> {
  let total = 0;
  for (;;) {
    const run = await t.database.db.transaction((tx) => runStatementJob(tx, month, now, limit));
    total += run.issued;
    if (!run.retryAt || run.retryAt > now) return total;
  }
}

describe('statement lanes', () => {
  it('splits the id space into contiguous slices that cover it once', () => {
    expect(laneRanges(1)).toEqual([{ min: undefined, below: undefined }]);
    expect(laneRanges(4)).toEqual([
      { min: undefined, below: '40000000-0000-0000-0000-000000000000' },
      { min: '40000000-0000-0000-0000-000000000000', below: '80000000-0000-0000-0000-000000000000' },
      { min: '80000000-0000-0000-0000-000000000000', below: 'c0000000-0000-0000-0000-000000000000' },
      { min: 'c0000000-0000-0000-0000-000000000000', below: undefined },
    ]);
    expect(laneRanges(3).map((r) => r.below)).toEqual(['55555555-0000-0000-0000-000000000000', 'aaaaaaaa-0000-0000-0000-000000000000', undefined]);
  });

  it('issues each household one statement, line for line what the single transaction gives', async () => {
    expect(await singleTransaction(1_000)).toBe(HOUSEHOLDS);
    const single = await issued();
    expect(single).toHaveLength(HOUSEHOLDS);
    await t.database.db.execute(sql`delete from statements`);

    // Batches of 2 in 3 lanes: every lane reads its slice on from where its last batch ended.
    const run = await runStatementLanes(t.database.db, t.database.db, MONTH, NOW, 3, 2);
    expect(run).toEqual({ issued: HOUSEHOLDS, retryAt: null });
    expect(close(await issued())).toEqual(close(single));
    for (const s of single) expect((s.lines as [string, string, unknown, number, number, number][]).reduce((sum, l) => sum + l[5], 0)).toBe(s.chargesCents);
  });

  it('two runs racing each other issue each household once between them', async () => {
    const [a, b] = await Promise.all([
      runStatementLanes(t.database.db, t.database.db, MONTH, NOW, 2, 3),
      runStatementLanes(t.database.db, t.database.db, MONTH, NOW, 3, 2),
    ]);
    expect(a.issued + b.issued).toBe(HOUSEHOLDS);
    expect(await issued()).toHaveLength(HOUSEHOLDS);
  });

  it('a run stopped after some batches committed is finished by the next, without a second statement', async () => {
    // What a run that died after its first committed batch leaves: 5 statements.
    const first = await t.database.db.transaction((tx) => runStatementJob(tx, MONTH, NOW, 5));
    expect(first.issued).toBe(5);
    const run = await runStatementLanes(t.database.db, t.database.db, MONTH, NOW, 2, 2);
    expect(run.issued).toBe(HOUSEHOLDS - 5);
    const rows = await issued();
    expect(rows).toHaveLength(HOUSEHOLDS);
    expect(new Set(rows.map((r) => r.householdId)).size).toBe(HOUSEHOLDS);
    // And once all are issued a run finds nothing to do.
    expect(await runStatementLanes(t.database.db, t.database.db, MONTH, NOW, 2, 2)).toEqual({ issued: 0, retryAt: null });
  });

  // Last: it adds November's hours and changes October's. A lane run reads its households' energy
  // for the month before its batches (decision 073); a household whose previous month a late
  // reading changed must still read that month too, or its recomputation would bill nothing.
  it('recomputes a previous month that a late reading changed, as the single transaction does', async () => {
    const db = t.database.db;
    await runStatementLanes(db, db, MONTH, NOW, 2, 3);
    await db.execute(sql`
      insert into meter_hourly (household_id, hour_start, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
      select h.id, t, 0, 0.25 + (extract(hour from t)::int % 3) * 0.1, 0.25 + (extract(hour from t)::int % 3) * 0.1,
        case when extract(hour from t)::int between 17 and 19 then 0.2 else 0 end, 12
      from households h, generate_series('2025-11-01T13:00Z'::timestamptz, '2025-12-01T12:00Z'::timestamptz, interval '1 hour') t
      where h.owner_user_id like 'lanes-%'`);
    // One Ontario (time-of-use) and one British Columbia (daily) household get a late October interval.
    const late = rowsOf<{ id: string }>(
      await db.execute(sql`select distinct on (province) id from households where owner_user_id like 'lanes-%' and province in ('ON', 'BC') order by province, id`),
    ).map((r) => r.id);
    expect(late).toHaveLength(2);
    await db.execute(sql`update meter_hourly set grid_import_kwh = grid_import_kwh + 5 where household_id = any(${`{${late.join(',')}}`}::uuid[]) and hour_start = '2025-10-20T15:00Z'`);
    await cutDailyRollups();

    const november = new Date('2025-12-01T12:00:00Z');
    expect(await singleTransaction(1_000, '2025-11', november)).toBe(HOUSEHOLDS);
    const single = await issued('2025-11-01');
    const adjusted = single.filter((s) => (s.lines as [string, ...unknown[]][]).some((l) => l[0] === 'adjustment'));
    expect(adjusted.map((s) => s.householdId).sort()).toEqual([...late].sort());
    for (const s of adjusted) expect((s.lines as [string, string, unknown, number, number, number][]).find((l) => l[0] === 'adjustment')![5]).toBeGreaterThan(0);
    await db.execute(sql`delete from statements where period_start = '2025-11-01'`);

    expect(await runStatementLanes(db, db, '2025-11', november, 2, 3)).toEqual({ issued: HOUSEHOLDS, retryAt: null });
    expect(close(await issued('2025-11-01'))).toEqual(close(single));
  });
});
