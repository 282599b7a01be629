import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { readPgliteSnapshot, type PgliteSnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database (dropped on close) when TEST_DATABASE_URL is set, so the same suite
 * proves both drivers.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl) {
    const snapshot = inject('pgliteSnapshot');
    if (!snapshot) {
      const database = createDatabase({ dataDir: 'memory' });
      await database.migrate();
      return database;
    }
    // The global setup migrated the snapshot from these same files in this same run, so checking
    // every migration again (drizzle reads and hashes each file) would only cost time per file.
    return createDatabase({ dataDir: 'memory', pglite: snapshotFrom(snapshot).options() });
  }

  const name = `peakwise_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A server fails fast when its database is slow to hand out a connection; a test on a host whose
  // load reaches 20 (CI beside benches) waits longer rather than failing on the host's pace.
  const database = createDatabase({ url: url.toString(), connectTimeoutMs: 30_000 });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// A worker runs many files (decision 093); the snapshot never changes, so it reads the 45 MB file once.
let loaded: { path: string; snapshot: PgliteSnapshot } | undefined;
function snapshotFrom(path: string): PgliteSnapshot {
  if (loaded?.path !== path) loaded = { path, snapshot: readPgliteSnapshot(readFileSync(path)) };
  return loaded.snapshot;
}

/**
 * One database for the apps a test file (or a describe) starts when none reads what another writes:
 * a database start is most of such an app's setup. Registers its own beforeAll and afterAll where it
 * is called; the getter is for tests and later hooks.
 */
export function sharedTestDatabase(): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  return () => {
    if (!database) throw new Error('sharedTestDatabase: asked for before its beforeAll ran');
    return database;
  };
}

/** One statement on the server's admin connection (create or drop a database). */
export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
