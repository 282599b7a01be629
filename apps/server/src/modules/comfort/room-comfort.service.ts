import { COMFORT_MESSAGES, COMFORT_PROBLEM_MESSAGES, type ComfortSettings } from '@peakwise/contracts/room-comfort.contract';
import { comfortLimitProblems, type ComfortLimits, type ComfortLoad } from '@peakwise/domain/room-comfort';
import { MINUTE_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/uuid';
import { findHouseholdPlug, householdComfortPlugs, householdRoomComfort, roomOfHousehold, saveComfortLoad, saveRoomLimits } from './room-comfort.repository';

/** Every room's limits and latest temperature, and the plugs that may heat or cool them. */
export async function comfortSettings(db: DbOrTx, householdId: string, now: Date): Promise<ComfortSettings> {
  const rooms = await householdRoomComfort(db, householdId);
  return {
    rooms: rooms.map((r) => ({
      ...r,
      ageMinutes: r.measuredAt === null ? null : Math.max(0, Math.floor((now.getTime() - new Date(r.measuredAt).getTime()) / MINUTE_MS)),
    })),
    plugs: await householdComfortPlugs(db, householdId),
  };
}

/** Saves a room's floor and ceiling; any problem is a 400 naming every one, and nothing is stored. */
export async function setRoomLimits(tx: DbOrTx, householdId: string, roomId: string, limits: ComfortLimits & { preheat?: boolean }, now: Date): Promise<ComfortSettings> {
  if (!isUuid(roomId) || !(await roomOfHousehold(tx, householdId, roomId))) throw new AppError(404, 'not_found', COMFORT_MESSAGES.roomNotFound);
  const problems = comfortLimitProblems({ floorC: limits.floorC, ceilingC: limits.ceilingC });
  if (problems.length > 0) {
    throw new AppError(
      400,
      'invalid_comfort_limits',
      `${COMFORT_MESSAGES.invalid} ${problems.map((p) => COMFORT_PROBLEM_MESSAGES[p]).join(' ')}`,
      problems.map((code) => ({ path: code, message: COMFORT_PROBLEM_MESSAGES[code] })),
    );
  }
  await saveRoomLimits(tx, householdId, roomId, limits, now);
  return comfortSettings(tx, householdId, now);
}

/** Marks what a smart plug powers: a heater, an air conditioner, or neither (null). */
export async function setPlugLoad(tx: DbOrTx, householdId: string, deviceId: string, load: ComfortLoad | null, now: Date): Promise<ComfortSettings> {
  const device = isUuid(deviceId) ? await findHouseholdPlug(tx, householdId, deviceId) : null;
  if (!device) throw new AppError(404, 'not_found', COMFORT_MESSAGES.plugNotFound);
  if (device.kind !== 'smart_plug') throw new AppError(409, 'not_a_plug', COMFORT_MESSAGES.notAPlug);
  await saveComfortLoad(tx, householdId, deviceId, load, now);
  return comfortSettings(tx, householdId, now);
}
