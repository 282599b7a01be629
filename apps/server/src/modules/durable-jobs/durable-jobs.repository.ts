import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type DurableJob = { id: string; name: string; key: string; payload: Record<string, unknown>; attempts: number };

/**
 * Schedules `name` to run at `runAt`, once per `key`. Asking again for a key still waiting moves
 * it to the new time and payload (an event edited before its start); a key that already ran or
 * was cancelled is left alone, so a retry of the caller never runs the work twice.
 */
export async function scheduleJob(db: DbOrTx, job: { name: string; key: string; runAt: Date; payload?: Record<string, unknown> }): Promise<void> {
  await db.execute(sql`
    insert into durable_jobs (name, key, run_at, payload) values (${job.name}, ${job.key}, ${job.runAt.toISOString()}::timestamptz, ${JSON.stringify(job.payload ?? {})}::jsonb)
    on conflict (key) do update set run_at = excluded.run_at, payload = excluded.payload where durable_jobs.status = 'queued'`);
}

/**
 * Records that `key`'s work was taken, as a job already done, and says whether this call was the
 * one that took it: of several server processes asking for the same key, exactly one gets true,
 * and no worker ever claims the row (it is not waiting). For work each process runs on a timer of
 * its own but that should run once per period across them (the maintenance sweep).
 */
export async function takeOnce(db: DbOrTx, job: { name: string; key: string; at: Date; now: Date }): Promise<boolean> {
  const taken = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into durable_jobs (name, key, run_at, status, finished_at) values (${job.name}, ${job.key}, ${job.at.toISOString()}::timestamptz, 'done', ${job.now.toISOString()}::timestamptz)
      on conflict (key) do nothing
      returning id`),
  );
  return taken.length === 1;
}

/**
 * Deletes the rows `takeOnce` left for `name` whose period began before `before`. A period's key
 * is asked for only while its period is current, so once it is well past, its row guards nothing.
 */
export async function forgetTakenBefore(db: DbOrTx, job: { name: string; before: Date }): Promise<number> {
  const gone = rowsOf<{ id: string }>(
    await db.execute(sql`delete from durable_jobs where name = ${job.name} and status = 'done' and run_at < ${job.before.toISOString()}::timestamptz returning id`),
  );
  return gone.length;
}

/** Brings a waiting job forward to `at` (never later than it was); a job not waiting, or none, is left alone. */
export async function hastenJob(db: DbOrTx, key: string, at: Date): Promise<void> {
  await db.execute(sql`update durable_jobs set run_at = least(run_at, ${at.toISOString()}::timestamptz) where key = ${key} and status = 'queued'`);
}

/** Cancels waiting jobs whose key starts with `prefix` (every job of a cancelled event). */
export async function cancelJobs(db: DbOrTx, keyPrefix: string, now: Date): Promise<void> {
  await db.execute(sql`
    update durable_jobs set status = 'cancelled', finished_at = ${now.toISOString()}::timestamptz
    where status = 'queued' and key like ${`${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`}`);
}

/**
 * Claims up to `limit` due jobs for this worker: waiting ones whose time has come, and running
 * ones whose lease ran out (their process died). SKIP LOCKED lets several workers claim side by
 * side without taking the same row. Of the jobs named in `onePerClaim` (lanes of one long job,
 * decision 130) it claims one at most, and leaves the rest to other workers.
 */
export async function claimDueJobs(db: DbOrTx, now: Date, leaseMs: number, limit: number, onePerClaim: readonly string[] = []): Promise<DurableJob[]> {
  const at = now.toISOString();
  const due = sql`((status = 'queued' and run_at <= ${at}::timestamptz) or (status = 'running' and locked_until < ${at}::timestamptz))`;
  const claim = sql`update durable_jobs j set status = 'running', attempts = j.attempts + 1, locked_until = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval`;
  if (onePerClaim.length === 0) {
    return rowsOf<DurableJob>(
      await db.execute(sql`
        ${claim}
        where j.id in (select id from durable_jobs where ${due} order by run_at limit ${limit} for update skip locked)
        returning j.id, j.name, j.key, j.payload, j.attempts`),
    );
  }
  // A locking clause may not stand in a UNION: each side locks in a CTE of its own.
  const names = sql`${sql.param(onePerClaim)}::text[]`;
  return rowsOf<DurableJob>(
    await db.execute(sql`
      with others as (select id from durable_jobs where ${due} and name <> all(${names}) order by run_at limit ${limit} for update skip locked),
        lane as (select id from durable_jobs where ${due} and name = any(${names}) order by run_at limit 1 for update skip locked)
      ${claim}
      where j.id in (select id from others union all select id from lane)
      returning j.id, j.name, j.key, j.payload, j.attempts`),
  );
}

/**
 * Locks this claim of the job for the caller's transaction. False if another worker has since
 * taken it over (this worker's lease ran out), in which case the caller must not do its work.
 */
export async function holdClaim(tx: DbOrTx, job: DurableJob): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select 1 from durable_jobs where id = ${job.id}::uuid and status = 'running' and attempts = ${job.attempts} for update`));
  return rows.length === 1;
}

export async function markJobDone(tx: DbOrTx, job: DurableJob, now: Date): Promise<void> {
  await tx.execute(sql`update durable_jobs set status = 'done', finished_at = ${now.toISOString()}::timestamptz, locked_until = null, last_error = null where id = ${job.id}::uuid`);
}

/** Back in the queue at `retryAt`, or given up for good (`retryAt` null). */
export async function markJobFailed(db: DbOrTx, job: DurableJob, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db.execute(sql`
    update durable_jobs set
      status = ${retryAt ? 'queued' : 'failed'}, run_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, run_at),
      last_error = ${error.slice(0, 1000)}, locked_until = null, finished_at = ${retryAt ? null : now.toISOString()}::timestamptz
    where id = ${job.id}::uuid and attempts = ${job.attempts}`);
}

/** Puts the job back to run again at `runAt` as part of the caller's transaction (a settlement waiting for late data). */
export async function requeueJob(tx: DbOrTx, job: DurableJob, runAt: Date): Promise<void> {
  await tx.execute(sql`update durable_jobs set status = 'queued', run_at = ${runAt.toISOString()}::timestamptz, locked_until = null where id = ${job.id}::uuid`);
}

export type JobRow = { key: string; name: string; status: string; runAt: string; attempts: number };

export async function jobsByKeyPrefix(db: DbOrTx, keyPrefix: string): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await db.execute(sql`
      select key, name, status, to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "runAt", attempts
      from durable_jobs where key like ${`${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`} order by run_at, key`),
  );
}

/** Erases one field of a job's payload in the caller's transaction: a secret it no longer needs. */
export async function dropJobPayloadField(tx: DbOrTx, jobId: string, field: string): Promise<void> {
  await tx.execute(sql`update durable_jobs set payload = payload - ${field}::text where id = ${jobId}::uuid`);
}
