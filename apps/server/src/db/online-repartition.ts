import type pg from 'pg';
import { inPoolTransaction } from './pool-transaction';

/**
 * Turns a large, live, unpartitioned readings table into one partitioned by UTC month, without
 * stopping its writers (decision 124). PostgreSQL only: a PGlite database is small enough for the
 * one-go copy of migration 0056.
 *
 * 1. `prepare`: a partitioned table beside the old one (`<table>_next`, same columns, defaults and
 *    key), its DEFAULT partition and the months around now; then a trigger on the old table that
 *    repeats every insert, update and delete on the new one, so whatever is written from then on
 *    is in both, and a progress row holding the copy's cursor.
 * 2. `copyBatch`, again and again: the next `batchRows` rows in key order (household, then time),
 *    key-share locked, made room for (their months' partitions) and copied with ON CONFLICT DO
 *    NOTHING, since a row the trigger already put there is newer; the cursor moves in the same transaction, so a crash
 *    resumes after the last committed batch.
 * 3. `switchOver`: in one short transaction under an exclusive lock, the trigger dropped, the
 *    names swapped (table, key constraint) and the old table's own triggers made again on the new
 *    one. The old table stays, renamed `<table>_unpartitioned`, for the operator to check and drop.
 */
export type RepartitionTarget = {
  table: string;
  /** The first key column (household_id, device_id): the copy goes series by series. */
  series: string;
};

export type RepartitionProgress = { copied: number; done: boolean };

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const monthName = (table: string, month: Date) => `${table}_${month.toISOString().slice(0, 7).replace('-', '_')}`;
const monthEnd = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function primaryKeyOf(client: pg.ClientBase, table: string): Promise<{ name: string; columns: string[] }> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.conname as name, array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
     from pg_constraint c where c.conrelid = $1::regclass and c.contype = 'p'`,
    [table],
  );
  if (!rows[0]) throw new Error(`${table} has no primary key`);
  return rows[0];
}

/** A month's partition of `<table>_next`, unless it is there, or its rows already wait in DEFAULT (the partitions job moves those later). */
async function ensureMonth(client: pg.ClientBase, table: string, month: Date): Promise<void> {
  const name = monthName(table, month);
  const { rows } = await client.query<{ present: boolean; waiting: boolean }>(
    `select to_regclass($1) is not null as present,
       exists (select 1 from ${q(`${table}_default`)} where ts >= $2::timestamptz and ts < $3::timestamptz) as waiting`,
    [name, month.toISOString(), monthEnd(month).toISOString()],
  );
  if (rows[0]!.present || rows[0]!.waiting) return;
  await client.query(`create table ${q(name)} partition of ${q(`${table}_next`)} for values from ('${month.toISOString()}') to ('${monthEnd(month).toISOString()}')`);
}

export async function prepareRepartition(pool: pg.Pool, target: RepartitionTarget, now: Date): Promise<void> {
  const { table } = target;
  await inPoolTransaction(pool, async (client) => {
    await client.query(`create table if not exists repartition_progress (
      table_name text primary key, cursor_series text, cursor_ts timestamptz, copied bigint not null default 0, started_at timestamptz not null default now())`);
    const { rowCount } = await client.query(`insert into repartition_progress (table_name) values ($1) on conflict do nothing`, [table]);
    // Prepared already: a rerun resumes where it was.
    if (rowCount === 0) return;
    const columns = await columnsOf(client, table);
    const key = await primaryKeyOf(client, table);
    await client.query(`create table ${q(`${table}_next`)} (like ${q(table)} including defaults including constraints including indexes) partition by range (ts)`);
    await client.query(`create table ${q(`${table}_default`)} partition of ${q(`${table}_next`)} default`);
    for (let offset = -2; offset <= 3; offset += 1) await ensureMonth(client, table, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)));

    const list = columns.map(q).join(', ');
    const assign = columns.filter((c) => !key.columns.includes(c)).map((c) => `${q(c)} = excluded.${q(c)}`).join(', ');
    const match = key.columns.map((c) => `${q(c)} = OLD.${q(c)}`).join(' and ');
    await client.query(`create function ${q(`repartition_mirror_${table}`)}() returns trigger language plpgsql as $fn$
      begin
        if TG_OP in ('DELETE', 'UPDATE') then
          delete from ${q(`${table}_next`)} where ${match};
        end if;
        if TG_OP in ('INSERT', 'UPDATE') then
          insert into ${q(`${table}_next`)} (${list}) values (${columns.map((c) => `NEW.${q(c)}`).join(', ')})
          on conflict (${key.columns.map(q).join(', ')}) do update set ${assign};
        end if;
        return null;
      end $fn$`);
    await client.query(`create trigger repartition_mirror after insert or update or delete on ${q(table)} for each row execute function ${q(`repartition_mirror_${table}`)}()`);
  });
}

/** Copies the next batch; answers how many rows so far and whether the old table is exhausted. */
export async function copyRepartitionBatch(pool: pg.Pool, target: RepartitionTarget, batchRows: number): Promise<RepartitionProgress> {
  const { table, series } = target;
  return inPoolTransaction(pool, async (client) => {
    const { rows: progress } = await client.query<{ cursor_series: string | null; cursor_ts: Date | null; copied: string }>(
      `select cursor_series, cursor_ts, copied from repartition_progress where table_name = $1 for update`,
      [table],
    );
    if (!progress[0]) throw new Error(`${table}: run prepare first`);
    const after = progress[0].cursor_series === null ? 'true' : `(${q(series)}, ts) > ($1::uuid, $2::timestamptz)`;
    const cursor = progress[0].cursor_series === null ? [] : [progress[0].cursor_series, progress[0].cursor_ts];
    const limit = `$${cursor.length + 1}`;
    const batch = `select * from ${q(table)} where ${after} order by ${q(series)}, ts limit ${limit}`;
    const { rows: months } = await client.query<{ ms: number }>(
      `select distinct (extract(epoch from date_trunc('month', ts at time zone 'UTC') at time zone 'UTC') * 1000)::float8 as ms from (${batch}) b`,
      [...cursor, batchRows],
    );
    for (const { ms } of months) await ensureMonth(client, table, new Date(Number(ms)));
    const columns = (await columnsOf(client, table)).map(q).join(', ');
    // FOR KEY SHARE: a delete of a row this batch read waits for the batch's commit, so its
    // mirror then finds the copied row and removes it. Without it a row deleted between the
    // batch's read and its insert came back (seen once in four runs of the test). Updates are
    // not held: their mirror's upsert meets the copy and wins either way.
    const { rows } = await client.query<{ n: number; last_series: string | null; last_ts: Date | null }>(
      `with batch as (${batch} for key share),
         copied as (insert into ${q(`${table}_next`)} (${columns}) select ${columns} from batch on conflict do nothing returning 1),
         last as (select ${q(series)}::text as s, ts from batch order by ${q(series)} desc, ts desc limit 1)
       select (select count(*)::int from batch) as n, (select s from last) as last_series, (select ts from last) as last_ts`,
      [...cursor, batchRows],
    );
    const { n, last_series: lastSeries, last_ts: lastTs } = rows[0]!;
    const copied = Number(progress[0].copied) + n;
    if (n > 0) await client.query(`update repartition_progress set cursor_series = $2, cursor_ts = $3, copied = $4 where table_name = $1`, [table, lastSeries, lastTs, copied]);
    return { copied, done: n < batchRows };
  });
}

/** The short switch: the new table takes the old one's name, key name and triggers. */
export async function switchRepartition(pool: pg.Pool, target: RepartitionTarget): Promise<void> {
  const { table } = target;
  await inPoolTransaction(pool, async (client) => {
    // Waits at most this long for the writers in flight, then gives up (run it again) rather
    // than queueing every reader behind the exclusive lock.
    await client.query(`set local lock_timeout = '10s'`);
    await client.query(`lock table ${q(table)} in access exclusive mode`);
    const key = await primaryKeyOf(client, table);
    const { rows: newKey } = await client.query<{ name: string }>(`select conname as name from pg_constraint where conrelid = $1::regclass and contype = 'p'`, [`${table}_next`]);
    const { rows: triggers } = await client.query<{ name: string; definition: string }>(
      `select tgname as name, pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = $1::regclass and not tgisinternal and tgname <> 'repartition_mirror'`,
      [table],
    );
    await client.query(`drop trigger repartition_mirror on ${q(table)}`);
    await client.query(`drop function ${q(`repartition_mirror_${table}`)}()`);
    await client.query(`alter table ${q(table)} rename to ${q(`${table}_unpartitioned`)}`);
    await client.query(`alter table ${q(`${table}_unpartitioned`)} rename constraint ${q(key.name)} to ${q(`${table}_unpartitioned_pk`)}`);
    await client.query(`alter table ${q(`${table}_next`)} rename to ${q(table)}`);
    await client.query(`alter table ${q(table)} rename constraint ${q(newKey[0]!.name)} to ${q(key.name)}`);
    for (const trigger of triggers) {
      await client.query(`drop trigger ${q(trigger.name)} on ${q(`${table}_unpartitioned`)}`);
      // The definition names the table as it was called, which is now the partitioned one.
      await client.query(trigger.definition);
    }
    await client.query(`delete from repartition_progress where table_name = $1`, [table]);
  });
}

/** The whole move, resumable: prepare (once), batches until the old table is exhausted, the switch. */
export async function repartitionOnline(
  pool: pg.Pool,
  target: RepartitionTarget,
  options: { now: Date; batchRows?: number; onBatch?: (progress: RepartitionProgress) => void },
): Promise<RepartitionProgress> {
  await prepareRepartition(pool, target, options.now);
  let progress: RepartitionProgress;
  do {
    progress = await copyRepartitionBatch(pool, target, options.batchRows ?? 20_000).catch((error: unknown) => {
      // A writer's mirrored row and the batch can wait on each other; PostgreSQL ends one of
      // them, and the batch, its cursor unmoved, is simply taken again.
      if ((error as { code?: string }).code === '40P01') return { copied: -1, done: false };
      throw error;
    });
    options.onBatch?.(progress);
  } while (!progress.done);
  await switchRepartition(pool, target);
  return progress;
}
