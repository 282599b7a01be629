import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { inPoolTransaction } from './pool-transaction';
import { repartitionOnline, type RepartitionProgress } from './online-repartition';

/** The migration that partitions the readings by copying them in one go (decision 115). */
const PARTITION_MIGRATION = '0056_readings_by_month';
const TARGETS = [
  { table: 'meter_readings', series: 'household_id' },
  { table: 'device_readings', series: 'device_id' },
] as const;

export type UpgradeOutcome = { outcome: 'already_partitioned' } | { outcome: 'upgraded'; copied: Record<string, number> };

/**
 * The online way to migration 0056 for a large live database (decision 124): both readings tables
 * repartitioned in batches beside their writers, then what else 0056 makes (the month function)
 * and 0056 recorded as applied, so the next start-up's migrations carry on from 0057 instead of
 * copying every row again in one transaction. Refuses a database that is not exactly at 0055.
 */
export async function upgradeReadingsOnline(
  pool: pg.Pool,
  options: { migrationsFolder: string; now: Date; batchRows?: number; onBatch?: (table: string, progress: RepartitionProgress) => void },
): Promise<UpgradeOutcome> {
  const migrations = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
  const index = migrations.findIndex((m) => m.sql.join('').includes('CREATE FUNCTION create_reading_month_partition'));
  const target = migrations[index];
  const previous = migrations[index - 1];
  if (!target || !previous) throw new Error(`Cannot find ${PARTITION_MIGRATION} among the migrations`);

  const { rows: kinds } = await pool.query<{ kind: string }>(
    `select relkind::text as kind from pg_class where oid in (to_regclass('meter_readings'), to_regclass('device_readings'))`,
  );
  const { rows: last } = await pool.query<{ at: string }>(`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  const lastAt = Number(last[0]?.at ?? 0);
  if (kinds.length === 2 && kinds.every((k) => k.kind === 'p') && lastAt >= target.folderMillis) return { outcome: 'already_partitioned' };
  if (lastAt !== previous.folderMillis) {
    throw new Error(`The database must be at the migration just before ${PARTITION_MIGRATION}; start the previous release once, or let ${PARTITION_MIGRATION} copy a small database`);
  }

  const copied: Record<string, number> = {};
  for (const t of TARGETS) {
    const progress = await repartitionOnline(pool, t, { now: options.now, batchRows: options.batchRows, onBatch: (p) => options.onBatch?.(t.table, p) });
    copied[t.table] = progress.copied;
  }
  await inPoolTransaction(pool, async (client) => {
    // The statement of 0056 that is neither the copy nor the triggers (the switch moved those).
    const makeMonth = target.sql.find((s) => s.includes('CREATE FUNCTION create_reading_month_partition'))!;
    await client.query(makeMonth);
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [target.hash, target.folderMillis]);
  });
  return { outcome: 'upgraded', copied };
}
