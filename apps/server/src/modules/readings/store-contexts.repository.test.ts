import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedHousehold } from '../../test/household-fixture';
import { createTestDatabase } from '../../test/test-database';
import { loadStoreContexts } from './readings.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the devices each household of an MQTT batch may write', () => {
  it('maps each live device by its external id, keeps a household with none, and leaves out removed devices and unknown households', async () => {
    const home = await seedHousehold(database.db, { meter: 'power', 'plug-1': 'smart_plug', 'plug-2': 'smart_plug' });
    const bare = await seedHousehold(database.db);
    await database.db.execute(sql`update devices set removed_at = now() where id = ${home.devices['plug-2']!.id}::uuid`);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const contexts = await loadStoreContexts(database.db, [home.household.id, bare.household.id, unknown, home.household.id]);

    expect([...contexts.keys()].sort()).toEqual([home.household.id, bare.household.id].sort());
    expect(Object.fromEntries(contexts.get(home.household.id)!.deviceIds)).toEqual({ meter: home.devices.meter!.id, 'plug-1': home.devices['plug-1']!.id });
    expect(contexts.get(bare.household.id)!.deviceIds.size).toBe(0);
    expect((await loadStoreContexts(database.db, [])).size).toBe(0);
  });
});
