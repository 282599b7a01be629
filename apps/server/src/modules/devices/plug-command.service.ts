import type { PlugSwitchResult } from '@peakwise/contracts/plug.contract';
import type { Db, DbOrTx } from '../../db/client';
import type { PlugSwitchSource } from '../../db/schema/plug-switch.schema';
import { buildShellySwitchSet } from '../../telemetry/shelly-gen2';
import { tasmotaPowerPayload } from '../../telemetry/tasmota';
import { deviceTopic, shellyTopicPrefix, tasmotaTopic } from '../../telemetry/topics';
import { AppError } from '../../lib/errors';
import { deviceNotFound } from './device-not-found';
import { liveDeviceOf, recordSwitchRequest, relayStateOf, resolveSwitchRequest } from './devices.repository';
import { isUuid } from '../../lib/uuid';

/** Sends commands to devices; the ingest worker's MQTT session in production. */
export type CommandPublisher = {
  isConnected(): boolean;
  /** Resolves once the broker has the message (QoS 1 PUBACK). */
  publish(topic: string, payload: string): Promise<void>;
};

export type PlugSwitchRequest = {
  householdId: string;
  userId: string;
  deviceId: string;
  on: boolean;
};

export type PlugCommandDeps = {
  db: Db;
  publisher: CommandPublisher | undefined;
  timeoutMs: number;
  /** How often the device row is checked for the plug's report. */
  pollMs?: number;
};


/**
 * Switches a smart plug for the member and waits for the plug to say it did (sent through
 * sendPlugCommand). Confirmation is the plug's own report (a state message or a
 * reading) carrying the asked-for relay state, time-stamped after the request; it is read from
 * the device row the ingest worker updates, so it works whichever server process ingests it.
 *
 * The switch is recorded (who, what, when) only after the broker accepted the command; a timed-out
 * switch stays on the record as timed out, never as done.
 */
export async function switchPlug(deps: PlugCommandDeps, request: PlugSwitchRequest): Promise<PlugSwitchResult> {
  const { db } = deps;
  if (!isUuid(request.deviceId)) throw deviceNotFound();
  const device = await liveDeviceOf(db, request.householdId, request.deviceId);
  if (!device) throw deviceNotFound();
  if (device.kind !== 'smart_plug') throw new AppError(409, 'not_switchable', `${device.name} is not a smart plug and cannot be switched remotely.`);
  if (device.neverSwitch && !request.on) {
    throw new AppError(
      409,
      'never_switch',
      `${device.name} powers something that must stay on (such as a fridge, freezer, sump pump or medical device), so it cannot be switched off remotely.`,
    );
  }

  const unreachable = () => new AppError(503, 'plug_unreachable', 'The device service is not reachable right now. Nothing was switched; please try again.');
  const requestedAt = new Date();
  let eventId: string;
  try {
    eventId = await sendPlugCommand(db, deps.publisher, { householdId: request.householdId, deviceId: device.id, externalId: device.externalId, on: request.on, requestedBy: request.userId, source: 'member', requestedAt });
  } catch (error) {
    throw error instanceof PlugServiceUnreachable ? unreachable() : error;
  }

  // Plugs stamp reports in whole seconds (a Shelly's `ts`), so a report in the same second counts.
  const confirmedAt = await waitForState(deps, device.id, request.on, new Date(Math.floor(requestedAt.getTime() / 1000) * 1000));
  await resolveSwitchRequest(db, eventId, confirmedAt ? 'confirmed' : 'timed_out', new Date());
  if (!confirmedAt) {
    throw new AppError(504, 'plug_timeout', `${device.name} did not confirm the change in time. It may be offline; it stays as it last reported.`);
  }
  return { deviceId: device.id, on: request.on, confirmedAt: confirmedAt.toISOString() };
}

export class PlugServiceUnreachable extends Error {
  override readonly name = 'PlugServiceUnreachable';
}

/**
 * The one way a switch reaches a plug: the command goes to every command topic a plug may listen
 * on — the Peakwise JSON topic, a Shelly Gen2's RPC topic and a Tasmota's cmnd/POWER — since a plug subscribes to only its
 * own, and is recorded (who or what asked, when) only once the broker accepted it. The member's
 * switch above and event plug automation (decision 037) both send through here; `db` may be the
 * caller's transaction. Throws PlugServiceUnreachable when the command could not be sent.
 */
export async function sendPlugCommand(
  db: DbOrTx,
  publisher: CommandPublisher | undefined,
  command: { householdId: string; deviceId: string; externalId: string; on: boolean; requestedBy: string | null; source: PlugSwitchSource; requestedAt: Date },
): Promise<string> {
  if (!publisher?.isConnected()) throw new PlugServiceUnreachable('The device service is not connected');
  const shellyRequestId = Math.floor(Math.random() * 2 ** 31);
  const shelly = buildShellySwitchSet(shellyTopicPrefix(command.householdId, command.externalId), command.on, shellyRequestId);
  try {
    await Promise.all([
      publisher.publish(deviceTopic(command.householdId, command.externalId, 'command'), JSON.stringify({ on: command.on, requestId: String(shellyRequestId) })),
      publisher.publish(shelly.topic, shelly.payload),
      publisher.publish(tasmotaTopic(command.householdId, command.externalId, 'cmnd', 'POWER'), tasmotaPowerPayload(command.on)),
    ]);
  } catch (cause) {
    throw new PlugServiceUnreachable('The command could not be published', { cause });
  }
  return recordSwitchRequest(db, { householdId: command.householdId, deviceId: command.deviceId, requestedBy: command.requestedBy, requestedOn: command.on, requestedAt: command.requestedAt, source: command.source });
}

async function waitForState(deps: PlugCommandDeps, deviceId: string, on: boolean, since: Date): Promise<Date | null> {
  const deadline = Date.now() + deps.timeoutMs;
  const pollMs = deps.pollMs ?? 150;
  for (;;) {
    const row = await relayStateOf(deps.db, deviceId);
    if (row?.relayOn === on && row.lastSeenAt && row.lastSeenAt >= since) return row.lastSeenAt;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
}
