import { sql } from 'drizzle-orm';
import { nextPartitionMonth } from '@peakwise/domain/reading-partition-months';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ReadingTable } from './reading-partitions.repository';

/** The series column each table is keyed and batched by, and its other columns, in table order. */
const SHAPE: Record<ReadingTable, { series: string; values: string[] }> = {
  meter_readings: { series: 'household_id', values: ['production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh', 'received_at'] },
  device_readings: { series: 'device_id', values: ['power_w', 'energy_kwh', 'efficiency', 'relay_on', 'metrics', 'received_at'] },
};

// A month's table waits this long for the readers and writers ahead of it, then the job fails and
// is retried later, rather than queueing every reader of the table behind its exclusive lock.
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '10s'`);

const monthSuffix = (month: Date) => month.toISOString().slice(0, 7).replace('-', '_');
const ident = (name: string) => sql.raw(`"${name}"`);

/** The same transaction-scoped lock as the partitions-ahead step: one lifecycle run at a time. */
export async function lockPartitionLifecycle(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readings.partitions-ahead'))`);
}

export type MonthTable = { name: string; month: Date; attached: boolean };

/** Every month table of `table` (`meter_readings_2026_11`), attached as a partition or standing alone mid-move. */
export async function monthTables(tx: DbOrTx, table: ReadingTable): Promise<MonthTable[]> {
  const rows = rowsOf<{ name: string; attached: boolean }>(
    await tx.execute(sql`
      select c.relname as name, exists (select 1 from pg_inherits i where i.inhrelid = c.oid) as attached
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.relname ~ ${`^${table}_[0-9]{4}_[0-9]{2}$`}
      order by c.relname`),
  );
  return rows.map((row) => {
    const [year, month] = row.name.slice(table.length + 1).split('_').map(Number);
    return { name: row.name, month: new Date(Date.UTC(year!, month! - 1, 1)), attached: row.attached };
  });
}

/** Detaches a month from its table and drops it: its readings are gone, its rollups stay. */
export async function dropMonthTable(tx: DbOrTx, table: ReadingTable, month: MonthTable): Promise<void> {
  await tx.execute(LOCK_TIMEOUT);
  // Not CONCURRENTLY: PostgreSQL refuses that form while the table has a DEFAULT partition.
  if (month.attached) await tx.execute(sql`alter table ${ident(table)} detach partition ${ident(month.name)}`);
  await tx.execute(sql`drop table ${ident(month.name)}`);
}

/**
 * Gives a month's disk back once compaction (decision 122) has emptied it: deleted rows leave a
 * table and its key at full size, so a month compacted to a few bytes a reading would still hold
 * the ~160 of its raw rows. Locks the month, then truncates it only if it holds no row; answers
 * whether it did. A month with a day left raw (a reading off the grid) keeps its rows and its size.
 */
export async function truncateEmptiedMonth(tx: DbOrTx, month: MonthTable): Promise<boolean> {
  const emptyWithPages = async () =>
    rowsOf<{ yes: boolean }>(
      // VACUUM gives an emptied table's pages back but not its key's: an index holding more than
      // its metapage is what a truncation still returns.
      await tx.execute(sql`
        select (pg_relation_size(${month.name}::regclass) > 0
            or pg_indexes_size(${month.name}::regclass) > current_setting('block_size')::bigint * (select count(*) from pg_index where indrelid = ${month.name}::regclass))
          and not exists (select 1 from ${ident(month.name)}) as yes`),
    )[0]!.yes;
  // Looked at first without a lock, so a month with rows (or never written) is never locked; then
  // again under the lock, which a late reading's insert would have to wait for.
  if (!(await emptyWithPages())) return false;
  await tx.execute(LOCK_TIMEOUT);
  await tx.execute(sql`lock table ${ident(month.name)} in access exclusive mode`);
  if (!(await emptyWithPages())) return false;
  await tx.execute(sql`truncate ${ident(month.name)}`);
  return true;
}

/** Deletes up to `limit` rows of the DEFAULT partition older than `before`; answers how many went. */
export async function deleteDefaultRowsBefore(tx: DbOrTx, table: ReadingTable, before: Date, limit: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with gone as (
        delete from ${ident(`${table}_default`)} where ctid = any (array(
          select ctid from ${ident(`${table}_default`)} where ts < ${before.toISOString()}::timestamptz limit ${limit}))
        returning 1)
      select count(*)::int as n from gone`),
  );
  return rows[0]!.n;
}

/**
 * Deletes up to `limit` compacted days (decision 122) older than `before`, a UTC month start, from
 * both day tables; answers how many went. They are the same 5-minute readings in another form,
 * so the raw horizon applies to them as to the months dropped above.
 */
export async function deleteCompactedDaysBefore(tx: DbOrTx, before: Date, limit: number): Promise<number> {
  const day = before.toISOString().slice(0, 10);
  let left = limit;
  for (const table of ['meter_reading_days', 'device_reading_days']) {
    if (left <= 0) break;
    const rows = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with gone as (
          delete from ${ident(table)} where ctid = any (array(select ctid from ${ident(table)} where day < ${day}::date limit ${left}))
          returning 1)
        select count(*)::int as n from gone`),
    );
    left -= rows[0]!.n;
  }
  return limit - left;
}

/** The UTC months, from `from` on, of which the DEFAULT partition holds rows, oldest first. */
export async function monthsInDefault(tx: DbOrTx, table: ReadingTable, from: Date): Promise<Date[]> {
  const rows = rowsOf<{ ms: number }>(
    await tx.execute(sql`
      select distinct (extract(epoch from date_trunc('month', ts at time zone 'UTC') at time zone 'UTC') * 1000)::float8 as ms
      from ${ident(`${table}_default`)} where ts >= ${from.toISOString()}::timestamptz order by 1`),
  );
  return rows.map((row) => new Date(Number(row.ms)));
}

export type MoveStep = { step: 'created' } | { step: 'copied'; series: number; rows: number } | { step: 'attached'; caughtUp: number; deleted: number };

/**
 * One step of moving a month out of DEFAULT (decision 124), each committed on its own:
 * 1. make the month's table standing alone, shaped like the parent, with a CHECK of its bounds so
 *    attaching it need not scan it;
 * 2. copy the month's rows of the next `seriesPerBatch` households (devices) in key order; the
 *    copy's largest key is the cursor, so a crash resumes where the last batch committed. The rows
 *    stay in DEFAULT meanwhile: readers and writers keep seeing and changing one copy of each;
 * 3. when no series is left, in one transaction: lock the table against writers, bring over what was
 *    written or corrected since its batch, delete the month from DEFAULT and attach the table
 *    (PostgreSQL checks DEFAULT holds nothing of the month).
 */
export async function moveMonthStep(tx: DbOrTx, table: ReadingTable, month: Date, seriesPerBatch: number): Promise<MoveStep> {
  const { series, values } = SHAPE[table];
  const name = `${table}_${monthSuffix(month)}`;
  const from = month.toISOString();
  const to = nextPartitionMonth(month).toISOString();
  const columns = sql.raw([series, 'ts', ...values].map((c) => `"${c}"`).join(', '));
  const inMonth = sql`ts >= ${from}::timestamptz and ts < ${to}::timestamptz`;
  // DDL takes no bind parameters: the bounds are written in, from Date's own ISO form.
  const bounds = sql.raw(`ts >= '${from}'::timestamptz and ts < '${to}'::timestamptz`);

  const [exists] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass(${name}) is not null as present`));
  if (!exists!.present) {
    await tx.execute(sql`create table ${ident(name)} (like ${ident(table)} including defaults including constraints including indexes)`);
    await tx.execute(sql`alter table ${ident(name)} add constraint ${ident(`${name}_bounds`)} check (${bounds})`);
    return { step: 'created' };
  }

  const seriesColumn = ident(series);
  const next = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select distinct d.${seriesColumn}::text as id from ${ident(`${table}_default`)} d
      where ${inMonth} and d.${seriesColumn} > coalesce((select ${seriesColumn} from ${ident(name)} order by 1 desc limit 1), '00000000-0000-0000-0000-000000000000'::uuid)
      order by 1 limit ${seriesPerBatch}`),
  );
  if (next.length > 0) {
    const ids = `{${next.map((row) => row.id).join(',')}}`;
    const [copied] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with copied as (
          insert into ${ident(name)} (${columns})
          select ${columns} from ${ident(`${table}_default`)} where ${seriesColumn} = any (${ids}::uuid[]) and ${inMonth}
          on conflict do nothing returning 1)
        select count(*)::int as n from copied`),
    );
    return { step: 'copied', series: next.length, rows: copied!.n };
  }

  await tx.execute(LOCK_TIMEOUT);
  // The parent, not only DEFAULT: a writer routes its row to a partition before it locks that
  // partition, so one that routed to DEFAULT and then waited there failed the new partition's
  // bounds once the attach committed (seen on PostgreSQL 15). Held on the parent, this lock stops
  // writers before they route, and they route again to the attached month; readers go on.
  await tx.execute(sql`lock table ${ident(table)} in share row exclusive mode`);
  const set = sql.raw(values.map((c) => `"${c}" = excluded."${c}"`).join(', '));
  const current = sql.raw(`(${values.filter((c) => c !== 'received_at').map((c) => `m."${c}"`).join(', ')})`);
  const incoming = sql.raw(`(${values.filter((c) => c !== 'received_at').map((c) => `excluded."${c}"`).join(', ')})`);
  const [caughtUp] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with up as (
        insert into ${ident(name)} as m (${columns})
        select ${columns} from ${ident(`${table}_default`)} where ${inMonth}
        on conflict (${seriesColumn}, ts) do update set ${set} where ${current} is distinct from ${incoming}
        returning 1)
      select count(*)::int as n from up`),
  );
  // A row deleted from DEFAULT after its batch was copied must not come back with the month.
  const keyMatch = sql.raw(`d."${series}" = m."${series}" and d.ts = m.ts`);
  await tx.execute(sql`delete from ${ident(name)} m where not exists (select 1 from ${ident(`${table}_default`)} d where ${keyMatch})`);
  const [deleted] = rowsOf<{ n: number }>(
    await tx.execute(sql`with gone as (delete from ${ident(`${table}_default`)} where ${inMonth} returning 1) select count(*)::int as n from gone`),
  );
  await tx.execute(sql`alter table ${ident(table)} attach partition ${ident(name)} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`);
  await tx.execute(sql`alter table ${ident(name)} drop constraint ${ident(`${name}_bounds`)}`);
  return { step: 'attached', caughtUp: caughtUp!.n, deleted: deleted!.n };
}
