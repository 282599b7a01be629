import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { rowsOf } from '../db/rows';
import { dateArray, numberArray, parseNumberArray, uuidArray } from './pg-array';

describe('array literals', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('round-trip numbers (exactly), nulls and uuids through PostgreSQL', async () => {
    const numbers = [0, -0, 0.1 + 0.2, 1e-9, 123456789.123, Number.MAX_SAFE_INTEGER, 1.7e308, null, 5e-324];
    const ids = ['0b6f3c9e-2d1a-4c5b-9e8f-7a6b5c4d3e2f', '0B6F3C9E-2D1A-4C5B-9E8F-7A6B5C4D3E2F'];
    const rows = rowsOf<{ n: number | null; i: number }>(
      await database.db.execute(sql`select u.n, u.i from unnest(${numberArray(numbers)}::float8[]) with ordinality as u(n, i) order by u.i`),
    );
    expect(rows.map((r) => r.n)).toEqual(numbers.map((n) => (Object.is(n, -0) ? 0 : n)));
    const uuids = rowsOf<{ u: string }>(await database.db.execute(sql`select unnest(${uuidArray(ids)}::uuid[])::text as u`));
    expect(uuids.map((r) => r.u)).toEqual([ids[0], ids[0]]);
    expect(numberArray([])).toBe('{}');
  });

  it('refuses anything but a uuid, or a date', () => {
    expect(() => uuidArray(['x}', '0b6f3c9e-2d1a-4c5b-9e8f-7a6b5c4d3e2f'])).toThrow(/Not a uuid/);
    expect(() => dateArray(['2026-11-22', '2026-11-22}'])).toThrow(/Not a date/);
  });

  it('dates round-trip', async () => {
    const rows = rowsOf<{ d: string }>(await database.db.execute(sql`select unnest(${dateArray(['2026-11-22', '2024-02-29'])}::date[])::text as d`));
    expect(rows.map((r) => r.d)).toEqual(['2026-11-22', '2024-02-29']);
  });

  it('parse numeric arrays PostgreSQL prints: floats exactly, integers, nulls, and an empty aggregate', async () => {
    const numbers = [0, 0.1 + 0.2, 1e-9, -123456789.123, Number.MAX_SAFE_INTEGER, 1.7e308, null, 5e-324, 28.527 + 1e-14];
    const [row] = rowsOf<{ f: string; i: string; none: string | null; empty: string }>(
      await database.db.execute(sql`select
        (select array_agg(u.n order by u.i)::text from unnest(${numberArray(numbers)}::float8[]) with ordinality as u(n, i)) as f,
        (select array_agg(g order by g)::text from generate_series(-2, 2) g) as i,
        (select array_agg(g)::text from generate_series(1, 0) g) as none,
        '{}'::int[]::text as empty`),
    );
    expect(parseNumberArray(row!.f)).toEqual(numbers);
    expect(parseNumberArray(row!.i)).toEqual([-2, -1, 0, 1, 2]);
    expect(parseNumberArray(row!.none)).toEqual([]);
    expect(parseNumberArray(row!.empty)).toEqual([]);
    expect(() => parseNumberArray('1,2')).toThrow(/Not an array/);
  });
});
