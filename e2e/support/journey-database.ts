import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * A connection to the run's database for one journey file, to seed rows and check screens against
 * raw SQL: opened before the file's tests, closed after them.
 */
export function journeyDatabase(): pg.Client {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  beforeAll(() => db.connect());
  afterAll(() => db.end());
  return db;
}
