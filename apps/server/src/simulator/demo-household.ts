import { and, eq, isNull, lte } from 'drizzle-orm';
import { addDays, localDateOf } from '@peakwise/domain/local-time';
import { parsePostalCode } from '@peakwise/domain/postal-code';
import { planForProvince } from '@peakwise/domain/tariff-plans';
import type { Db } from '../db/client';
import { devices, type DeviceKind } from '../db/schema/device.schema';
import { householdTariffs, households } from '../db/schema/household.schema';
import { ingestCredentials } from '../db/schema/ingest-credential.schema';
import { saveComfortLoad } from '../modules/comfort/room-comfort.repository';
import type { HouseholdProfile } from './household-profile';
import { createDevice, listDevices } from '../modules/devices/devices.repository';
import { issueIngestCredential } from '../modules/devices/ingest-credential.service';
import { changeHouseholdTimeZone } from '../modules/households/household-time-zone.service';
import { changeTariff, ensureHouseholdForUser } from '../modules/households/household.service';
import { listRooms, type Household, type Room } from '../modules/households/household.repository';
import { nextRoutineDate } from '@peakwise/domain/maintenance-catalogue';
import { maintenanceAlerts, maintenanceComponents } from '../db/schema/maintenance.schema';
import { listComponents } from '../modules/maintenance/components.repository';
import { addComponent, SOLAR_ARRAY_NAME } from '../modules/maintenance/components.service';

/** Marks the simulator's own credential, so a restart can revoke the one it issued last time. */
export const DEMO_CREDENTIAL_LABEL = 'demo-simulator';

type DemoDevice = { externalId: string; name: string; kind: DeviceKind; room: string | null; ratedPowerW: number | null; neverSwitch: boolean };

/** Every device of the profile as the portal registers it (panels sit on the roof: no room). */
export function demoDevices(profile: HouseholdProfile): DemoDevice[] {
  return [
    ...profile.solar.panels.map((p) => ({ externalId: p.externalId, name: p.name, kind: p.kind, room: null, ratedPowerW: p.ratedW, neverSwitch: false })),
    ...profile.appliances.map((a) => ({ externalId: a.id, name: a.name, kind: a.kind, room: a.room, ratedPowerW: a.ratedW, neverSwitch: a.neverSwitch })),
    { externalId: profile.water.meter.id, name: profile.water.meter.name, kind: profile.water.meter.kind, room: profile.water.meter.room, ratedPowerW: null, neverSwitch: false },
    {
      externalId: profile.water.heater.id,
      name: profile.water.heater.name,
      kind: profile.water.heater.kind,
      room: profile.water.heater.room,
      ratedPowerW: profile.water.heater.elementW,
      // Hot water is comfort, not safety; events may defer a recovery.
      neverSwitch: false,
    },
  ];
}

/**
 * Floor-plan positions: the devices of a room on a grid of equal cells inside it, each at its
 * cell's centre, so markers never overlap or leave their room.
 */
export function spreadInRoom(room: Pick<Room, 'x' | 'y' | 'width' | 'height'>, count: number, index: number): { x: number; y: number } {
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  const col = index % cols;
  const row = Math.floor(index / cols);
  return { x: Math.round(room.x + ((col + 0.5) * room.width) / cols), y: Math.round(room.y + ((row + 0.5) * room.height) / rows) };
}

export type DemoHousehold = { household: Household; token: string; credentialId: string };

/**
 * Makes the demo member's household match the profile — place, zone, tariff from the start of
 * the back-fill, rooms, devices — and issues its gateway credential. Idempotent; devices a
 * visitor moved on the floor plan keep their place. The previous run's credential is revoked:
 * its token lived only in that process's memory.
 */
export async function ensureDemoHousehold(db: Db, userId: string, profile: HouseholdProfile, options: { backfillDays: number; now?: Date }): Promise<DemoHousehold> {
  const now = options.now ?? new Date();
  const parsed = parsePostalCode(profile.postalCode);
  const place = {
    name: profile.name,
    postalCode: parsed.ok ? parsed.code : null,
    province: profile.province,
    timeZone: profile.timeZone,
    latitude: profile.latitude,
    longitude: profile.longitude,
    occupants: profile.occupants,
  };
  const existing = await ensureHouseholdForUser(db, userId, place, now);
  // A visit to the portal before the first start may have created it with the defaults.
  const { timeZone, ...placeFields } = place;
  await db.update(households).set(placeFields).where(eq(households.id, existing.id));
  // A visitor may have moved the shared demo to another zone in Settings: moving it back re-cuts
  // its days like any member's change (a plain update would leave them cut in the other zone).
  await changeHouseholdTimeZone(db, existing.id, timeZone);
  const household = { ...existing, ...place };

  // The back-filled history is priced with the province's plan; later plan changes still win.
  const firstDay = addDays(localDateOf(now, profile.timeZone), -options.backfillDays - 1);
  const plan = planForProvince(profile.province);
  const [earlier] = await db
    .select({ planId: householdTariffs.planId })
    .from(householdTariffs)
    .where(and(eq(householdTariffs.householdId, household.id), lte(householdTariffs.effectiveFrom, firstDay)));
  if (plan && !earlier) await changeTariff(db, household.id, plan.id, firstDay);

  const rooms = new Map((await listRooms(db, household.id)).map((r) => [r.name, r]));
  const live = new Map((await listDevices(db, household.id)).map((d) => [d.externalId, d]));
  const wanted = demoDevices(profile);
  for (const device of wanted) {
    const room = device.room ? (rooms.get(device.room) ?? null) : null;
    const inRoom = wanted.filter((d) => d.room === device.room);
    const spot = room ? spreadInRoom(room, inRoom.length, inRoom.indexOf(device)) : { x: null, y: null };
    const fields = { name: device.name, kind: device.kind, roomId: room?.id ?? null, ratedPowerW: device.ratedPowerW, neverSwitch: device.neverSwitch };
    const current = live.get(device.externalId);
    if (!current) await createDevice(db, household.id, { externalId: device.externalId, ...fields, ...spot });
    else await db.update(devices).set({ ...fields, ...(current.x === null || current.y === null ? spot : {}) }).where(eq(devices.id, current.id));
  }

  await ensureDemoComponents(db, household, profile, now);
  // The heated room's baseboard is marked as heating, as its member would on Devices, so events
  // leave it to the comfort rule; each start puts it back, as it puts the rest of the demo back.
  if (profile.heatedRoom) {
    const heater = (await listDevices(db, household.id)).find((d) => d.externalId === profile.heatedRoom!.heaterId);
    if (heater) await saveComfortLoad(db, household.id, heater.id, 'heating', now);
  }

  await db
    .update(ingestCredentials)
    .set({ revokedAt: now })
    .where(and(eq(ingestCredentials.householdId, household.id), eq(ingestCredentials.label, DEMO_CREDENTIAL_LABEL), isNull(ingestCredentials.revokedAt)));
  const credential = await issueIngestCredential(db, household.id, null, DEMO_CREDENTIAL_LABEL);
  return { household, token: credential.token, credentialId: credential.id };
}

/**
 * The equipment the demo member maintains, with its service dates counted back from this start.
 * The demo is shared: each start also undoes what visitors did to it (dismissed alerts, dates
 * they scheduled or marked done), as it moves the household back to Toronto, so every visitor
 * finds the demo as shipped. Components the profile does not list (panels) are added by the
 * maintenance evaluation like anyone's.
 */
async function ensureDemoComponents(db: Db, household: Household, profile: HouseholdProfile, now: Date): Promise<void> {
  const today = localDateOf(now, household.timeZone);
  const devicesByExternalId = new Map((await listDevices(db, household.id)).map((d) => [d.externalId, d]));
  const existing = await listComponents(db, household.id);
  for (const item of profile.maintenance ?? []) {
    const device = item.deviceId === null ? null : devicesByExternalId.get(item.deviceId);
    if (device === undefined) continue;
    const lastMaintenance = item.lastDoneDaysAgo === null ? null : addDays(today, -item.lastDoneDaysAgo);
    const present = device === null ? existing.find((c) => c.kind === item.kind) : existing.find((c) => c.deviceId === device.id);
    if (present) {
      const next = nextRoutineDate(item.kind, lastMaintenance, today);
      await db
        .update(maintenanceComponents)
        .set({ lastMaintenance, nextMaintenance: next, nextMaintenanceSource: next === null ? null : 'interval' })
        .where(eq(maintenanceComponents.id, present.id));
    } else {
      await addComponent(db, household, { deviceId: device?.id ?? null, name: device?.name ?? SOLAR_ARRAY_NAME, kind: item.kind, lastMaintenance }, now);
    }
  }
  await db
    .update(maintenanceAlerts)
    .set({ dismissedAt: null, dismissedBy: null, scheduledFor: null })
    .where(and(eq(maintenanceAlerts.householdId, household.id), isNull(maintenanceAlerts.resolvedAt)));
}
