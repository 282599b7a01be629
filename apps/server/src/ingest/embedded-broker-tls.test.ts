import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { connect as connectTcp, createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { seedHousehold } from '../test/household-fixture';
import { createSelfSignedCertificate, type SelfSignedCertificate } from '../test/self-signed-certificate';
import { createTestDatabase } from '../test/test-database';
import { meterTopic } from '../telemetry/topics';
import { createBrokerIngest } from './broker-ingest';
import { readBrokerTls } from './broker-tls';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { authenticateMqtt } from './mqtt-auth';
import { freePort } from '../test/local-ports';

const logger = createLogger({ level: 'silent' });

describe('the embedded broker over TLS (MQTT_TLS_CERT, MQTT_TLS_KEY)', () => {
  let database: Database;
  let certificate: SelfSignedCertificate;
  let broker: EmbeddedBroker;

  beforeAll(async () => {
    certificate = createSelfSignedCertificate();
    database = await createTestDatabase();
    const tls = await readBrokerTls({ certPath: certificate.certPath, keyPath: certificate.keyPath, port: 0 });
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      tls,
      logger,
      authenticate: (username, password) => authenticateMqtt(database.db, username, password),
      storeBeforeAck: createBrokerIngest({ db: database.db, logger }).storeBeforeAck,
    });
  });
  afterAll(async () => {
    await broker?.stop();
    await database?.close();
    certificate?.remove();
  });

  const connectTls = (options: mqtt.IClientOptions) =>
    mqtt.connectAsync(`mqtts://127.0.0.1:${broker.tlsPort}`, {
      clientId: `tls-device-${randomBytes(4).toString('hex')}`,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });

  it('listens on its own port beside the plain one', () => {
    expect(broker.tlsPort).toEqual(expect.any(Number));
    expect(broker.tlsPort).not.toBe(broker.port);
  });

  it('takes a household token over a verified TLS connection and stores the reading it carries', async () => {
    const home = await seedHousehold(database.db);
    const device = await connectTls({ ca: certificate.cert, rejectUnauthorized: true, username: home.household.id, password: home.credential.token });
    try {
      const reading = { ts: '2026-01-15T17:05:00.000Z', productionKwh: 0.1, consumptionKwh: 0.37, gridImportKwh: 0.27, gridExportKwh: 0 };
      // QoS 1: the embedded broker's PUBACK comes after the reading is committed (decision 062).
      await device.publishAsync(meterTopic(home.household.id), JSON.stringify(reading), { qos: 1 });
    } finally {
      await device.endAsync(true);
    }
    const rows = rowsOf<{ ts: string; consumption_kwh: string }>(
      await database.db.execute(sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as ts, consumption_kwh::text from meter_readings where household_id = ${home.household.id}::uuid`),
    );
    expect(rows.map((r) => [r.ts, Number(r.consumption_kwh)])).toEqual([['2026-01-15T17:05:00', 0.37]]);
  });

  it('refuses a wrong token over TLS as it does over plain MQTT', async () => {
    const home = await seedHousehold(database.db);
    await expect(connectTls({ ca: certificate.cert, username: home.household.id, password: 'not-the-token' })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('is not trusted by a client that does not know the certificate', async () => {
    await expect(connectTls({ rejectUnauthorized: true })).rejects.toThrow(/self[- ]signed/i);
  });

  it('gives a plain MQTT client on the TLS port no broker: its CONNECT ends the connection unanswered', async () => {
    const home = await seedHousehold(database.db);
    const plain = mqtt.connect(`mqtt://127.0.0.1:${broker.tlsPort}`, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      username: home.household.id,
      password: home.credential.token,
    });
    const outcome = await new Promise<string>((resolve) => {
      plain.once('connect', () => resolve('connected'));
      plain.once('close', () => resolve('closed'));
    });
    plain.end(true);
    expect(outcome).toBe('closed');
    // The raw bytes tell the same: nothing comes back that an MQTT client could read as a CONNACK.
    const answer = await new Promise<Buffer>((resolve) => {
      const socket = connectTcp(broker.tlsPort!, '127.0.0.1', () => socket.write(Buffer.from([0x10, 0x0c, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x3c, 0x00, 0x00])));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks)));
      socket.on('error', () => {});
    });
    expect(answer[0]).not.toBe(0x20);
  });

  it('still serves the plain port for the server’s own session', async () => {
    const service = await mqtt.connectAsync(broker.url, { ...broker.serviceCredentials, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000 });
    expect(service.connected).toBe(true);
    await service.endAsync(true);
  });
});

describe('stopping the embedded broker with TLS', () => {
  it('ends a connection stuck before its TLS handshake and releases both ports', async () => {
    const certificate = createSelfSignedCertificate();
    try {
      const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', tls: { port: 0, cert: certificate.cert, key: certificate.key }, logger, authenticate: async () => null });
      // Connected, silent: no ClientHello, so aedes never sees it and Node would wait 120 s for it.
      const stuck = connectTcp(broker.tlsPort!, '127.0.0.1');
      stuck.on('error', () => {});
      await new Promise<void>((resolve) => stuck.once('connect', () => resolve()));
      const stuckClosed = new Promise<void>((resolve) => stuck.once('close', () => resolve()));
      const started = Date.now();
      await broker.stop();
      await stuckClosed;
      expect(Date.now() - started).toBeLessThan(2_000);
      for (const port of [broker.port, broker.tlsPort!]) {
        const refused = await new Promise<string>((resolve) => {
          const probe = connectTcp(port, '127.0.0.1');
          probe.once('connect', () => (probe.destroy(), resolve('accepted')));
          probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        });
        expect(refused).toBe('ECONNREFUSED');
      }
    } finally {
      certificate.remove();
    }
  });

  it('releases the plain port when the TLS port cannot be bound', async () => {
    const certificate = createSelfSignedCertificate();
    const holder = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', logger, authenticate: async () => null });
    try {
      const plainPort = await freePort();
      const start = startEmbeddedBroker({ port: plainPort, host: '127.0.0.1', tls: { port: holder.port, cert: certificate.cert, key: certificate.key }, logger, authenticate: async () => null });
      await expect(start).rejects.toMatchObject({ code: 'EADDRINUSE' });
      // Bindable again: the failed start closed its plain listener instead of leaking it.
      const rebound = createServer();
      await new Promise<void>((resolve, reject) => rebound.once('error', reject).listen(plainPort, '127.0.0.1', () => resolve()));
      await new Promise<void>((resolve) => rebound.close(() => resolve()));
    } finally {
      await holder.stop();
      certificate.remove();
    }
  });
});

describe('readBrokerTls', () => {
  let certificate: SelfSignedCertificate;
  let other: SelfSignedCertificate;
  beforeAll(() => {
    certificate = createSelfSignedCertificate();
    other = createSelfSignedCertificate();
  });
  afterAll(() => {
    certificate?.remove();
    other?.remove();
  });

  it('reads the certificate and key as they are on disk', async () => {
    expect(await readBrokerTls({ certPath: certificate.certPath, keyPath: certificate.keyPath, port: 8883 })).toEqual({ port: 8883, cert: certificate.cert, key: certificate.key });
  });

  it('names the variable whose file is missing', async () => {
    const missing = join(certificate.dir, 'missing.pem');
    await expect(readBrokerTls({ certPath: missing, keyPath: certificate.keyPath, port: 8883 })).rejects.toThrow(`Configuration error: MQTT_TLS_CERT names a file that cannot be read: ${missing} (ENOENT)`);
    await expect(readBrokerTls({ certPath: certificate.certPath, keyPath: missing, port: 8883 })).rejects.toThrow(`Configuration error: MQTT_TLS_KEY names a file that cannot be read: ${missing} (ENOENT)`);
  });

  it('refuses a key that is not the certificate’s, and a file that is not PEM', async () => {
    await expect(readBrokerTls({ certPath: certificate.certPath, keyPath: other.keyPath, port: 8883 })).rejects.toThrow(/^Configuration error: MQTT_TLS_CERT and MQTT_TLS_KEY must be a PEM certificate and its own private key/);
    const notPem = join(certificate.dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    await expect(readBrokerTls({ certPath: notPem, keyPath: certificate.keyPath, port: 8883 })).rejects.toThrow(/^Configuration error: MQTT_TLS_CERT and MQTT_TLS_KEY must be a PEM/);
  });
});
