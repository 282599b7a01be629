import type { Config } from '../../lib/config';
import { shellyGen1Id } from '../../telemetry/shelly-gen1-em';

/** Where a device on the member's network connects: what its MQTT settings screen asks for. */
export type DeviceMqttAddress = { host: string; port: number; tls: boolean };

const DEFAULT_PORTS = { 'mqtt:': 1883, 'mqtts:': 8883 } as const;

function fromUrl(value: string): DeviceMqttAddress {
  const url = new URL(value);
  const tls = url.protocol === 'mqtts:';
  return { host: url.hostname, port: url.port === '' ? DEFAULT_PORTS[tls ? 'mqtts:' : 'mqtt:'] : Number(url.port), tls };
}

/**
 * The broker address the pairing screen shows. PUBLIC_MQTT_URL when set (production: the name and
 * port the plugs can reach). Otherwise the embedded broker at the host members reach the web app
 * on, with the port it actually bound (0 in the environment picks a free one): its TLS port when
 * it has a certificate (MQTT_TLS_CERT), so a member's password never crosses their network in
 * clear; failing that, the external broker the server itself uses. Never relative: a plug has no
 * page to be relative to.
 */
export function deviceMqttAddress(
  config: Pick<Config, 'publicMqttUrl' | 'mqttUrl' | 'publicUrl'>,
  embeddedBroker: { port: number; tlsPort: number | undefined } | undefined,
): DeviceMqttAddress {
  if (config.publicMqttUrl !== undefined) return fromUrl(config.publicMqttUrl);
  if (embeddedBroker !== undefined) {
    const host = new URL(config.publicUrl).hostname;
    return embeddedBroker.tlsPort !== undefined ? { host, port: embeddedBroker.tlsPort, tls: true } : { host, port: embeddedBroker.port, tls: false };
  }
  if (config.mqttUrl !== undefined) return fromUrl(config.mqttUrl);
  return { host: new URL(config.publicUrl).hostname, port: DEFAULT_PORTS['mqtt:'], tls: false };
}

/**
 * The client id a device's pairing shows, with the household in it: a removed device's id may be
 * paired again in another home. Mosquitto's login for the device is pinned to it (decision 105), and
 * a first-generation Shelly EM publishes under it (decision 107).
 */
export function deviceMqttClientId(externalId: string, householdId: string): string {
  return shellyGen1Id(householdId, externalId);
}
