import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { copyRepartitionBatch, prepareRepartition, repartitionOnline } from './online-repartition';

const NOW = new Date('2026-11-15T12:00:00Z');
const target = { table: 'scratch_readings', series: 'household_id' };

let database: Database;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = (database.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => database.close());

const hex = (n: number) => n.toString(16).padStart(12, '0');
const household = (n: number) => `00000000-0000-4000-8000-${hex(n)}`;

describe('the online, batched repartition of a live table', () => {
  it('copies a few thousand rows by household in batches while a writer inserts, corrects and deletes, then switches names: every row once, with its last value', async () => {
    await pool.query(`create table scratch_readings (household_id uuid not null, ts timestamptz not null, kwh double precision not null,
      received_at timestamptz default now() not null, constraint scratch_readings_pk primary key (household_id, ts))`);
    await pool.query(`create table scratch_audit (household_id uuid, ts timestamptz)`);
    await pool.query(`create function scratch_audit_row() returns trigger language plpgsql as $$ begin insert into scratch_audit values (NEW.household_id, NEW.ts); return null; end $$`);
    await pool.query(`create trigger scratch_corrected after update on scratch_readings for each row execute function scratch_audit_row()`);

    // By hand: 16 households × 250 readings, 8 hours apart from 1 August 2026 (to 23 October),
    // of (i mod 7) tenths of a kWh.
    const expected = new Map<string, number>();
    const ids: string[] = [];
    const times: string[] = [];
    const values: number[] = [];
    for (let h = 1; h <= 16; h += 1) {
      for (let i = 0; i < 250; i += 1) {
        const ts = new Date(Date.UTC(2026, 7, 1) + i * 8 * 3_600_000).toISOString();
        ids.push(household(h));
        times.push(ts);
        values.push((i % 7) / 10);
        expected.set(`${household(h)} ${ts}`, (i % 7) / 10);
      }
    }
    await pool.query(`insert into scratch_readings (household_id, ts, kwh) select * from unnest($1::uuid[], $2::timestamptz[], $3::float8[])`, [ids, times, values]);

    // Two batches, then a "crash": the next run starts from the recorded cursor.
    await prepareRepartition(pool, target, NOW);
    await copyRepartitionBatch(pool, target, 300);
    expect((await copyRepartitionBatch(pool, target, 300)).copied).toBe(600);

    let done = false;
    let writes = 0;
    const writer = (async () => {
      for (let i = 0; !done || i < 30; i += 1) {
        const h = household((i % 16) + 1);
        const fresh = new Date(Date.UTC(2026, 10, 20) + i * 300_000).toISOString();
        await pool.query(`insert into scratch_readings (household_id, ts, kwh) values ($1, $2, 9)`, [h, fresh]);
        expected.set(`${h} ${fresh}`, 9);
        const corrected = new Date(Date.UTC(2026, 7, 1) + (i % 250) * 8 * 3_600_000).toISOString();
        await pool.query(`update scratch_readings set kwh = 7 where household_id = $1 and ts = $2`, [h, corrected]);
        expected.set(`${h} ${corrected}`, 7);
        if (i % 5 === 0) {
          const gone = new Date(Date.UTC(2026, 7, 1) + ((i + 100) % 250) * 8 * 3_600_000).toISOString();
          await pool.query(`delete from scratch_readings where household_id = $1 and ts = $2`, [h, gone]);
          expected.delete(`${h} ${gone}`);
        }
        writes += 1;
      }
    })();
    const started = performance.now();
    const progress = await repartitionOnline(pool, target, { now: NOW, batchRows: 250 });
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await writer;
    console.log(`repartition: ${progress.copied} rows copied in ${seconds.toFixed(2)} s (${Math.round((progress.copied - 600) / seconds)} rows/s) beside ${writes} writer rounds`);

    const { rows: kind } = await pool.query(`select relkind from pg_class where relname = 'scratch_readings'`);
    expect(kind).toEqual([{ relkind: 'p' }]);
    // The writer wrote on through the switch: compare once it has stopped.
    const { rows } = await pool.query<{ key: string; kwh: number }>(`
      select household_id::text || ' ' || to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as key, kwh from scratch_readings`);
    expect(rows).toHaveLength(expected.size);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.kwh]))).toEqual(Object.fromEntries(expected));

    const { rows: holders } = await pool.query<{ holder: string }>(`select distinct tableoid::regclass::text as holder from scratch_readings order by 1`);
    expect(holders.map((r) => r.holder)).toEqual(['scratch_readings_2026_08', 'scratch_readings_2026_09', 'scratch_readings_2026_10', 'scratch_readings_2026_11']);
    const { rows: key } = await pool.query(`select conname from pg_constraint where conrelid = 'scratch_readings'::regclass and contype = 'p'`);
    expect(key).toEqual([{ conname: 'scratch_readings_pk' }]);
    expect((await pool.query(`select 1 from repartition_progress`)).rowCount).toBe(0);
    expect((await pool.query(`select 1 from pg_trigger where tgname = 'repartition_mirror'`)).rowCount).toBe(0);

    // The table's own trigger moved with its name.
    const before = Number((await pool.query<{ n: string }>(`select count(*) as n from scratch_audit`)).rows[0]!.n);
    await pool.query(`update scratch_readings set kwh = 3 where household_id = $1 and ts = '2026-08-01T00:00:00Z'`, [household(3)]);
    expect(Number((await pool.query<{ n: string }>(`select count(*) as n from scratch_audit`)).rows[0]!.n)).toBe(before + 1);
    // The old table stays beside it, frozen at the switch, for the operator to check and drop.
    const { rows: old } = await pool.query(`select relkind from pg_class where relname = 'scratch_readings_unpartitioned'`);
    expect(old).toEqual([{ relkind: 'r' }]);
  });
});
