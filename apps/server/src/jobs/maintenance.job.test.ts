import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createLogger } from '../lib/logger';
import { notifySql, READINGS_CHANNEL } from '../lib/notify';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { maintenanceSweepJob, startMaintenanceProcessor } from './maintenance.job';
import { maintenanceHome, NOW } from '../modules/maintenance/maintenance.test-helper';

const logger = createLogger({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
});
afterAll(() => t.close());

const openCauses = async (householdId: string) =>
  rowsOf<{ cause: string }>(await t.database.db.execute(sql`select cause from maintenance_alerts where household_id = ${householdId}::uuid and resolved_at is null order by cause`)).map((r) => r.cause);

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test database, counting what the processor does with it: an evaluation opens a transaction. */
function countingDb(): { db: Db; calls: { transaction: number; execute: number } } {
  const calls = { transaction: 0, execute: 0 };
  const db = new Proxy(t.database.db, {
    get(target, prop, receiver) {
      if (prop === 'transaction' || prop === 'execute') calls[prop] += 1;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as Db;
  return { db, calls };
}

describe('maintenance processing', () => {
  it('evaluates a household soon after its readings are committed, without being asked', async () => {
    const processor = startMaintenanceProcessor({ database: t.database, logger, clock: () => NOW, settleMs: 50, batchMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // LISTEN is up
      const home = await maintenanceHome(t);
      const causes = await until(() => openCauses(home.household.id), (c) => c.includes('night_flow') && c.includes('panel_soiling'));
      expect(causes).toEqual(expect.arrayContaining(['night_flow', 'panel_soiling', 'health_decline', 'cycling', 'resolution']));
    } finally {
      await processor.close();
    }
  }, 60_000);

  it('a home with no device and no component (a meter only) is not evaluated after its readings: there is nothing to maintain (decision 072)', async () => {
    const { db, calls } = countingDb();
    const processor = startMaintenanceProcessor({ database: { ...t.database, db }, logger, clock: () => NOW, settleMs: 50, batchMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // LISTEN is up
      const [meterOnly] = rowsOf<{ id: string }>(
        await t.database.db.execute(sql`insert into households (owner_user_id, name, province, time_zone) values ('meter-only', 'Meter only', 'ON', 'America/Toronto') returning id::text as id`),
      );
      await t.database.db.execute(notifySql(READINGS_CHANNEL, { householdId: meterOnly!.id, latestTs: NOW.toISOString(), kinds: ['meter'] }));
      // The processor has taken the notification up once it has used the database at all.
      await until(async () => calls.transaction + calls.execute, (n) => n > 0, 5_000);
    } finally {
      await processor.close();
    }
    expect(calls.transaction).toBe(0);
  }, 60_000);

  it('homes that settle together share one look at which have anything to maintain, and only those are evaluated (decision 074)', async () => {
    const { db, calls } = countingDb();
    const home = await maintenanceHome(t);
    const meterOnly = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`insert into households (owner_user_id, name, province, time_zone) select 'meter-only-' || n, 'Meter only', 'ON', 'America/Toronto' from generate_series(1, 5) as n returning id::text as id`,
      ),
    ).map((r) => r.id);
    // The home with devices was evaluated once already (by maintenanceHome's own data): start from no open alert.
    await t.database.db.execute(sql`delete from maintenance_alerts where household_id = ${home.household.id}::uuid`);
    const processor = startMaintenanceProcessor({ database: { ...t.database, db }, logger, clock: () => NOW, settleMs: 50, batchMs: 300 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // LISTEN is up
      for (const householdId of [...meterOnly, home.household.id]) {
        await t.database.db.execute(notifySql(READINGS_CHANNEL, { householdId, latestTs: NOW.toISOString(), kinds: ['meter'] }));
      }
      const causes = await until(() => openCauses(home.household.id), (c) => c.includes('night_flow'));
      expect(causes).toContain('night_flow');
    } finally {
      await processor.close();
    }
    // One look for the six homes (not one each), then the one evaluation's own statements.
    expect(calls.transaction).toBe(1);
    expect(calls.execute).toBe(1);
  }, 60_000);

  it('the sweep evaluates every household with devices', async () => {
    const home = await maintenanceHome(t);
    expect(await openCauses(home.household.id)).toEqual([]);
    await maintenanceSweepJob({ database: t.database, logger, clock: () => NOW }).run();
    expect(await openCauses(home.household.id)).toEqual(expect.arrayContaining(['night_flow', 'panel_soiling']));
  }, 60_000);

  it('with two server processes on one PostgreSQL database, each quarter hour is swept by one of them; on PGlite each sweeps at each tick, as before', async () => {
    await maintenanceHome(t);
    const a = countingDb();
    const b = countingDb();
    let now = new Date('2026-02-21T10:00:00Z');
    const runners = [a, b].map(({ db }) => maintenanceSweepJob({ database: { ...t.database, db }, logger, clock: () => now }));
    // A sweep evaluates each home with devices in a transaction of its own; a skipped one opens none.
    const swept = async () => {
      const before = [a.calls.transaction, b.calls.transaction];
      await Promise.all(runners.map((r) => r.run()));
      return [a.calls.transaction - before[0]!, b.calls.transaction - before[1]!].filter((n) => n > 0).length;
    };
    const once = t.database.kind === 'postgres' ? 1 : 2;

    // Both ticks at the quarter hour's start, then both again 7 minutes in: one sweep for the quarter hour.
    expect(await swept()).toBe(once);
    now = new Date('2026-02-21T10:07:00Z');
    expect(await swept()).toBe(t.database.kind === 'postgres' ? 0 : 2);
    // The next quarter hour is swept again, by one of them.
    now = new Date('2026-02-21T10:15:00Z');
    expect(await swept()).toBe(once);
    const keys = rowsOf<{ key: string; status: string }>(await t.database.db.execute(sql`select key, status from durable_jobs where name = 'maintenance.sweep' and run_at >= '2026-02-21T00:00:00Z' order by key`));
    expect(keys).toEqual(
      t.database.kind === 'postgres'
        ? [
            { key: 'maintenance:sweep:2026-02-21T10:00:00.000Z', status: 'done' },
            { key: 'maintenance:sweep:2026-02-21T10:15:00.000Z', status: 'done' },
          ]
        : [],
    );

    // A day and a quarter hour later, the sweep that takes its period forgets the rows of the periods a day older.
    now = new Date('2026-02-22T10:15:00Z');
    expect(await swept()).toBe(once);
    const kept = rowsOf<{ key: string }>(await t.database.db.execute(sql`select key from durable_jobs where name = 'maintenance.sweep' and run_at >= '2026-02-21T00:00:00Z' order by key`));
    expect(kept.map((k) => k.key)).toEqual(t.database.kind === 'postgres' ? ['maintenance:sweep:2026-02-21T10:15:00.000Z', 'maintenance:sweep:2026-02-22T10:15:00.000Z'] : []);
  }, 60_000);
});
