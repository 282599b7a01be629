import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { adminQuery } from '../test/test-database';
import { upgradeReadingsOnline } from './readings-upgrade';

// A database of the release before 0056 (the migrations up to 0055, from a copy of the folder
// with a shortened journal), upgraded online, then started with every migration.
const serverUrl = inject('testDatabaseUrl');
const name = `peakwise_test_upgrade_${randomBytes(6).toString('hex')}`;
let pool: pg.Pool;
let before0056: string;

const admin = (statement: string) => adminQuery(serverUrl, statement);

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  before0056 = mkdtempSync(join(tmpdir(), 'peakwise-0055-'));
  cpSync(MIGRATIONS_DIR, before0056, { recursive: true });
  const journal = JSON.parse(readFileSync(join(before0056, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0056');
  writeFileSync(join(before0056, 'meta/_journal.json'), JSON.stringify(journal));
  await migrate(drizzle({ client: pool }), { migrationsFolder: before0056 });
});
afterAll(async () => {
  await pool.end();
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(before0056, { recursive: true, force: true });
});

describe('the online upgrade to monthly partitions', () => {
  it('partitions both tables in batches, records 0056 as applied, and the release’s migrations then run on without copying again', async () => {
    const h = '00000000-0000-4000-8000-000000000001';
    const d = '00000000-0000-4000-9000-000000000001';
    // By hand: 600 meter and 600 device readings, 2 hours apart from 1 September 2026 (to 21 October).
    await pool.query(`insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select $1, '2026-09-01T00:00:00Z'::timestamptz + i * interval '2 hours', 0, 0.5, 0.5, 0 from generate_series(0, 599) i`, [h]);
    await pool.query(`insert into device_readings (device_id, ts, power_w, energy_kwh)
      select $1, '2026-09-01T00:00:00Z'::timestamptz + i * interval '2 hours', 100, 0.2 from generate_series(0, 599) i`, [d]);

    const result = await upgradeReadingsOnline(pool, { migrationsFolder: MIGRATIONS_DIR, now: new Date('2026-11-15T00:00:00Z'), batchRows: 100 });
    expect(result).toEqual({ outcome: 'upgraded', copied: { meter_readings: 600, device_readings: 600 } });
    await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });

    const { rows: kinds } = await pool.query(`select relname, relkind from pg_class where relname in ('meter_readings', 'device_readings', 'meter_readings_unpartitioned') order by 1`);
    expect(kinds).toEqual([
      { relname: 'device_readings', relkind: 'p' },
      { relname: 'meter_readings', relkind: 'p' },
      { relname: 'meter_readings_unpartitioned', relkind: 'r' },
    ]);
    const { rows: totals } = await pool.query(`select (select sum(consumption_kwh) from meter_readings)::float8 as meter, (select sum(energy_kwh) from device_readings)::float8 as device`);
    expect(totals[0].meter).toBeCloseTo(300, 9);
    expect(totals[0].device).toBeCloseTo(120, 9);
    const { rows: holders } = await pool.query(`select distinct tableoid::regclass::text as holder from meter_readings order by 1`);
    expect(holders.map((r: { holder: string }) => r.holder)).toEqual(['meter_readings_2026_09', 'meter_readings_2026_10']);
    // 0056's month function is there and works as 0056 made it.
    const { rows: made } = await pool.query(`select create_reading_month_partition('meter_readings', '2027-06-01T00:00:00Z') as outcome`);
    expect(made).toEqual([{ outcome: 'created' }]);
    // The correction trigger came over with the table: a correction is audited.
    await pool.query(`update meter_readings set consumption_kwh = 0.7 where household_id = $1 and ts = '2026-09-01T00:00:00Z'`, [h]);
    const { rows: audited } = await pool.query(`select count(*)::int as n from reading_corrections where household_id = $1`, [h]);
    expect(audited).toEqual([{ n: 1 }]);
    // Run again: nothing to do.
    expect(await upgradeReadingsOnline(pool, { migrationsFolder: MIGRATIONS_DIR, now: new Date() })).toEqual({ outcome: 'already_partitioned' });
  });
});
