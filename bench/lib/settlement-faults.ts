import { zonedTimeToUtc } from '../../packages/domain/src/local-time';
import { scheduleJob } from '../../apps/server/src/modules/durable-jobs/durable-jobs.repository';
import { EVENT_JOBS, jobKey } from '../../apps/server/src/modules/events/events.service';
import type { FreshDatabase } from './database';
import { eventDay, seedEventHouseholds, ZONE } from './event-seed';
import { log } from './format';
import { freePort, serverProcess, waitFor } from './server-process';

export type SettlementFaultResult = {
  faults: number;
  /** Kills that landed while a settlement job was claimed (the rest landed between runs). */
  duringSettlement: number;
  runsCompleted: number;
  households: number;
  /** Households whose event credits in the ledger differ from their settled points (a double or missing credit). */
  creditMismatches: number;
  /** Households with other than one result row. */
  resultMismatches: number;
  ledgerSum: number;
  negativeBalances: number;
};

const LEASE_MS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * kill -9 the server while the durable worker settles an ended event, again and again: after each
 * completed run a re-settlement is queued so the next kill can land in one too. Afterwards every
 * household has one result and exactly its points in event credits, and the ledger sums to zero.
 * The lease is shortened (DURABLE_JOB_LEASE_MS) so a killed claim is taken over within seconds.
 */
export async function runSettlementFaults(fresh: FreshDatabase, faults: number, households: number): Promise<SettlementFaultResult> {
  const date = eventDay();
  const startsAt = zonedTimeToUtc(date, 18, 0, ZONE);
  const endsAt = zonedTimeToUtc(date, 19, 0, ZONE);
  const { rows: program } = await fresh.pool.query<{ id: string }>(`insert into event_programs (name, provinces) values ('Faults', '{ON}') returning id`);
  const { rows: event } = await fresh.pool.query<{ id: string }>(
    `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values ($1, $2, $3, 100, 10, 'ended', 'faults') returning id`,
    [program[0]!.id, startsAt.toISOString(), endsAt.toISOString()],
  );
  const eventId = event[0]!.id;
  await seedEventHouseholds(fresh.pool, households, eventId, startsAt, 0);
  await fresh.pool.query('vacuum (analyze) meter_readings, households, event_participations');
  let runs = 0;
  const queueRun = () =>
    scheduleJob(fresh.database.db, { name: EVENT_JOBS.settle, key: jobKey(eventId, `fault-run-${runs}`), runAt: new Date(), payload: { eventId, resettle: runs > 0 } });
  await queueRun();

  const jobState = async () => {
    const { rows } = await fresh.pool.query<{ running: string; waiting: string; done: string }>(
      `select count(*) filter (where status = 'running') as running, count(*) filter (where status = 'queued') as waiting, count(*) filter (where status = 'done') as done
       from durable_jobs where key like $1`,
      [`event:${eventId}:fault-run-%`],
    );
    return { running: Number(rows[0]!.running), waiting: Number(rows[0]!.waiting), done: Number(rows[0]!.done) };
  };

  const server = serverProcess({ DATABASE_URL: fresh.url, DURABLE_JOB_LEASE_MS: String(LEASE_MS) }, await freePort());
  await server.start();
  let duringSettlement = 0;
  for (let f = 0; f < faults; f++) {
    // The worker polls every 5 s; a settlement of this size takes a few seconds.
    await sleep(1_000 + Math.random() * 8_000);
    const before = await jobState();
    if (before.running > 0) duringSettlement++;
    await server.kill9();
    const after = await jobState();
    if (after.waiting === 0 && after.running === 0) {
      runs++;
      await queueRun();
    }
    await server.start();
    log(`  settlement fault ${f + 1}/${faults}: ${before.running > 0 ? 'during a settlement' : 'between settlements'} (${after.done} runs done)`);
  }
  await waitFor('the last settlement to finish', async () => {
    const state = await jobState();
    return state.running === 0 && state.waiting === 0;
  }, 180_000, 500);
  await server.stop();
  const state = await jobState();

  const { rows } = await fresh.pool.query<{ credit_mismatches: string; result_mismatches: string; ledger_sum: string; negative: string }>(
    `with credits as (select pa.household_id, sum(e.amount) as points
                        from points_transfers t join points_entries e on e.transfer_id = t.id join points_accounts pa on pa.id = e.account_id
                       where t.event_id = $1 and pa.kind = 'member' group by pa.household_id),
          results as (select household_id, count(*) as n, sum(points) as points from event_results where event_id = $1 group by household_id)
     select (select count(*) from households h left join results r on r.household_id = h.id left join credits c on c.household_id = h.id
              where coalesce(c.points, 0) <> coalesce(r.points, 0)) as credit_mismatches,
            (select count(*) from households h left join results r on r.household_id = h.id where coalesce(r.n, 0) <> 1) as result_mismatches,
            (select coalesce(sum(balance), 0) from points_accounts) as ledger_sum,
            (select count(*) from points_accounts where kind = 'member' and balance < 0) as negative`,
    [eventId],
  );
  const r = rows[0]!;
  return {
    faults,
    duringSettlement,
    runsCompleted: state.done,
    households,
    creditMismatches: Number(r.credit_mismatches),
    resultMismatches: Number(r.result_mismatches),
    ledgerSum: Number(r.ledger_sum),
    negativeBalances: Number(r.negative),
  };
}
