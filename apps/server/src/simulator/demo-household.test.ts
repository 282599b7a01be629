import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { DEMO_HOUSEHOLD } from './household-profile';
import { createTestDatabase } from '../test/test-database';
import { changeHouseholdTimeZone } from '../modules/households/household-time-zone.service';
import { findHouseholdByOwner } from '../modules/households/household.repository';
import { intervals, local, store } from '../modules/energy/energy.test-helper';
import { ensureDemoHousehold } from './demo-household';
import { DEMO_NEIGHBOURS } from '@peakwise/contracts/demo-account';
import { neighbourProfile } from './neighbour-profiles';

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

  it('each start restores the demo as shipped: service dates counted from today, visitors’ dismissals undone', async () => {
    const first = new Date('2026-11-03T17:00:00Z');
    const { household } = await ensureDemoHousehold(database.db, 'demo-maint', DEMO_HOUSEHOLD, { backfillDays: 0, now: first });
    const sump = DEMO_HOUSEHOLD.maintenance!.find((m) => m.kind === 'sump_pump')!;
    const dates = async () =>
      rowsOf<{ last: string; next: string; source: string }>(
        await database.db.execute(sql`
          select c.last_maintenance::text as last, c.next_maintenance::text as next, c.next_maintenance_source as source
          from maintenance_components c join devices d on d.id = c.device_id where d.external_id = 'demo-plug-sump' and c.household_id = ${household.id}::uuid`),
      )[0]!;
    // Tested 95 days before 2026-11-03, every 90 days: due 5 days ago.
    expect(await dates()).toEqual({ last: '2026-07-31', next: '2026-10-29', source: 'interval' });
    expect(sump.lastDoneDaysAgo).toBe(95);

    // A visitor schedules it and dismisses an alert on it.
    const [component] = rowsOf<{ id: string }>(await database.db.execute(sql`select c.id from maintenance_components c join devices d on d.id = c.device_id where d.external_id = 'demo-plug-sump'`));
    await database.db.execute(sql`update maintenance_components set next_maintenance = '2027-01-01', next_maintenance_source = 'scheduled' where id = ${component!.id}::uuid`);
    await database.db.execute(sql`
      insert into maintenance_alerts (household_id, component_id, type, cause, priority, metric_kind, metric_value, detected_at, updated_at, dismissed_at)
      values (${household.id}::uuid, ${component!.id}::uuid, 'preventive', 'maintenance_due', 'high', 'days_until_due', -5, now(), now(), now())`);

    // The next start, a week later: dates counted back from then, the dismissal undone.
    await ensureDemoHousehold(database.db, 'demo-maint', DEMO_HOUSEHOLD, { backfillDays: 0, now: new Date('2026-11-10T17:00:00Z') });
    expect(await dates()).toEqual({ last: '2026-08-07', next: '2026-11-05', source: 'interval' });
    const alerts = rowsOf<{ dismissed: boolean }>(await database.db.execute(sql`select dismissed_at is not null as dismissed from maintenance_alerts where component_id = ${component!.id}::uuid`));
    expect(alerts).toEqual([{ dismissed: false }]);
  });

  it('the Montréal home’s living-room baseboard is a heating load beside a thermometer, put back at each start; Toronto has none', async () => {
    const now = new Date('2027-01-20T12:00:00Z');
    const montreal = neighbourProfile(DEMO_NEIGHBOURS.find((n) => n.province === 'QC')!);
    const { household } = await ensureDemoHousehold(database.db, 'demo-montreal', montreal, { backfillDays: 0, now });
    const loads = async () =>
      rowsOf<{ external_id: string; load: string; room: string }>(
        await database.db.execute(sql`
          select d.external_id, l.load, r.name as room from comfort_loads l join devices d on d.id = l.device_id join rooms r on r.id = d.room_id
          where l.household_id = ${household.id}::uuid`),
      );
    expect(await loads()).toEqual([{ external_id: 'home-baseboard-living', load: 'heating', room: 'Living Room' }]);
    const thermometers = rowsOf<{ external_id: string; room: string }>(
      await database.db.execute(sql`select d.external_id, r.name as room from devices d join rooms r on r.id = d.room_id where d.household_id = ${household.id}::uuid and d.kind = 'temperature'`),
    );
    expect(thermometers).toEqual([{ external_id: 'home-thermo-living', room: 'Living Room' }]);

    // A visitor unmarks it; the next start marks it again.
    await database.db.execute(sql`delete from comfort_loads where household_id = ${household.id}::uuid`);
    await ensureDemoHousehold(database.db, 'demo-montreal', montreal, { backfillDays: 0, now });
    expect((await loads()).map((l) => l.load)).toEqual(['heating']);

    const toronto = await ensureDemoHousehold(database.db, 'demo-toronto-comfort', DEMO_HOUSEHOLD, { backfillDays: 0, now });
    expect(rowsOf(await database.db.execute(sql`select 1 from comfort_loads where household_id = ${toronto.household.id}::uuid`))).toEqual([]);
  });
});
