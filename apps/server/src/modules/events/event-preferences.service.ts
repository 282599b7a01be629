import { EVENT_AUTOMATION_MESSAGES, type EventPreferences } from '@peakwise/contracts/event-automation.contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/uuid';
import { autoOptIn, findHouseholdDevice, householdPlugChoices, optInEveryEvent, setOptInEveryEvent, setPlugChoice } from './event-preferences.repository';

export async function eventPreferences(db: DbOrTx, householdId: string): Promise<EventPreferences> {
  const plugs = await householdPlugChoices(db, householdId);
  return {
    optInEveryEvent: await optInEveryEvent(db, householdId),
    plugs: plugs.filter((p) => !p.neverSwitch).map(({ deviceId, name, powerDown }) => ({ deviceId, name, powerDown })),
    neverSwitchPlugs: plugs.filter((p) => p.neverSwitch).length,
  };
}

/**
 * Turning "opt me in to every event" on also opts the household into the events already scheduled
 * that have not started (decision 036), in the same transaction. Turning it off leaves each event's
 * answer as it is: the member opts out of one event on its own page.
 */
export async function setEveryEvent(tx: DbOrTx, householdId: string, on: boolean, userId: string, now: Date): Promise<EventPreferences> {
  await setOptInEveryEvent(tx, householdId, on, userId, now);
  if (on) await autoOptIn(tx, { householdId }, now);
  return eventPreferences(tx, householdId);
}

/** Chooses whether one plug powers down during events; never-switch plugs are refused (the database refuses them too). */
export async function choosePlug(tx: DbOrTx, householdId: string, deviceId: string, powerDown: boolean, now: Date): Promise<EventPreferences> {
  const device = isUuid(deviceId) ? await findHouseholdDevice(tx, householdId, deviceId) : null;
  if (!device) throw new AppError(404, 'not_found', EVENT_AUTOMATION_MESSAGES.plugNotFound);
  if (device.kind !== 'smart_plug') throw new AppError(409, 'not_a_plug', EVENT_AUTOMATION_MESSAGES.notAPlug);
  if (device.neverSwitch && powerDown) throw new AppError(409, 'never_switch', EVENT_AUTOMATION_MESSAGES.neverSwitch);
  await setPlugChoice(tx, householdId, deviceId, powerDown, now);
  return eventPreferences(tx, householdId);
}
