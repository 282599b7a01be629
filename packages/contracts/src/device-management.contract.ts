import { z } from 'zod';
import { MQTT_PASSWORD_KINDS } from './ingest-token.contract';
import { singleLine } from './single-line-text';

// ---------- Managing devices: POST /api/devices, PATCH and DELETE /api/devices/{id} ----------

export const DEVICE_KINDS = ['solar_panel', 'smart_plug', 'lighting', 'temperature', 'camera', 'power', 'water_meter', 'water_heater'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The floor plan's coordinate space (rooms and devices alike); the web app scales it to fit. */
export const PLAN_WIDTH = 1000;
export const PLAN_HEIGHT = 600;

/** The id a device reports with (serial, MAC, "shellyplugus-a1b2c3"); it appears in MQTT topics, so no '/', '+', '#' or '$'. */
export const pairingIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'The device id may use letters, digits, dot, colon, dash and underscore (at most 64).');

export const deviceNameSchema = singleLine(z.string().trim().min(1, 'Enter a name for the device.').max(60, 'Keep the name to 60 characters or fewer.'));

const planX = z.number().int('Positions are whole numbers.').min(0).max(PLAN_WIDTH);
const planY = z.number().int('Positions are whole numbers.').min(0).max(PLAN_HEIGHT);

/**
 * How the device will talk to Peakwise, as the pairing screen offers it. Given at pairing, it lets
 * the server refuse an id the firmware cannot hold (Tasmota's 32-character Topic and Client).
 */
export const DEVICE_FAMILIES = ['shellyPlug', 'shellyEm', 'shellyEmGen1', 'tasmota', 'other'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/**
 * How many channels of a first-generation Shelly EM carry a clamp: one, or two on a split-phase
 * panel (a clamp on each leg), whose sum is the home. Set, it makes the device the household meter
 * read from its `shellies/…` topics (decision 107).
 */
export const meterClampsSchema = z.union([z.literal(1), z.literal(2)], { error: 'meterClamps must be 1 or 2.' });
export type MeterClamps = z.infer<typeof meterClampsSchema>;

/**
 * Tasmota's Topic and Client fields hold at most 32 characters
 * (https://tasmota.github.io/docs/Commands/#mqtt: Topic "<topic> = set MQTT topic (32 chars max)").
 * The Topic is the device id and the Client `{device id}-{8 characters}`, so the id may have 23.
 */
export const TASMOTA_FIELD_MAX = 32;
export const TASMOTA_ID_MAX = TASMOTA_FIELD_MAX - 9;
export const TASMOTA_ID_TOO_LONG_MESSAGE = `A Tasmota plug's Topic and Client fields hold at most ${TASMOTA_FIELD_MAX} characters: keep its device id to ${TASMOTA_ID_MAX} characters or fewer, or leave it empty and Peakwise gives it one.`;

export const addDeviceSchema = z.strictObject({
  /** Left out: the server gives the device an id of its own (`plug-` and 10 hex digits), which the pairing screen shows. */
  externalId: pairingIdSchema.optional(),
  family: z.enum(DEVICE_FAMILIES).optional(),
  name: deviceNameSchema,
  kind: z.enum(DEVICE_KINDS, { error: `kind must be one of ${DEVICE_KINDS.join(', ')}` }),
  roomId: z.string().nullable().optional(),
  ratedPowerW: z.number().positive('Rated power must be above 0 W.').max(20_000, 'Rated power must be at most 20,000 W.').nullable().optional(),
  neverSwitch: z.boolean().optional(),
  /** With `shellyEmGen1`: one clamp or two (the default: a split-phase panel). */
  meterClamps: meterClampsSchema.optional(),
});
export type AddDeviceRequest = z.infer<typeof addDeviceSchema>;

export const updateDeviceSchema = z
  .strictObject({
    name: deviceNameSchema.optional(),
    roomId: z.string().nullable().optional(),
    x: planX.nullable().optional(),
    y: planY.nullable().optional(),
    neverSwitch: z.boolean().optional(),
    /** A first-generation Shelly EM's clamps, as the pairing screen asks; null: not read as one. */
    meterClamps: meterClampsSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change.')
  .refine((v) => (v.x === undefined) === (v.y === undefined), 'Move a device with both x and y.');
export type UpdateDeviceRequest = z.infer<typeof updateDeviceSchema>;

export const managedDeviceSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  roomId: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  ratedPowerW: z.number().nullable(),
  neverSwitch: z.boolean(),
  /** Set when the device is a first-generation Shelly EM read as the household meter. */
  meterClamps: meterClampsSchema.nullable().optional(),
});
export type ManagedDevice = z.infer<typeof managedDeviceSchema>;

/** A paired device and how it reports: the token is shown once and never stored in clear. */
export const pairedDeviceSchema = z.object({
  device: managedDeviceSchema,
  credential: z.object({
    token: z.string(),
    /** MQTT login: username = the device id, password = the token (or mqttPassword when given). */
    mqttUsername: z.string(),
    /** The MQTT password when it is not the token: a NATS user JWT minted for the device (docs/decisions/132). */
    mqttPassword: z.string().optional(),
    /**
     * What the MQTT password is: the token itself, or a NATS user JWT (2–3k characters, starting
     * with eyJ) that a device pastes whole into its MQTT password field (docs/decisions/132).
     */
    mqttPasswordKind: z.enum(MQTT_PASSWORD_KINDS),
    /** Publish readings under this prefix (…/reading, …/state); commands arrive on …/command. */
    mqttTopicPrefix: z.string(),
    /** HTTP alternative: POST readings here with `Authorization: Bearer <token>`; absolute, as a device needs it. */
    httpEndpoint: z.string(),
    /** The broker a device on the member's network connects to (never relative; docs/configuration.md, PUBLIC_MQTT_URL). */
    mqttHost: z.string(),
    mqttPort: z.number().int().min(1).max(65_535),
    /** Whether the broker expects TLS (mqtts://) on that port. */
    mqttTls: z.boolean(),
    /** A client id unique across households: two devices with one id would keep disconnecting each other. */
    mqttClientId: z.string(),
    /** The "MQTT prefix" a Shelly Gen2/Gen3 plug is given: its own topics, under the household's. */
    shellyMqttPrefix: z.string(),
    /** The "Full Topic" a Tasmota device is given, with its Topic set to the external id. */
    tasmotaFullTopic: z.string(),
  }),
});
export type PairedDevice = z.infer<typeof pairedDeviceSchema>;
