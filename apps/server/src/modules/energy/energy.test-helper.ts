import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { zonedTimeToUtc } from '@peakwise/domain/local-time';
import type { Db } from '../../db/client';
import type { DeviceKind } from '../../db/schema/device.schema';
import { validateBatch } from '../../telemetry/validate-readings';
import type { TestApp } from '../../test/test-app';
import { createMember, type Member } from '../../test/test-session';
import { createDevice, type Device } from '../devices/devices.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import type { Household } from '../households/household.repository';
import { storeBatch } from '../readings/reading-store';

/**
 * "Now" for a hand-made batch: an hour after its newest reading, so none is in the future, none
 * is past the horizon, and a re-sent interval is inside the correction window (decision 031).
 */
function storeNow(batch: { meter?: unknown[]; devices?: unknown[] }): Date {
  const stamps = [...(batch.meter ?? []), ...(batch.devices ?? [])].map((r) => Date.parse((r as { ts: string }).ts)).filter(Number.isFinite);
  return new Date(Math.max(...stamps) + 3_600_000);
}

export type Meter = { productionKwh?: number; consumptionKwh?: number; gridImportKwh?: number; gridExportKwh?: number };

/** A signed-up member, their household (created now, as the first screen would) and devices. */
export async function memberWithHousehold(t: TestApp, devices: Record<string, DeviceKind> = {}): Promise<{ member: Member; household: Household; devices: Record<string, Device> }> {
  const member = await createMember(t.app);
  const household = await ensureHouseholdForUser(t.database.db, member.userId);
  const created: Record<string, Device> = {};
  for (const [externalId, kind] of Object.entries(devices)) created[externalId] = await createDevice(t.database.db, household.id, { externalId, name: externalId, kind });
  return { member, household, devices: created };
}

/** Local wall time → UTC instant. */
export const local = (date: string, hour: number, minute = 0, zone = 'America/Toronto') => zonedTimeToUtc(date, hour, minute, zone);

/** `count` consecutive 5-minute meter readings from `start`, each with the given values. */
export function intervals(start: Date, count: number, values: Meter) {
  return Array.from({ length: count }, (_, i) => ({
    ts: new Date(start.getTime() + i * INTERVAL_MS).toISOString(),
    productionKwh: values.productionKwh ?? 0,
    consumptionKwh: values.consumptionKwh ?? 0,
    gridImportKwh: values.gridImportKwh ?? 0,
    gridExportKwh: values.gridExportKwh ?? 0,
  }));
}

/** Stores readings through the real validation and store (as HTTP and MQTT ingest do). */
export async function store(db: Db, householdId: string, batch: { meter?: unknown[]; devices?: unknown[] }) {
  const now = storeNow(batch);
  const validated = validateBatch(batch, now);
  if (!validated.ok) throw new Error(validated.message);
  const result = await storeBatch(db, householdId, validated, { now });
  if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected));
  return result;
}
