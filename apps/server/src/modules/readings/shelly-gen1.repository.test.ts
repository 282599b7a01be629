import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { findGen1Meters, gen1MetersQuery } from './shelly-gen1.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('finding first-generation Shelly EM meters by the id in their topics', () => {
  it('finds a live meter by {external id}-{first 8 of the household id}, and neither a removed one nor an ordinary device', async () => {
    const home = await seedHousehold(database.db, { 'shellyem-A1B2C3': 'power', 'shellyem-D4E5F6': 'power', 'plug-1': 'smart_plug' });
    const { id: householdId } = home.household;
    const [live, removed, plug] = [home.devices['shellyem-A1B2C3']!, home.devices['shellyem-D4E5F6']!, home.devices['plug-1']!];
    await database.db.execute(sql`update devices set meter_clamps = 2 where id in (${live.id}::uuid, ${removed.id}::uuid)`);
    await database.db.execute(sql`update devices set removed_at = now() where id = ${removed.id}::uuid`);
    const idOf = (externalId: string) => `${externalId}-${householdId.slice(0, 8)}`;

    const found = await findGen1Meters(database.db, [idOf('shellyem-A1B2C3'), idOf('shellyem-D4E5F6'), idOf('plug-1'), 'shellyem-A1B2C3-00000000']);
    expect([...found.values()]).toEqual([{ gen1Id: idOf('shellyem-A1B2C3'), deviceId: live.id, householdId, clamps: 2 }]);
    expect(plug.id).not.toBe(live.id);
  });

  it('looks the id up through an index over the live meters, not by reading every device row', async () => {
    // With sequential scans priced out, the plan can only avoid one if an index matches the
    // lookup's expression and its live-meter condition: without that index it still scans.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${gen1MetersQuery(['shellyem-A1B2C3-12345678'])}`)).map((r) => r['QUERY PLAN']);
    });
    expect(plan.join('\n')).toContain('devices_gen1_id_live_idx');
  });
});
