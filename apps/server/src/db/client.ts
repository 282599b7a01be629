import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as geocoderCacheSchema from './schema/geocoder-cache.schema';

export const schema = { ...geocoderCacheSchema };

/** The same drizzle API over PGlite and node-postgres; nothing else needs to know which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Either the database or an open transaction; services accept both so callers can compose them. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A LISTEN session of its own (PostgreSQL: a dedicated connection outside the pool). */
  createListener(options?: { onError?: (error: unknown) => void }): Listener;
  /**
   * The database's own compiled file of a time zone (TZif), where this process can read it: PGlite's
   * bundled one once it has started, so local times in Node and in its SQL agree (decision 145);
   * undefined while it starts; null for PostgreSQL, whose files are its host's (the system's).
   */
  zoneFile(zone: string): Uint8Array | null | undefined;
};

/** Receives NOTIFY payloads. On PostgreSQL it reconnects and re-LISTENs after a lost connection. */
export type Listener = {
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
};

const LISTEN_RETRY_MS = 2_000;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Arbitrary but fixed: every copy of the server agrees on it, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_316_023;

/**
 * The only place that picks a driver: a postgres URL means PostgreSQL, anything else means
 * PGlite in `dataDir` (or in memory for tests).
 */
/**
 * `connectTimeoutMs`: how long a query waits for a pooled PostgreSQL connection (5 s by default).
 * `pglite`: how an in-memory database starts (tests start from a migrated snapshot, src/test/pglite-snapshot.ts).
 */
export function createDatabase(options: { url?: string; dataDir?: string | 'memory'; pglite?: PGliteOptions; connectTimeoutMs?: number }): Database {
  return options.url ? createPostgres(options.url, options.connectTimeoutMs ?? 5_000) : createPglite(options.dataDir ?? 'memory', options.pglite);
}

/** A PGlite data directory as one tarball (dumpPglite), to start other in-memory databases from. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

/** Where PGlite's file system keeps PostgreSQL's compiled zones (its SHAREDIR's timezone/). */
const PGLITE_ZONES = '/pglite/share/postgresql/timezone';

/**
 * A zone's file from PGlite's own file system: undefined until the instance is ready (its module
 * is PGlite's, not part of its typed interface: a PGlite without it answers undefined, and the
 * system's files stand in), null when it has no such zone.
 */
function pgliteZoneFile(client: PGlite, zone: string): Uint8Array | null | undefined {
  const fs = (client as unknown as { mod?: { FS?: { readFile(path: string): Uint8Array } } }).mod?.FS;
  if (!fs || !client.ready) return undefined;
  try {
    return fs.readFile(`${PGLITE_ZONES}/${zone}`);
  } catch {
    return null;
  }
}

function createPglite(dataDir: string, start: PGliteOptions = {}): Database {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const client = dataDir === 'memory' ? new PGlite(start) : new PGlite(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    zoneFile: (zone) => pgliteZoneFile(client, zone),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    createListener: () => {
      const unsubscribes: (() => Promise<void>)[] = [];
      return {
        listen: async (channel, onPayload) => {
          unsubscribes.push(await client.listen(channel, onPayload));
        },
        close: async () => {
          if (client.closed) return;
          await Promise.all(unsubscribes.splice(0).map((unsubscribe) => unsubscribe()));
        },
      };
    },
  };
}

function createPostgres(url: string, connectTimeoutMs: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: the pool listens only to idle clients, so a socket reset during a
  // transaction was an unhandled 'error' event that killed the server (found by the fault suite,
  // decision 054). Its queries still reject, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    zoneFile: () => null,
    migrate: async () => {
      // Advisory locks belong to a session, so lock and migrate on one dedicated connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    createListener: (options = {}) => createPostgresListener(url, options.onError),
  };
}

function createPostgresListener(url: string, onError: (error: unknown) => void = () => {}): Listener {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      c.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // A lost LISTEN connection must not crash the process: reconnect and LISTEN again.
      c.on('error', (error) => {
        onError(error);
        if (client === c) reconnectLater();
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const reconnectLater = () => {
    const old = client;
    client = null;
    void old?.end().catch(() => {});
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) connect().catch((error: unknown) => {
        onError(error);
        reconnectLater();
      });
    }, LISTEN_RETRY_MS);
  };

  return {
    listen: async (channel, onPayload) => {
      const first = !handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), onPayload]);
      const c = client ?? (await connect());
      if (first && client === c) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
