import { timeZoneSchema, type CanadianTimeZone } from '@peakwise/contracts/account.contract';
import { AppError } from '../../lib/errors';
import { rebuildDailyRollups } from '../readings/daily-rollups.repository';
import type { DbOrTx } from '../../db/client';
import { lockTimeZone, setTimeZone } from './household.repository';

export type TimeZoneChange =
  | { changed: false; timeZone: CanadianTimeZone }
  | { changed: true; from: string; timeZone: CanadianTimeZone; meterDays: number; deviceDays: number };

export function invalidTimeZone(value: unknown) {
  return new AppError(400, 'invalid_time_zone', `Not a Canadian time zone: ${String(value)}`);
}

/**
 * Moves a household to another zone: the zone and its daily rollups re-cut from the raw rows
 * (fresh rows, so without prices: the next read prices the new days), all or nothing
 * (docs/decisions/023). Runs in a transaction of
 * its own, or as a savepoint of the caller's, so the profile can change with it.
 *
 * The household row is locked first: ingest reads the zone under a share lock (storeBatch), so a
 * batch either commits before the rebuild reads the raw rows or cuts its days in the new zone
 * after it; neither can leave a day cut in the old zone.
 */
export async function changeHouseholdTimeZone(db: DbOrTx, householdId: string, timeZone: string): Promise<TimeZoneChange> {
  const zone = timeZoneSchema.safeParse(timeZone);
  if (!zone.success) throw invalidTimeZone(timeZone);

  return db.transaction(async (tx) => {
    const current = await lockTimeZone(tx, householdId);
    if (current === undefined) throw new AppError(404, 'not_found', 'Household not found');
    if (current === zone.data) return { changed: false, timeZone: zone.data };

    await setTimeZone(tx, householdId, zone.data);
    const rebuilt = await rebuildDailyRollups(tx, householdId, zone.data);
    return { changed: true, from: current, timeZone: zone.data, ...rebuilt };
  });
}
