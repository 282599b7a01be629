import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the journeys look for a PostgreSQL server; PG_E2E_URL overrides it. */
const ADMIN_URL = process.env.PG_E2E_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type E2eDatabase = { url: string; drop: () => Promise<void> };

/**
 * A fresh, throwaway PostgreSQL database for one run. The server runs on it instead of PGlite,
 * so a journey can read the stored rows while the server is up (PGlite's files can't be opened by
 * a second process) and check screens against raw SQL. Without a reachable PostgreSQL the suite
 * stops with a message: a journey that quietly skipped its check would prove nothing.
 */
export async function createE2eDatabase(): Promise<E2eDatabase> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The browser journeys check screens against SQL on their own PostgreSQL database, and none answers at ${ADMIN_URL} (${(error as Error).message}). Start PostgreSQL 15+ or set PG_E2E_URL.`,
    );
  }
  const name = `peakwise_e2e_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
