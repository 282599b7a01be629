import { randomBytes } from 'node:crypto';
import type { DeviceConnection } from '@peakwise/contracts/device-connection.contract';
import { TASMOTA_ID_MAX, TASMOTA_ID_TOO_LONG_MESSAGE, type AddDeviceRequest, type ManagedDevice, type PairedDevice, type UpdateDeviceRequest } from '@peakwise/contracts/device-management.contract';
import type { Db, DbOrTx } from '../../db/client';
import { isOwnRoom } from '../households/household.repository';
import { INGEST_READINGS_PATH } from '@peakwise/contracts/ingest.contract';
import { TOPIC_ROOT, shellyTopicPrefix, tasmotaFullTopic } from '../../telemetry/topics';
import { deviceMqttClientId, type DeviceMqttAddress } from './device-mqtt-address';
import { AppError } from '../../lib/errors';
import { createDevice, getDevice, isPairedElsewhere, lockLiveDevice, removeDevice, updateLiveDevice, type Device } from './devices.repository';
import { brokerLoginStateOfDevice, lastRefusalOfDevice, revokeCredentialsOfDevice } from './ingest-credentials.repository';
import { deviceNotFound } from './device-not-found';
import { issueIngestCredential } from './ingest-credential.service';
import { isUuid } from '../../lib/uuid';
import { retireComponentsOfDevice } from '../maintenance/components.repository';
import { queueBrokerLogin, queueDeviceLoginRemoval, type BrokerLogins } from './broker-logins.service';

const UNIQUE_VIOLATION = '23505';

const toManaged = (d: Device): ManagedDevice => ({
  id: d.id,
  externalId: d.externalId,
  name: d.name,
  kind: d.kind,
  roomId: d.roomId,
  x: d.x,
  y: d.y,
  ratedPowerW: d.ratedPowerW,
  neverSwitch: d.neverSwitch,
  meterClamps: d.meterClamps === 1 || d.meterClamps === 2 ? d.meterClamps : null,
});

/** A room id from the member must name one of their own rooms; anything else is refused the same way. */
async function assertOwnRoom(db: DbOrTx, householdId: string, roomId: string | null | undefined) {
  if (roomId === null || roomId === undefined) return;
  if (!isUuid(roomId) || !(await isOwnRoom(db, householdId, roomId))) throw new AppError(400, 'unknown_room', 'Choose one of your rooms.');
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === UNIQUE_VIOLATION || e.cause?.code === UNIQUE_VIOLATION;
};

/** Where devices reach this Peakwise: the broker they connect to and the origin of the HTTP ingest. */
export type DeviceReach = {
  mqtt: DeviceMqttAddress;
  publicUrl: string;
  /** NATS Server's MQTT listener drops a client that publishes a topic with a dot in it (decision 117). */
  topicsWithoutDots?: boolean;
};

/**
 * Pairs a device with the household and issues its own ingest credential, in one transaction:
 * a device is never left without its token, nor a token without its device. With Mosquitto's
 * logins managed (decision 097) its broker login is queued in the same transaction.
 */
export async function addDevice(db: Db, householdId: string, input: AddDeviceRequest, reach: DeviceReach, logins?: BrokerLogins): Promise<PairedDevice> {
  if (input.family === 'tasmota' && input.externalId !== undefined && input.externalId.length > TASMOTA_ID_MAX) {
    throw new AppError(400, 'device_id_too_long_for_tasmota', TASMOTA_ID_TOO_LONG_MESSAGE);
  }
  if (reach.topicsWithoutDots && input.externalId?.includes('.')) {
    throw new AppError(400, 'device_id_has_dot_for_broker', 'This service’s broker cannot carry a device id with a dot in its topics: use letters, digits, dashes, underscores or colons, or leave the id empty.');
  }
  await assertOwnRoom(db, householdId, input.roomId);
  // An id of our own when the member gives none: nothing to type, it fits every family's fields,
  // and 40 random bits make a clash with the household's other devices a non-event (decision 094).
  const externalId = input.externalId ?? `plug-${randomBytes(5).toString('hex')}`;
  try {
    return await db.transaction(async (tx) => {
      // A vendor's device id names one piece of hardware, which takes one set of credentials:
      // a second home pairing it would get a token the device never uses (decision 095).
      if (await isPairedElsewhere(tx, householdId, externalId)) {
        throw new AppError(409, 'device_paired_elsewhere', 'This device is paired with another Peakwise home. It has to be removed there before it can be paired here.');
      }
      const device = await createDevice(tx, householdId, {
        externalId,
        name: input.name,
        kind: input.kind,
        roomId: input.roomId ?? null,
        ratedPowerW: input.ratedPowerW ?? null,
        neverSwitch: input.neverSwitch ?? false,
        // A first-generation Shelly EM is read as the household meter on its clamped channels.
        meterClamps: input.meterClamps ?? (input.family === 'shellyEmGen1' ? 2 : null),
      });
      const credential = await issueIngestCredential(tx, householdId, device.id, `device ${externalId}`);
      const mqttPassword = await queueBrokerLogin(tx, logins, { id: credential.id, householdId, externalId, token: credential.token });
      return pairingOf(device, credential.token, householdId, reach, mqttPassword);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'device_exists', 'A device with this id is already paired with your home.');
    throw error;
  }
}

/**
 * What the pairing screen shows for a device and its new token: every field its firmware asks for.
 * `mqttPassword` when the broker's login is not the token (a NATS JWT, decision 132).
 */
function pairingOf(device: Device, token: string, householdId: string, reach: DeviceReach, mqttPassword?: string): PairedDevice {
  const externalId = device.externalId;
  return {
    device: toManaged(device),
    credential: {
      token,
      ...(mqttPassword !== undefined ? { mqttPassword } : {}),
      // The only password that is not the token is the JWT minted on NATS (broker-logins.service.ts).
      mqttPasswordKind: mqttPassword === undefined ? 'token' : 'jwt',
      mqttUsername: externalId,
      mqttTopicPrefix: `${TOPIC_ROOT}/${householdId}/devices/${externalId}`,
      httpEndpoint: `${reach.publicUrl}${INGEST_READINGS_PATH}`,
      mqttHost: reach.mqtt.host,
      mqttPort: reach.mqtt.port,
      mqttTls: reach.mqtt.tls,
      mqttClientId: deviceMqttClientId(externalId, householdId),
      shellyMqttPrefix: shellyTopicPrefix(householdId, externalId),
      tasmotaFullTopic: tasmotaFullTopic(householdId),
    },
  };
}

/**
 * A new token for a paired device, for a member who closed the pairing screen before copying it
 * (a token is shown once and only its hash is kept). Its other tokens stop working in the same
 * transaction, so the device has one login, as at pairing; the row lock makes two presses in a
 * row end with one live token, the last one shown.
 */
export async function renewDeviceCredential(db: Db, householdId: string, deviceId: string, reach: DeviceReach, logins?: BrokerLogins): Promise<PairedDevice> {
  if (!isUuid(deviceId)) throw deviceNotFound();
  return db.transaction(async (tx) => {
    const device = await lockLiveDevice(tx, householdId, deviceId);
    if (!device) throw deviceNotFound();
    // With Mosquitto's logins managed (decision 097): the old login goes, the new one is made,
    // in whichever order the jobs run.
    await queueDeviceLoginRemoval(tx, logins, deviceId);
    await revokeCredentialsOfDevice(tx, householdId, deviceId);
    const credential = await issueIngestCredential(tx, householdId, device.id, `device ${device.externalId}`);
    const mqttPassword = await queueBrokerLogin(tx, logins, { id: credential.id, householdId, externalId: device.externalId, token: credential.token });
    return pairingOf(device, credential.token, householdId, reach, mqttPassword);
  });
}

/** Renames, moves to a room or a spot on the plan, or marks a plug never-switch. */
export async function updateDevice(db: Db, householdId: string, deviceId: string, input: UpdateDeviceRequest): Promise<ManagedDevice> {
  if (!isUuid(deviceId)) throw deviceNotFound();
  await assertOwnRoom(db, householdId, input.roomId);
  const row = await updateLiveDevice(db, householdId, deviceId, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.roomId !== undefined ? { roomId: input.roomId } : {}),
    ...(input.x !== undefined ? { x: input.x, y: input.y ?? null } : {}),
    ...(input.neverSwitch !== undefined ? { neverSwitch: input.neverSwitch } : {}),
    ...(input.meterClamps !== undefined ? { meterClamps: input.meterClamps } : {}),
  });
  if (!row) throw deviceNotFound();
  return toManaged(row);
}

/**
 * Removes a device: its readings stay (and keep counting in totals), its id can be paired again,
 * its own tokens stop working (findCredentialByToken refuses a removed device's token), and its
 * maintenance component retires with it. Its Mosquitto login is queued for deletion (decision 097).
 */
export async function removeManagedDevice(db: Db, householdId: string, deviceId: string, logins?: BrokerLogins): Promise<void> {
  if (!isUuid(deviceId)) throw deviceNotFound();
  await db.transaction(async (tx) => {
    if (!(await removeDevice(tx, householdId, deviceId))) throw deviceNotFound();
    await queueDeviceLoginRemoval(tx, logins, deviceId);
    // Its maintenance component (and so its alerts) leave the Maintenance screen with it.
    await retireComponentsOfDevice(tx, deviceId);
  });
}

/**
 * What the pairing screen asks while it waits: has the device reported yet, and if not, the
 * broker's last refusal of its credential (decision 094). A removed device, another household's
 * and a malformed id answer the same 404.
 */
export async function deviceConnection(db: Db, householdId: string, deviceId: string): Promise<DeviceConnection> {
  if (!isUuid(deviceId)) throw deviceNotFound();
  const device = await getDevice(db, householdId, deviceId);
  if (!device || device.removedAt !== null) throw deviceNotFound();
  const refusal = await lastRefusalOfDevice(db, householdId, deviceId);
  if (refusal) return { lastSeenAt: device.lastSeenAt?.toISOString() ?? null, refusal: { reason: refusal.reason, topic: refusal.topic, at: refusal.at.toISOString() } };
  return { lastSeenAt: device.lastSeenAt?.toISOString() ?? null, refusal: inferredRefusal(device.lastSeenAt, await brokerLoginStateOfDevice(db, householdId, deviceId)) };
}

/**
 * With Mosquitto, which names no refused login (decision 105): a login it does not have, or a
 * login it saw with nothing reaching Peakwise since, so its messages went to topics it dropped.
 */
function inferredRefusal(lastSeenAt: Date | null, login: { seenAt: Date | null; missingAt: Date | null }): DeviceConnection['refusal'] {
  if (login.missingAt) return { reason: 'no_broker_login', topic: null, at: login.missingAt.toISOString() };
  if (login.seenAt && (lastSeenAt === null || lastSeenAt < login.seenAt)) return { reason: 'logged_in_nothing_arrived', topic: null, at: login.seenAt.toISOString() };
  return null;
}
