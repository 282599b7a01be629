import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import type { Db } from '../db/client';
import { startEmbeddedBroker, type EmbeddedBroker } from '../ingest/embedded-broker';
import { authenticateMqtt } from '../ingest/mqtt-auth';
import { noteSecondLoginRefused } from '../modules/devices/ingest-credential.service';
import { startMqttIngest, type MqttIngest, type MqttIngestOptions } from '../ingest/mqtt-ingest';
import { createLogger } from '../lib/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    testMqttUrl: string;
  }
}

export type TestBroker = {
  url: string;
  /** External brokers (Mosquitto under test:pg) are reached anonymously; the ACL is theirs. */
  external: boolean;
  service: { username?: string; password?: string };
  /** Where workers of this test file share a subscription; null on aedes (no $share). */
  shareGroup: string | null;
  stop(): Promise<void>;
};

/**
 * The broker for one test file: the embedded aedes broker (with the real token login and ACL),
 * or the broker at TEST_MQTT_URL — `npm run test:pg` points it at Mosquitto. `embedded` forces
 * aedes, for the access-control tests: with an external broker the ACL is that broker's config.
 */
export async function startTestBroker(db: Db, options: { embedded?: boolean } = {}): Promise<TestBroker> {
  const url = options.embedded ? '' : inject('testMqttUrl');
  if (url) {
    return { url, external: true, service: {}, shareGroup: `test-${randomBytes(4).toString('hex')}`, stop: async () => {} };
  }
  const broker: EmbeddedBroker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    authenticate: (username, password) => authenticateMqtt(db, username, password),
    onSecondLoginRefused: (principal) => noteSecondLoginRefused(db, principal),
  });
  return { url: broker.url, external: false, service: broker.serviceCredentials, shareGroup: null, stop: () => broker.stop() };
}

/** A device-side client; rejects if the broker refuses the login. */
export async function connectDevice(url: string, login: { username?: string; password?: string } = {}): Promise<MqttClient> {
  return mqtt.connectAsync(url, { clientId: `test-device-${randomBytes(4).toString('hex')}`, reconnectPeriod: 0, connectTimeout: 5_000, ...login });
}

/** The ingest worker on a test broker, subscribed; `extra` adds event hooks, a store or a retry delay. */
export async function startTestIngest(db: Db, broker: TestBroker, extra: Partial<MqttIngestOptions> = {}): Promise<MqttIngest> {
  const worker = startMqttIngest({
    url: broker.url,
    db,
    logger: createLogger({ level: 'silent' }),
    clientId: `test-ingest-${randomBytes(4).toString('hex')}`,
    shareGroup: broker.shareGroup,
    // As main.ts: MQTT 5 on an external broker (aedes speaks only 3.1.1).
    protocolVersion: broker.external ? 5 : 4,
    ...broker.service,
    ...extra,
  });
  await worker.ready;
  return worker;
}
