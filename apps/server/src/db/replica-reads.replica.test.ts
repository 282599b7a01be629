import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { intervals, memberWithHousehold, store } from '../modules/energy/energy.test-helper';
import { startTestReplicatedCluster, type TestReplicatedCluster } from '../test/pg-replica';
import { createTestApp, type TestApp } from '../test/test-app';
import { asMember } from '../test/test-session';
import { createDatabase, type Database } from './client';
import { createReadDb, type ReadDb } from './replica-reads';
import { rowsOf } from './rows';
import { devices } from './schema/device.schema';

// The replica holds every commit back this long: a real lag, well past one request's duration.
const APPLY_DELAY_MS = 3_000;
const now = new Date('2026-01-15T19:37:00Z');

let database: Database;
let cluster: TestReplicatedCluster;
let replicaUrl: string;
let reads: ReadDb;
let t: TestApp;
// A second server process on the same primary and replica, with its own router (decision 129).
let readsB: ReadDb;
let tB: TestApp;
const warnings: string[] = [];
let a: Awaited<ReturnType<typeof memberWithHousehold>>;
let b: Awaited<ReturnType<typeof memberWithHousehold>>;

const deviceNames = async (member: { cookie: string }, through: TestApp = t) => {
  const res = await through.app.request('/api/devices', { headers: asMember(member) });
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json());
};
// Straight to the primary, around the API: no member's write is noted, as for another process's write.
const renameOnPrimary = (id: string, name: string) => database.db.update(devices).set({ name }).where(eq(devices.id, id));

/** Until the replica has replayed everything the primary has written so far (at most 20 s). */
async function replicaCaughtUp() {
  const [{ lsn }] = rowsOf<{ lsn: string }>(await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as [{ lsn: string }];
  // The replay position is the cluster's; the test's database may not be on the replica yet.
  const client = new pg.Client({ connectionString: cluster.replicaUrl('postgres') });
  await client.connect();
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await client.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
      if (rows[0]!.done) break;
      if (Date.now() > deadline) throw new Error('The replica did not catch up within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  // The router samples the replica every 100 ms here.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

beforeAll(async () => {
  cluster = await startTestReplicatedCluster({ applyDelayMs: APPLY_DELAY_MS });
  const admin = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
  await admin.connect();
  await admin.query('create database peakwise');
  await admin.end();
  database = createDatabase({ url: cluster.primaryUrl('peakwise') });
  await database.migrate();
  replicaUrl = cluster.replicaUrl('peakwise');
  reads = createReadDb({ primary: database, readUrl: replicaUrl, logger: createLogger({ level: 'warn', destination: { write: (line: string) => warnings.push(line) } }), pollMs: 100 });
  t = await createTestApp({ database, reads, clock: () => now });
  readsB = createReadDb({ primary: database, readUrl: replicaUrl, logger: createLogger({ level: 'silent' }), pollMs: 100, forgetEveryMs: 100, keepReplayedSeconds: 1 });
  tB = await createTestApp({ database, reads: readsB, clock: () => now });
  a = await memberWithHousehold(t, { 'a-lamp': 'lighting' });
  b = await memberWithHousehold(t, { 'b-lamp': 'lighting' });
  await replicaCaughtUp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await tB?.close();
  await reads?.close();
  await readsB?.close();
  await database?.close();
  await cluster?.stop();
});

describe('screen reads on a streaming replica (decision 123)', () => {
  it('is a replica in recovery, not a second copy of the database', async () => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ recovery: boolean; receiver: string | null }>('select pg_is_in_recovery() as recovery, (select status from pg_stat_wal_receiver) as receiver');
      expect(rows[0]).toEqual({ recovery: true, receiver: 'streaming' });
    } finally {
      await client.end();
    }
  });

  it('reads the Devices screen from the replica: a change made on the primary shows only once replayed', async () => {
    await renameOnPrimary(b.devices['b-lamp']!.id, 'b-renamed-1');
    // Within the replica's delay: the old name, which only the replica still has.
    expect(await deviceNames(b.member)).toContain('"b-lamp"');
    await replicaCaughtUp();
    expect(await deviceNames(b.member)).toContain('"b-renamed-1"');
  }, 30_000);

  it('shows a member their own change at once despite the lag, while another household still reads the replica', async () => {
    const res = await t.app.request(`/api/devices/${a.devices['a-lamp']!.id}`, { method: 'PATCH', headers: asMember(a.member), body: JSON.stringify({ name: 'Reading lamp' }) });
    expect(res.status).toBe(200);
    // The replica holds the rename back for 3 s; the member's own read goes to the primary.
    const own = await deviceNames(a.member);
    expect(own).toContain('"Reading lamp"');
    expect(own).not.toContain('"a-lamp"');

    // Household b wrote nothing: it still reads the lagging replica.
    await renameOnPrimary(b.devices['b-lamp']!.id, 'b-renamed-2');
    expect(await deviceNames(b.member)).toContain('"b-renamed-1"');

    // Once the replica has replayed a's write, a reads the replica again: a change around the API
    // is then invisible to a until replayed, and the rename is still there (never back in time).
    await replicaCaughtUp();
    await renameOnPrimary(a.devices['a-lamp']!.id, 'Reading lamp 2');
    const later = await deviceNames(a.member);
    expect(later).toContain('"Reading lamp"');
    expect(later).not.toContain('"Reading lamp 2"');
  }, 30_000);

  it('shows a member their rename made through one process on another at once, while another household there still reads the lagging replica', async () => {
    await replicaCaughtUp();
    // The second process has served a from the replica: it holds nothing of a's in memory.
    expect(await deviceNames(a.member, tB)).toContain('"Reading lamp 2"');
    // Counted from the raw rows, not through the router.
    const ownPositions = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from write_positions where owner_id in (${a.household.id}, ${a.member.userId})`))[0]!.n;
    const res = await t.app.request(`/api/devices/${a.devices['a-lamp']!.id}`, { method: 'PATCH', headers: asMember(a.member), body: JSON.stringify({ name: 'Desk lamp' }) });
    expect(res.status).toBe(200);
    // The household and the member each have their position on the primary, for every process.
    expect(await ownPositions()).toBe(2);
    // Through the other process, within the replica's 3 s delay: the rename, not the old name.
    const own = await deviceNames(a.member, tB);
    expect(own).toContain('"Desk lamp"');
    expect(own).not.toContain('"Reading lamp 2"');

    // Household b wrote nothing: on the second process too it still reads the lagging replica.
    await renameOnPrimary(b.devices['b-lamp']!.id, 'b-renamed-4');
    expect(await deviceNames(b.member, tB)).toContain('"b-renamed-2"');

    // Once replayed, and a second old, the positions are deleted (no row per write kept for ever);
    // a reads the replica again through either process and the rename is still there.
    await replicaCaughtUp();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await ownPositions()).toBe(0);
    expect(await deviceNames(a.member, tB)).toContain('"Desk lamp"');
    expect(await deviceNames(a.member)).toContain('"Desk lamp"');
  }, 30_000);

  it('keeps the daily cost a Usage read on the replica computes on the primary, and nothing fails on the replica', async () => {
    // A day of grid import yesterday (Toronto), unpriced: the first read that finds it prices it.
    await store(database.db, b.household.id, { meter: intervals(new Date('2026-01-14T05:00:00Z'), 288, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    await replicaCaughtUp();
    warnings.length = 0;
    const res = await t.app.request('/api/usage/summary', { headers: asMember(b.member) });
    expect(res.status).toBe(200);
    // A standby refuses the cache's UPDATE (25006); had it gone there, the read would have failed
    // over to the primary with a warning.
    expect(warnings).toEqual([]);
    const [day] = rowsOf<{ plan: string | null }>(await database.db.execute(sql`select cost_plan_id as plan from meter_daily where household_id = ${b.household.id}::uuid and local_date = '2026-01-14'`));
    expect(day?.plan).not.toBeNull();
  }, 30_000);

  it('answers from the primary when the replica is down', async () => {
    await replicaCaughtUp();
    await cluster.killReplica();
    await renameOnPrimary(b.devices['b-lamp']!.id, 'b-renamed-3');
    // The first read after the crash may still be sent to the replica: it fails over, answers 200.
    expect(await deviceNames(b.member)).toContain('"b-renamed-3"');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deviceNames(b.member)).toContain('"b-renamed-3"');
  }, 30_000);
});
