import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { MIGRATIONS_DIR, type Database } from './client';
import { geocoderCache } from './schema/geocoder-cache.schema';

describe('database client', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs on the driver the suite was asked for', () => {
    expect(database.kind).toBe(inject('testDatabaseUrl') ? 'postgres' : 'pglite');
  });

  it('pings and re-running migrations changes nothing', async () => {
    await database.ping();
    await database.migrate();
    // Both drivers answer execute() with `{ rows }`; the shared Db type cannot say so.
    const result = (await database.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as { rows: { count: number }[] };
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(result.rows[0]?.count).toBe(journal.entries.length);
  });

  it('round-trips the geocoder cache through drizzle', async () => {
    const fetchedAt = new Date('2025-01-02T03:04:05.000Z');
    await database.db.insert(geocoderCache).values({ postalCode: 'M5V3L9', city: 'Toronto', province: 'ON', fetchedAt });
    const rows = await database.db.select().from(geocoderCache);
    expect(rows).toEqual([{ postalCode: 'M5V3L9', city: 'Toronto', province: 'ON', fetchedAt }]);
  });

  // PostgreSQL only in effect (PGlite has no connection to lose): without an error listener on
  // checked-out clients, this reset was an unhandled 'error' event that ended the process (decision 054).
  it('a connection that dies inside a transaction fails that transaction, and the next query is served', async () => {
    const dying = database.db.transaction(async (tx) => {
      await tx.execute(database.kind === 'postgres' ? sql`select pg_terminate_backend(pg_backend_pid())` : sql`select 1`);
      await tx.execute(sql`select 1`);
    });
    if (database.kind === 'postgres') await expect(dying).rejects.toThrow();
    else await dying;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.ping();
  });
});
