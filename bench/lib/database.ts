import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/client';

export type FreshDatabase = {
  name: string;
  url: string;
  database: Database;
  /** A plain pool on the same database for seeding and verification (outside the app's pool). */
  pool: pg.Pool;
  drop(): Promise<void>;
};

/** One statement on the admin connection (CREATE or DROP DATABASE cannot run in a pool's transaction). */
export async function adminStatement(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A brand-new PostgreSQL database with the app's migrations applied; drop() removes it. */
export async function createFreshDatabase(adminUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `peakwise_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  await adminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 8 });
  pool.on('error', () => {});
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database.close().catch(() => {});
    await pool.end().catch(() => {});
    await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await database.migrate();
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), database, pool, drop };
}

/** Drops the database on Ctrl-C too, so an interrupted run leaves nothing behind. */
export function dropOnSignal(fresh: FreshDatabase) {
  const handler = () => {
    void fresh.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
