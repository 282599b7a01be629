// `npm run readings:repartition -w @peakwise/server`: the online upgrade of a large PostgreSQL
// database to monthly partitions (decision 124), before starting the release that has migration 0056.
import pg from 'pg';
import { loadConfig } from '../lib/config';
import { MIGRATIONS_DIR } from './client';
import { upgradeReadingsOnline } from './readings-upgrade';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL must point at the PostgreSQL database to upgrade (PGlite databases are upgraded by the migration itself).');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
const started = performance.now();
try {
  const result = await upgradeReadingsOnline(pool, {
    migrationsFolder: MIGRATIONS_DIR,
    now: new Date(),
    onBatch: (table, progress) => console.log(`${table}: ${progress.copied} rows copied`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(result.outcome === 'upgraded' ? `Upgraded in ${seconds} s; the old tables stay as *_unpartitioned until you drop them.` : 'The readings are already partitioned.');
} finally {
  await pool.end();
}
