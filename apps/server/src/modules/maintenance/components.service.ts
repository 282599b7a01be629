import { componentKindForDevice, nextRoutineDate, type ComponentKind } from '@peakwise/domain/maintenance-catalogue';
import { localDateOf } from '@peakwise/domain/local-time';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import {
  forgetScoredDays,
  insertComponent,
  listComponents,
  liveDevicesOf,
  renameComponentsAfterDevices,
  retireComponents,
  type Component,
} from './components.repository';

/** The solar array's component name; panels keep their device names. */
export const SOLAR_ARRAY_NAME = 'Solar array';

export type NewComponent = {
  deviceId: string | null;
  name: string;
  kind: ComponentKind;
  lastMaintenance?: string | null;
};

/** Adds a component, its first routine date counted from its last maintenance or from today. */
export async function addComponent(db: DbOrTx, household: Household, input: NewComponent, now = new Date()): Promise<Component> {
  const today = localDateOf(now, household.timeZone);
  const next = nextRoutineDate(input.kind, input.lastMaintenance ?? null, today);
  const row = await insertComponent(db, {
    householdId: household.id,
    deviceId: input.deviceId,
    name: input.name,
    kind: input.kind,
    lastMaintenance: input.lastMaintenance ?? null,
    nextMaintenance: next,
    nextMaintenanceSource: next === null ? null : 'interval',
  });
  // Its history has not been scored: score every day again (cheap, and only once).
  await forgetScoredDays(db, household.id);
  return row;
}

/**
 * Keeps components in step with the devices: equipment whose kind says what it is gets one when
 * paired (and panels an array), and a removed device's component is retired with it (its
 * history stays). Components of plugs are left to whoever said what the plug feeds.
 */
export async function syncComponents(db: DbOrTx, household: Household, now = new Date()): Promise<void> {
  const live = await liveDevicesOf(db, household.id);
  const components = await listComponents(db, household.id);
  const covered = new Set(components.map((c) => c.deviceId).filter((id): id is string => id !== null));

  for (const device of live) {
    const kind = componentKindForDevice(device.kind);
    if (kind && !covered.has(device.id)) await addComponent(db, household, { deviceId: device.id, name: device.name, kind }, now);
  }
  if (live.some((d) => d.kind === 'solar_panel') && !components.some((c) => c.kind === 'solar_array')) {
    await addComponent(db, household, { deviceId: null, name: SOLAR_ARRAY_NAME, kind: 'solar_array' }, now);
  }

  const liveIds = new Set(live.map((d) => d.id));
  await retireComponents(
    db,
    components.filter((c) => c.deviceId !== null && !liveIds.has(c.deviceId)).map((c) => c.id),
    now,
  );
  await renameComponentsAfterDevices(db, household.id);
}
