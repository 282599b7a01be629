import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export const READING_TABLES = ['meter_readings', 'device_readings'] as const;
export type ReadingTable = (typeof READING_TABLES)[number];

/** What became of one month: made now, there already, or left in DEFAULT because rows of it wait there. */
export type PartitionOutcome = 'created' | 'exists' | 'in_default';

/**
 * Makes each table's partition for each month (its first instant, UTC) that has none, in the
 * caller's transaction. The transaction-scoped advisory lock makes two runs at once take turns,
 * so the second finds the first's partitions instead of failing on them.
 */
export async function createMonthPartitions(tx: DbOrTx, months: readonly Date[]): Promise<{ table: ReadingTable; month: string; outcome: PartitionOutcome }[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readings.partitions-ahead'))`);
  const made: { table: ReadingTable; month: string; outcome: PartitionOutcome }[] = [];
  for (const table of READING_TABLES) {
    for (const month of months) {
      const [row] = rowsOf<{ outcome: PartitionOutcome }>(
        await tx.execute(sql`select create_reading_month_partition(${table}, ${month.toISOString()}::timestamptz) as outcome`),
      );
      made.push({ table, month: month.toISOString(), outcome: row!.outcome });
    }
  }
  return made;
}
