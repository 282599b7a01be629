import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../lib/notify';
import { DEMO_HOUSEHOLD } from '../../simulator/household-profile';
import { createTestDatabase } from '../../test/test-database';
import { changeHouseholdTimeZone } from '../households/household-time-zone.service';
import { findHouseholdByOwner } from '../households/household.service';
import { intervals, local, store } from '../usage/energy.test-helper';
import { ensureDemoHousehold } from './demo-household.service';

describe('demo household', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('moved to another zone by a visitor, is moved back at start with its days re-cut', async () => {
    const now = new Date('2026-11-03T12:00:00Z');
    const { household } = await ensureDemoHousehold(database.db, 'demo-zone', DEMO_HOUSEHOLD, { backfillDays: 0, now });
    expect(household.timeZone).toBe('America/Toronto');
    // Two hours either side of Toronto's midnight starting 2 November: 24 intervals each day.
    await store(database.db, household.id, { meter: intervals(local('2026-11-01', 22), 48, { consumptionKwh: 0.25, gridImportKwh: 0.25 }) });
    const days = async () =>
      rowsOf<{ d: string; n: number }>(await database.db.execute(sql`select local_date::text as d, interval_count as n from meter_daily where household_id = ${household.id}::uuid order by 1`));
    expect(await days()).toEqual([
      { d: '2026-11-01', n: 24 },
      { d: '2026-11-02', n: 24 },
    ]);

    await changeHouseholdTimeZone(database.db, household.id, 'America/Vancouver');
    expect(await days()).toEqual([{ d: '2026-11-01', n: 48 }]);

    await ensureDemoHousehold(database.db, 'demo-zone', DEMO_HOUSEHOLD, { backfillDays: 0, now });
    expect((await findHouseholdByOwner(database.db, 'demo-zone'))!.timeZone).toBe('America/Toronto');
    expect(await days()).toEqual([
      { d: '2026-11-01', n: 24 },
      { d: '2026-11-02', n: 24 },
    ]);
  });
});
