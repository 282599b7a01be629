import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from '../lib/logger';

export type MqttConnection = {
  /** Ingest subscribes through this client; it reconnects on its own. */
  client: MqttClient;
  isConnected(): boolean;
  close(): Promise<void>;
};

const RECONNECT_PERIOD_MS = 2_000;

export type ConnectMqttOptions = {
  url: string;
  logger: Logger;
  /** Default: a random id. A stable id with `clean: false` lets the broker keep unacknowledged messages across reconnects. */
  clientId?: string;
  clean?: boolean;
  username?: string;
  password?: string;
  /** Default 4 (MQTT 3.1.1). */
  protocolVersion?: 4 | 5;
  /** MQTT 5 CONNECT properties (receive maximum, session expiry). */
  properties?: IClientOptions['properties'];
};

/**
 * One long-lived client for the server, against the embedded broker or MQTT_URL. Connecting
 * never blocks start-up: a broker that is down shows as `broker: 'down'` in /api/health and the
 * client keeps retrying.
 */
export function connectMqtt(options: ConnectMqttOptions): MqttConnection {
  const client = mqtt.connect(options.url, {
    clientId: options.clientId ?? `peakwise-server-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    // mqtt.js stops for good after a refused CONNACK. A NATS node just restarted refuses MQTT
    // logins ("server unavailable") until its JetStream answers (decision 125): retry as after a drop.
    reconnectOnConnackError: true,
    connectTimeout: 5_000,
    clean: options.clean ?? true,
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.protocolVersion ? { protocolVersion: options.protocolVersion } : {}),
    ...(options.properties ? { properties: options.properties } : {}),
  });
  let wasConnected = false;
  client.on('connect', () => {
    wasConnected = true;
    options.logger.info({ broker: redactUrl(options.url) }, 'MQTT connected');
  });
  client.on('offline', () => {
    if (wasConnected) options.logger.warn('MQTT connection lost; reconnecting');
  });
  client.on('error', (error) => options.logger.warn({ err: error }, 'MQTT error'));

  return {
    client,
    isConnected: () => client.connected,
    close: () => client.endAsync(true),
  };
}

function redactUrl(value: string): string {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Resolves once the client is connected, or rejects after `timeoutMs`. */
export function waitForMqtt(connection: MqttConnection, timeoutMs: number): Promise<void> {
  if (connection.isConnected()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.client.off('connect', onConnect);
      reject(new Error(`MQTT broker did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onConnect = () => {
      clearTimeout(timer);
      resolve();
    };
    connection.client.once('connect', onConnect);
  });
}
