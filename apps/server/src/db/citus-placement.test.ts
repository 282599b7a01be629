import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { TABLE_PLACEMENT, type Placement } from './citus-placement';
import { rowsOf } from './rows';

type Column = { table: string; column: string; nullable: boolean };

let database: Database;
let tables: string[];
let columns: Column[];
beforeAll(async () => {
  database = await createTestDatabase();
  // Partitions are placed with their parent table, so only tables that are not a partition count.
  tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select t.table_name as name from information_schema.tables t
      join pg_class c on c.relname = t.table_name and c.relnamespace = 'public'::regnamespace
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and not c.relispartition
      order by 1`),
  ).map((r) => r.name);
  columns = rowsOf<Column>(
    await database.db.execute(sql`
      select table_name as "table", column_name as "column", is_nullable = 'YES' as nullable
      from information_schema.columns where table_schema = 'public'`),
  );
});
afterAll(() => database.close());

const columnOf = (table: string, column: string) => columns.find((c) => c.table === table && c.column === column);
const pending = () =>
  Object.entries(TABLE_PLACEMENT)
    .filter(([, placement]) => placement.kind === 'household' && placement.pending)
    .map(([table]) => table);

const neverNull = (table: string, column: string) => {
  const found = columnOf(table, column);
  return !!found && !found.nullable;
};

/**
 * The distribution column is there and never null, and the table is the household, carries its
 * id, or names a never-null household id it is resolved through.
 */
function placedWithHousehold(table: string): boolean {
  const placement = TABLE_PLACEMENT[table];
  if (placement?.kind !== 'household' || !neverNull(table, placement.column)) return false;
  if (placement.column === 'household_id' || table === 'households') return !placement.leadsTo;
  const [parent, parentColumn] = (placement.leadsTo ?? '').split('.');
  return !!parent && !!parentColumn && TABLE_PLACEMENT[parent]?.kind === 'household' && neverNull(parent, parentColumn);
}

describe('every table has a place in a Citus cluster', () => {
  it('places every table of the live schema, and names no table that is gone', () => {
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.filter((t) => !(t in TABLE_PLACEMENT))).toEqual([]);
    expect(Object.keys(TABLE_PLACEMENT).filter((t) => !tables.includes(t))).toEqual([]);
  });

  // Citus refuses a row whose distribution column is null, and co-locates a table with its
  // household only through that household's id. Known gaps say so in `pending`; a gap closed
  // must lose its note, so the list stays true.
  it('finds a never-null distribution column leading to the household in every household table, except the gaps it lists', () => {
    const household = Object.keys(TABLE_PLACEMENT).filter((table) => TABLE_PLACEMENT[table]!.kind === 'household');
    expect(household.filter((table) => !placedWithHousehold(table))).toEqual(pending());
  });

  it('keeps every table with a household id distributed by it, or says why not', () => {
    const withHouseholdId = new Set(columns.filter((c) => c.column === 'household_id').map((c) => c.table));
    const saysWhy = (placement: Placement) => placement.kind === 'local' && !!placement.householdId;
    const elsewhere = Object.entries(TABLE_PLACEMENT)
      .filter(([table, placement]) => withHouseholdId.has(table) && !(placement.kind === 'household' && placement.column === 'household_id') && !saysWhy(placement))
      .map(([table]) => table);
    expect(elsewhere).toEqual([]);
    // A reason for a household id the table no longer has must go, so the list stays true.
    expect(Object.entries(TABLE_PLACEMENT).filter(([table, placement]) => saysWhy(placement) && !withHouseholdId.has(table))).toEqual([]);
  });
});
