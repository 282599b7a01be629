import { decideComfort } from '@peakwise/domain/room-comfort';
import { HOUR_MS, MINUTE_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { PlugServiceUnreachable, sendPlugCommand, type CommandPublisher } from '../devices/plug-command.service';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import {
  comfortLoadsOfEvent,
  markComfortFailed,
  markComfortSent,
  recordComfortAction,
  unsentComfortCommands,
  type ComfortCommand,
  type ComfortLoadState,
} from './event-comfort.repository';
import { recordPlugAction } from './event-plug-automation.repository';
import { findEvent } from './events.repository';
import { EVENT_JOBS, jobKey } from './events.service';

/** How often a running event looks at its rooms: a crossed limit is acted on within this. */
export const COMFORT_CHECK_EVERY_MS = MINUTE_MS;
/** A comfort restore that cannot be sent is retried this long after the end (as decision 037's restores). */
const RESTORE_DEADLINE_MS = 6 * HOUR_MS;
const RETRY_SEND_MS = MINUTE_MS;

/**
 * Queued at the event's start by the plug automation (the first check runs at once), then by each
 * check for the next minute. One job per check rather than one job run again: a job's attempts
 * count every run, so a check run 240 times in a four-hour event would have no retry left for a
 * real failure, and a failed check must not leave a cold room's heater off until the end.
 */
export async function scheduleComfortCheck(tx: DbOrTx, eventId: string, at: Date): Promise<void> {
  // Keyed by the minute: a start run twice, or two workers, make one check per minute, not two chains.
  await scheduleJob(tx, { name: EVENT_JOBS.comfortCheck, key: jobKey(eventId, `comfort-check-${Math.floor(at.getTime() / MINUTE_MS)}`), runAt: at, payload: { eventId } });
}

/**
 * One look at every heating and cooling plug of the event's opted-in households (decision 109):
 * the comfort rule decides from the room's own temperature whether the plug goes off, stays, or
 * comes back on, and the decision is logged with the temperature and the limit before any command
 * leaves (sent by a job of its own, after this commits, as decision 037 does). Runs again every
 * minute until the end, whose restore (decision 037) puts every plug back.
 */
export async function checkComfort(tx: DbOrTx, eventId: string, now: Date): Promise<void> {
  const event = await findEvent(tx, eventId, true);
  if (!event || event.status === 'cancelled' || now.getTime() >= event.endsAt.getTime()) return;
  let toSend = 0;
  for (const plug of await comfortLoadsOfEvent(tx, eventId)) toSend += await checkPlug(tx, eventId, plug, now);
  if (toSend > 0) await scheduleJob(tx, { name: EVENT_JOBS.comfortSend, key: jobKey(eventId, `comfort-send-${now.getTime()}`), runAt: now, payload: { eventId } });
  const next = now.getTime() + COMFORT_CHECK_EVERY_MS;
  if (next < event.endsAt.getTime()) await scheduleComfortCheck(tx, eventId, new Date(next));
}

/** Decides for one plug; answers how many commands it queued (0 or 1). */
async function checkPlug(tx: DbOrTx, eventId: string, plug: ComfortLoadState, now: Date): Promise<number> {
  // Already off before the event or never reported (nothing to restore it to), or taken over by the member: left alone.
  if (plug.settled || plug.plugAction === 'skipped_already_off' || plug.plugAction === 'switch_off_failed') return 0;
  const started = plug.plugAction === 'switched_off';
  const heldOff = started && plug.lastComfort?.action !== 'restored';
  const lastSwitch = plug.lastComfort?.at ?? (started ? plug.switchedOffAt : null);
  const reading = plug.hasSensor && plug.temperatureC !== null && plug.measuredAt ? { temperatureC: plug.temperatureC, atMs: plug.measuredAt.getTime() } : null;
  const limitC = plug.load === 'heating' ? plug.floorC : plug.ceilingC;
  // A thermometer that has never reported is as good as none, but the log should say which.
  const decision = decideComfort({ load: plug.load, limits: plug, heldOff, lastSwitchAtMs: lastSwitch?.getTime() ?? null, reading, nowMs: now.getTime() });
  const reason = decision.reason === 'no_sensor' && plug.hasSensor ? 'sensor_silent' : decision.reason;
  const base = { eventId, householdId: plug.householdId, deviceId: plug.deviceId, temperatureC: plug.temperatureC, limitC, at: now };

  if (decision.action === 'stay') {
    if (!started && !plug.hasSensor && !plug.notAutomatedLogged) await recordComfortAction(tx, { ...base, action: 'not_automated', reason: 'no_sensor', temperatureC: null });
    return 0;
  }
  if (decision.action === 'restore') {
    await recordComfortAction(tx, { ...base, action: 'restored', reason });
    return 1;
  }
  if (!started) {
    // The first switch-off goes in the plug automation's log too, with the state to restore at the end.
    if (plug.relayOn !== true) {
      await recordPlugAction(tx, {
        eventId,
        householdId: plug.householdId,
        deviceId: plug.deviceId,
        action: plug.relayOn === false ? 'skipped_already_off' : 'switch_off_failed',
        previousOn: plug.relayOn,
        at: now,
        detail: plug.relayOn === null ? 'The plug has not reported its state yet.' : undefined,
      });
      return 0;
    }
    await recordPlugAction(tx, { eventId, householdId: plug.householdId, deviceId: plug.deviceId, action: 'switched_off', previousOn: true, at: now });
  }
  await recordComfortAction(tx, { ...base, action: 'switched_off', reason });
  return 1;
}

/**
 * Sends what the checks decided through the member's own plug-command path, newest decision per
 * plug. A plug the member took over is not commanded. With the device service down it tries again
 * every minute: an "off" gives up at the end, a restore six hours after it.
 */
export async function sendComfortCommands(tx: DbOrTx, publisher: CommandPublisher | undefined, eventId: string, now: Date): Promise<{ retryAt: Date } | void> {
  const event = await findEvent(tx, eventId);
  if (!event) return;
  const commands = await unsentComfortCommands(tx, eventId);
  const done = new Set<ComfortCommand>();
  try {
    for (const c of commands) {
      const tooLate = !c.on && now.getTime() >= event.endsAt.getTime();
      if (tooLate) {
        // An "off" after the end would switch a heater off for nothing: it missed its deadline.
        await markComfortFailed(tx, c.ids, now);
      } else {
        if (!c.overridden) {
          await sendPlugCommand(tx, publisher, { householdId: c.householdId, deviceId: c.deviceId, externalId: c.externalId, on: c.on, requestedBy: null, source: 'event_automation', requestedAt: now });
        }
        await markComfortSent(tx, c.ids, now);
      }
      done.add(c);
    }
  } catch (error) {
    if (!(error instanceof PlugServiceUnreachable)) throw error;
    const deadline = commands.some((c) => c.on) ? event.endsAt.getTime() + RESTORE_DEADLINE_MS : event.endsAt.getTime();
    if (now.getTime() + RETRY_SEND_MS < deadline) return { retryAt: new Date(now.getTime() + RETRY_SEND_MS) };
    // The last try: what is still unsent is logged as failed, so the member's log says so (decision 113).
    for (const c of commands) if (!done.has(c)) await markComfortFailed(tx, c.ids, now);
  }
}
