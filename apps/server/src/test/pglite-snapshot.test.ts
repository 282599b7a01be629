import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dumpPglite, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { readPgliteSnapshot, untar } from './pglite-snapshot';

/** Every relation and every public table's rows, hashed: what a test database starts with. */
async function contents(database: Database) {
  const relations = rowsOf<{ name: string; kind: string }>(
    await database.db.execute(sql`select n.nspname || '.' || c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace order by 1`),
  );
  const tables = rowsOf<{ t: string }>(
    await database.db.execute(sql`select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname in ('public', 'drizzle') order by 1`),
  ).map((r) => r.t);
  // One statement for every table (a round trip each made this file twice as slow).
  const perTable = tables.map((table) => `select '${table}' as t, md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as h from ${table} r`);
  const hashes = rowsOf<{ t: string; h: string }>(await database.db.execute(sql.raw(perTable.join(' union all '))));
  return { relations, hashes };
}

describe('test databases started from the migrated snapshot', () => {
  let tarball: Uint8Array;
  const opened: Database[] = [];
  const open = (database: Database) => (opened.push(database), database);

  beforeAll(async () => {
    const path = inject('pgliteSnapshot');
    // As test-database.ts reads it: a Node Buffer, whose slice() shares its memory.
    if (path) tarball = readFileSync(path);
    else {
      // The PostgreSQL suite has no snapshot: a small PGlite of its own stands in for it.
      const source = createDatabase({ dataDir: 'memory' });
      await source.db.execute(sql`create table snapshot_probe (id int primary key, label text not null)`);
      await source.db.execute(sql`insert into snapshot_probe values (1, 'from the snapshot'), (2, 'also')`);
      tarball = Buffer.from(await (await dumpPglite(source)).arrayBuffer());
      await source.close();
    }
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('reads every file and directory of the tarball, at its path and with its bytes', () => {
    const entries = untar(tarball);
    const version = entries.find((entry) => entry.path === 'PG_VERSION');
    expect(new TextDecoder().decode(version?.data)).toMatch(/^\d+\n$/);
    expect(entries.filter((entry) => entry.path.startsWith('base/') && !entry.directory).length).toBeGreaterThan(100);
    // Each entry is a 512-byte header followed by its data rounded up to 512 bytes, then two zero blocks at least.
    const archived = entries.reduce((sum, entry) => sum + 512 + Math.ceil(entry.data.length / 512) * 512, 0);
    expect(tarball.length - archived).toBeGreaterThanOrEqual(1024);
    expect(tarball.subarray(archived).every((byte) => byte === 0)).toBe(true);
  });

  it('starts with exactly what PGlite’s own tarball loader gives: every relation, every table’s rows', async () => {
    const ours = open(createDatabase({ dataDir: 'memory', pglite: readPgliteSnapshot(tarball).options() }));
    const theirs = open(createDatabase({ dataDir: 'memory', pglite: { loadDataDir: new Blob([tarball]) } }));
    const [mine, reference] = [await contents(ours), await contents(theirs)];
    expect(mine.relations.length).toBeGreaterThan(100);
    expect(mine.hashes.length).toBeGreaterThan(0);
    expect(mine).toEqual(reference);
  });

  it('gives each database its own copy: one’s writes reach neither the snapshot nor another started from it', async () => {
    const snapshot = readPgliteSnapshot(tarball);
    const first = open(createDatabase({ dataDir: 'memory', pglite: snapshot.options() }));
    const second = open(createDatabase({ dataDir: 'memory', pglite: snapshot.options() }));
    const before = await contents(second);
    await first.db.execute(sql`create table isolation_probe (id int)`);
    await first.db.execute(sql`insert into isolation_probe select generate_series(1, 5000)`);
    // A checkpoint writes the changed pages back into the data directory's files.
    await first.db.execute(sql`checkpoint`);
    const third = open(createDatabase({ dataDir: 'memory', pglite: snapshot.options() }));

    expect(rowsOf<{ n: number }>(await first.db.execute(sql`select count(*)::int as n from isolation_probe`))).toEqual([{ n: 5000 }]);
    for (const other of [second, third]) {
      expect(rowsOf<{ t: string | null }>(await other.db.execute(sql`select to_regclass('isolation_probe')::text as t`))).toEqual([{ t: null }]);
      expect(await contents(other)).toEqual(before);
    }
  });
});
