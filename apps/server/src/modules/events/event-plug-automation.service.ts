import type { EventPlugActions } from '@peakwise/contracts/event-automation.contract';
import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { PlugServiceUnreachable, sendPlugCommand, type CommandPublisher } from '../devices/plug-command.service';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Household } from '../households/household.repository';
import { householdComfortActions } from './event-comfort.repository';
import { scheduleComfortCheck } from './event-comfort.service';
import { findEvent, householdInEventArea } from './events.repository';
import { EVENT_JOBS, jobKey } from './events.service';
import {
  householdPlugActions,
  planPowerDown,
  plugsToCommand,
  recordMemberOverride,
  recordPlugAction,
  resolveAutomationSwitches,
  switchedOffPlugs,
  type PlugToCommand,
} from './event-plug-automation.repository';

/** While the device service is unreachable, sending is tried again this often… */
const RETRY_SEND_MS = 60_000;
/** …and a restore for this long after the end before it is logged as failed (an "off" gives up at the end). */
const RESTORE_DEADLINE_MS = 6 * HOUR_MS;
/** Plugs confirm within seconds (PLUG_CONFIRM_TIMEOUT_MS, 10 s by default); the check waits a minute. */
const CONFIRM_AFTER_MS = 60_000;

export type PlugPhase = 'off' | 'restore';
const sendJob = (eventId: string, phase: PlugPhase, now: Date) => ({
  name: EVENT_JOBS.plugsSend,
  key: jobKey(eventId, `plugs-send-${phase}`),
  runAt: now,
  payload: { eventId, phase },
});

/**
 * The start of an event (decision 037): decides what happens to every chosen plug of every
 * opted-in household and stores it, with each plug's previous state, before anything is sent. The
 * commands go out in a job of their own, after this commits, so a crash can repeat a command (which
 * is harmless) but never lose the previous state the end restores.
 */
export async function powerDownForEvent(tx: DbOrTx, eventId: string, now: Date): Promise<void> {
  const event = await findEvent(tx, eventId, true);
  // A cancelled event switches nothing; one whose end has passed (the server was down all along) neither.
  if (!event || event.status === 'cancelled' || event.endsAt.getTime() <= now.getTime()) return;
  if ((await planPowerDown(tx, eventId, now)) > 0) await scheduleJob(tx, sendJob(eventId, 'off', now));
  // Heating and cooling plugs are decided from their rooms' temperatures, now and every minute after (decision 109).
  await scheduleComfortCheck(tx, eventId, now);
}

/**
 * The end of an event: each plug the event switched off is switched on again (its previous state),
 * unless the member switched it during the event, from the app or at the plug: their choice wins
 * and the plug stays as they set it. Plugs that were already off were never touched and stay off.
 */
export async function restoreAfterEvent(tx: DbOrTx, eventId: string, now: Date): Promise<void> {
  if (!(await findEvent(tx, eventId, true))) return;
  let restoring = 0;
  for (const plug of await switchedOffPlugs(tx, eventId)) {
    const base = { eventId, householdId: plug.householdId, deviceId: plug.deviceId, previousOn: true };
    // A report of "on" after the last switch-off that nobody asked the app for: the member pressed the plug's button.
    // A plug comfort switched back on reports "on" because of that, not the member (decision 109).
    const lastOffAt = plug.comfortLast?.action === 'switched_off' ? plug.comfortLast.at : plug.switchedOffAt;
    const turnedOnAtThePlug = plug.comfortLast?.action !== 'restored' && plug.relayOn === true && plug.lastSeenAt !== null && plug.lastSeenAt.getTime() > lastOffAt.getTime();
    // Comfort's "off" was overtaken by its restore before the sending job ran, and only the newest
    // decision is sent: the plug was never switched off. Said so, at the restore's moment, rather
    // than as an "off" that failed (decision 120).
    if (!plug.offSent && plug.comfortLast?.action === 'restored') await recordPlugAction(tx, { ...base, action: 'off_superseded', at: plug.comfortLast.at });
    // Never sent (the device service was down all along): the plug was not switched, so there is nothing to restore.
    else if (!plug.offSent) await recordPlugAction(tx, { ...base, action: 'switch_off_failed', at: now, detail: 'The device service could not be reached before the end.' });
    else if (plug.memberSwitchAt) await recordPlugAction(tx, { ...base, action: 'overridden', at: plug.memberSwitchAt });
    else if (turnedOnAtThePlug) await recordPlugAction(tx, { ...base, action: 'overridden', at: plug.lastSeenAt! });
    else {
      await recordPlugAction(tx, { ...base, action: 'restored', at: now });
      restoring += 1;
    }
  }
  if (restoring > 0) await scheduleJob(tx, sendJob(eventId, 'restore', now));
}

/**
 * Sends what the start or the end decided, through the member's own plug-command path (recorded
 * in plug_switch_events as event automation). If the device service is down, it tries again every
 * minute; past the deadline the plugs are logged as failed, so the member sees it.
 */
export async function sendDecidedCommands(tx: DbOrTx, publisher: CommandPublisher | undefined, eventId: string, phase: PlugPhase, now: Date): Promise<{ retryAt: Date } | void> {
  const event = await findEvent(tx, eventId);
  if (!event) return;
  const plugs = await plugsToCommand(tx, eventId, phase === 'off' ? 'switched_off' : 'restored');
  // Switching off after the end would leave plugs off that the end already restored.
  if (phase === 'off' && now.getTime() >= event.endsAt.getTime()) return logFailed(tx, eventId, plugs, phase, now);
  try {
    for (const plug of plugs) {
      await sendPlugCommand(tx, publisher, { ...plug, on: phase === 'restore', requestedBy: null, source: 'event_automation', requestedAt: now });
    }
    if (plugs.length > 0) {
      await scheduleJob(tx, { name: EVENT_JOBS.plugsConfirm, key: jobKey(eventId, `plugs-confirm-${phase}`), runAt: new Date(now.getTime() + CONFIRM_AFTER_MS), payload: { eventId } });
    }
  } catch (error) {
    if (!(error instanceof PlugServiceUnreachable)) throw error;
    const deadline = phase === 'off' ? event.endsAt.getTime() : event.endsAt.getTime() + RESTORE_DEADLINE_MS;
    if (now.getTime() + RETRY_SEND_MS < deadline) return { retryAt: new Date(now.getTime() + RETRY_SEND_MS) };
    await logFailed(tx, eventId, plugs, phase, now);
  }
}

async function logFailed(tx: DbOrTx, eventId: string, plugs: PlugToCommand[], phase: PlugPhase, now: Date) {
  for (const plug of plugs) {
    await recordPlugAction(tx, {
      eventId,
      householdId: plug.householdId,
      deviceId: plug.deviceId,
      action: phase === 'off' ? 'switch_off_failed' : 'restore_failed',
      previousOn: true,
      at: now,
      detail: 'The device service could not be reached in time.',
    });
  }
}

/**
 * A minute after the commands: each automation switch is confirmed by the plug's report or timed
 * out. A restore the plug did not confirm is logged as failed (it may be offline, and the member
 * should know it may still be off). An "off" that did not confirm is only marked on the switch:
 * the plug may have switched late, so the end still restores it.
 */
export async function confirmSentCommands(tx: DbOrTx, eventId: string, now: Date): Promise<void> {
  for (const s of await resolveAutomationSwitches(tx, eventId, now)) {
    if (s.requestedOn && !s.confirmed) {
      await recordPlugAction(tx, { eventId, householdId: s.householdId, deviceId: s.deviceId, action: 'restore_failed', previousOn: true, at: now, detail: 'The plug did not confirm; it may be offline.' });
    }
  }
}

/** Called after a member's own switch of a plug: during an event that switched it off, theirs is the last word. */
export async function noteMemberSwitch(db: DbOrTx, householdId: string, deviceId: string, at: Date): Promise<void> {
  await recordMemberOverride(db, householdId, deviceId, at);
}

/** The event page's list of what automation did to the member's plugs. */
export async function memberPlugActions(db: DbOrTx, household: Household, eventId: string): Promise<EventPlugActions> {
  if (!(await findEvent(db, eventId)) || !(await householdInEventArea(db, eventId, household.id))) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  return { actions: await householdPlugActions(db, eventId, household.id), comfort: await householdComfortActions(db, eventId, household.id) };
}
