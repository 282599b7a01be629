import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DeviceKind } from '../db/schema/device.schema';
import { createDevice, type Device } from '../modules/devices/devices.repository';
import { issueIngestCredential } from '../modules/devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../modules/households/household.service';
import type { Household } from '../modules/households/household.repository';
import { rowsOf } from '../db/rows';

export type HouseholdFixture = {
  household: Household;
  devices: Record<string, Device>;
  /** Household-wide ingest credential. */
  credential: { id: string; token: string };
};

let counter = 0;

/** Empties every household and its data. The raw reading tables have no foreign keys (decision 026), so the cascade does not reach them. */
export async function removeAllHouseholds(db: Db): Promise<void> {
  await db.execute(sql`truncate households, meter_readings, device_readings, meter_reading_days, device_reading_days, reading_corrections cascade`);
}

/** A household with the given devices (external id → kind) and a household ingest token. */
export async function seedHousehold(
  db: Db,
  devices: Record<string, DeviceKind> = {},
  defaults: { timeZone?: string } = {},
): Promise<HouseholdFixture> {
  counter += 1;
  const household = await ensureHouseholdForUser(db, `user-${counter}-${Math.random().toString(36).slice(2)}`, { name: 'Test home', ...defaults });
  const created: Record<string, Device> = {};
  for (const [externalId, kind] of Object.entries(devices)) {
    created[externalId] = await createDevice(db, household.id, { externalId, name: externalId, kind });
  }
  const credential = await issueIngestCredential(db, household.id, null, 'test');
  return { household, devices: created, credential };
}

/**
 * Every row of the reading and rollup tables, in key order, for "nothing changed" comparisons.
 * received_at is left out: it records when a row was last changed, and is compared separately.
 */
export async function readingTables(db: Db) {
  const q = async (text: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
  return {
    meter: await q(`select household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, received_at from meter_readings order by 1, 2`),
    devices: await q(`select device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics, received_at from device_readings order by 1, 2`),
    counters: await q(`select * from device_counters order by 1`),
    meterHourly: await q(`select * from meter_hourly order by 1, 2`),
    meterDaily: await q(`select * from meter_daily order by 1, 2`),
    deviceHourly: await q(`select * from device_hourly order by 1, 2`),
    deviceDaily: await q(`select * from device_daily order by 1, 2`),
    deviceState: await q(`select id, relay_on, last_seen_at from devices order by 1`),
  };
}
