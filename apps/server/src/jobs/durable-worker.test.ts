import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { rowsOf } from '../db/rows';
import { claimDueJobs, jobsByKeyPrefix, scheduleJob } from '../modules/durable-jobs/durable-jobs.repository';
import { createTestDatabase } from '../test/test-database';
import { startDurableWorker, type JobHandler } from './durable-worker';

const logger = createLogger({ level: 'silent' });
const T0 = new Date('2026-11-24T18:00:00Z');

describe('durable jobs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table job_effects (key text not null, at timestamptz not null default now())`);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate durable_jobs, job_effects`);
  });

  const effects = async () => rowsOf<{ key: string }>(await database.db.execute(sql`select key from job_effects order by at, key`)).map((r) => r.key);
  /** A handler whose effect is a row written in the job's own transaction. */
  const record: JobHandler = async ({ tx, job }) => {
    await tx.execute(sql`insert into job_effects (key) values (${job.key})`);
  };

  it('runs a job when it is due, once, and not before', async () => {
    let now = new Date(T0.getTime() - 60_000);
    const worker = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => now });
    await scheduleJob(database.db, { name: 'record', key: 'a', runAt: T0 });
    await scheduleJob(database.db, { name: 'record', key: 'a', runAt: T0 });
    expect(await worker.runDue()).toBe(0);
    now = T0;
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    expect(await effects()).toEqual(['a']);
    expect(await jobsByKeyPrefix(database.db, 'a')).toMatchObject([{ status: 'done', attempts: 1 }]);
    await worker.stop();
  });

  it('survives a restart: a job scheduled by one process is run by the next one', async () => {
    await scheduleJob(database.db, { name: 'record', key: 'restart', runAt: T0 });
    const first = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => new Date(T0.getTime() - 1) });
    await first.runDue();
    await first.stop();
    const second = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => T0 });
    expect(await second.runDue()).toBe(1);
    await second.stop();
    expect(await effects()).toEqual(['restart']);
  });

  it('a worker that died mid-job leaves no effect; the job is taken over when its lease runs out and runs once', async () => {
    await scheduleJob(database.db, { name: 'record', key: 'crash', runAt: T0 });
    const crashing: JobHandler = async ({ tx, job }) => {
      await tx.execute(sql`insert into job_effects (key) values (${job.key})`);
      throw new Error('process killed');
    };
    let now = T0;
    const dying = startDurableWorker({ db: database.db, handlers: { record: crashing }, logger, clock: () => now, leaseMs: 60_000 });
    await dying.runDue();
    await dying.stop();
    expect(await effects()).toEqual([]);
    // Retried with back-off (1 minute after the first attempt).
    now = new Date(T0.getTime() + 61_000);
    const healthy = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => now });
    expect(await healthy.runDue()).toBe(1);
    expect(await effects()).toEqual(['crash']);
    expect(await jobsByKeyPrefix(database.db, 'crash')).toMatchObject([{ status: 'done', attempts: 2 }]);
    await healthy.stop();
  });

  it('a claim whose process vanished (status running, lease expired) is taken over', async () => {
    await scheduleJob(database.db, { name: 'record', key: 'orphan', runAt: T0 });
    await database.db.execute(sql`update durable_jobs set status = 'running', attempts = 1, locked_until = ${new Date(T0.getTime() + 1000).toISOString()}::timestamptz where key = 'orphan'`);
    const early = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => T0 });
    expect(await early.runDue()).toBe(0);
    const late = startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => new Date(T0.getTime() + 2000) });
    expect(await late.runDue()).toBe(1);
    expect(await effects()).toEqual(['orphan']);
    await Promise.all([early.stop(), late.stop()]);
  });

  it('two workers on one database run 50 due jobs exactly once between them', async () => {
    for (let i = 0; i < 50; i += 1) await scheduleJob(database.db, { name: 'record', key: `many-${String(i).padStart(2, '0')}`, runAt: T0 });
    const workers = [1, 2].map(() => startDurableWorker({ db: database.db, handlers: { record }, logger, clock: () => T0 }));
    const ran = await Promise.all(workers.map((w) => w.runDue()));
    expect(ran[0]! + ran[1]!).toBe(50);
    const keys = await effects();
    expect(keys).toHaveLength(50);
    expect(new Set(keys).size).toBe(50);
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('a job that asks to run again now runs again in the same pass, not at the next poll', async () => {
    let calls = 0;
    const inBatches: JobHandler = async ({ tx, job, now }) => {
      calls += 1;
      await tx.execute(sql`insert into job_effects (key) values (${`${job.key}:${calls}`})`);
      if (calls < 3) return { retryAt: now };
    };
    const worker = startDurableWorker({ db: database.db, handlers: { inBatches }, logger, clock: () => T0 });
    await scheduleJob(database.db, { name: 'inBatches', key: 'month', runAt: T0 });
    expect(await worker.runDue()).toBe(3);
    expect(await effects()).toEqual(['month:1', 'month:2', 'month:3']);
    expect(await jobsByKeyPrefix(database.db, 'month')).toMatchObject([{ status: 'done' }]);
    await worker.stop();
  });

  it('claims one lane job at most a claim, beside any number of other jobs (decision 130)', async () => {
    for (const key of ['lane-a', 'lane-b', 'lane-c']) await scheduleJob(database.db, { name: 'lane', key, runAt: T0 });
    for (const key of ['other-a', 'other-b']) await scheduleJob(database.db, { name: 'record', key, runAt: T0 });
    const claims: string[][] = [];
    for (let i = 0; i < 4; i += 1) claims.push((await claimDueJobs(database.db, T0, 60_000, 20, ['lane'])).map((job) => job.key).sort());
    expect(claims).toEqual([['lane-a', 'other-a', 'other-b'], ['lane-b'], ['lane-c'], []]);
    // Without the list, one claim takes them all, as before.
    await database.db.execute(sql`update durable_jobs set status = 'queued', attempts = 0, locked_until = null`);
    expect(await claimDueJobs(database.db, T0, 60_000, 20)).toHaveLength(5);
  });

  it('a job that scheduled its next run for now and says so has that run taken in the same pass', async () => {
    const chain: JobHandler = async ({ tx, job, now }) => {
      await tx.execute(sql`insert into job_effects (key) values (${job.key})`);
      const step = Number(job.payload.step);
      if (step === 3) return;
      await scheduleJob(tx, { name: 'chain', key: `chain-${step + 1}`, runAt: now, payload: { step: step + 1 } });
      return { again: true };
    };
    const worker = startDurableWorker({ db: database.db, handlers: { chain: Object.assign(chain, { onePerClaim: true as const }) }, logger, clock: () => T0 });
    await scheduleJob(database.db, { name: 'chain', key: 'chain-1', runAt: T0, payload: { step: 1 } });
    expect(await worker.runDue()).toBe(3);
    expect(await effects()).toEqual(['chain-1', 'chain-2', 'chain-3']);
    await worker.stop();
  });

  it('a handler can ask to run again later; rescheduling a waiting key moves it, a finished one stays finished', async () => {
    let calls = 0;
    const waitOnce: JobHandler = async ({ now }) => {
      calls += 1;
      if (calls === 1) return { retryAt: new Date(now.getTime() + 3_600_000) };
    };
    let now = T0;
    const worker = startDurableWorker({ db: database.db, handlers: { waitOnce }, logger, clock: () => now });
    await scheduleJob(database.db, { name: 'waitOnce', key: 'later', runAt: T0 });
    await worker.runDue();
    expect(await jobsByKeyPrefix(database.db, 'later')).toMatchObject([{ status: 'queued', runAt: '2026-11-24T19:00:00Z' }]);
    now = new Date(T0.getTime() + 3_600_000);
    await worker.runDue();
    expect(calls).toBe(2);
    await scheduleJob(database.db, { name: 'waitOnce', key: 'later', runAt: new Date(T0.getTime() + 9_000_000) });
    expect(await jobsByKeyPrefix(database.db, 'later')).toMatchObject([{ status: 'done', runAt: '2026-11-24T19:00:00Z' }]);
    await worker.stop();
  });
});
