import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { connectMqtt, waitForMqtt, type MqttConnection } from './mqtt-connection';

const logger = createLogger({ level: 'silent' });

describe('embedded broker and MQTT connection', () => {
  let broker: EmbeddedBroker | undefined;
  let connection: MqttConnection | undefined;
  afterAll(async () => {
    await connection?.close();
    await broker?.stop();
  });

  it('connects, carries messages, and reports a lost broker', async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', logger, authenticate: async () => null });
    expect(broker.port).toBeGreaterThan(0);
    connection = connectMqtt({ url: broker.url, logger, ...broker.serviceCredentials });
    await waitForMqtt(connection, 5_000);
    expect(connection.isConnected()).toBe(true);

    const received = new Promise<string>((resolve) => connection!.client.once('message', (_topic, payload) => resolve(payload.toString())));
    await connection.client.subscribeAsync('peakwise/test');
    await connection.client.publishAsync('peakwise/test', 'hello');
    expect(await received).toBe('hello');

    await broker.stop();
    broker = undefined;
    await expect.poll(() => connection!.isConnected(), { timeout: 5_000 }).toBe(false);
  });

  it('reports down while an external broker is unreachable', async () => {
    const unreachable = connectMqtt({ url: 'mqtt://127.0.0.1:1', logger });
    try {
      await expect(waitForMqtt(unreachable, 300)).rejects.toThrow(/did not answer/);
      expect(unreachable.isConnected()).toBe(false);
    } finally {
      await unreachable.close();
    }
  });

  it('keeps retrying after a broker refuses its login for a while, as a restarting NATS node does', async () => {
    // A broker that answers the first CONNECT with CONNACK "server unavailable" (3), then accepts.
    let attempts = 0;
    const refusing = createServer((socket) => {
      attempts++;
      socket.once('data', () => socket.write(Buffer.from([0x20, 0x02, 0x00, attempts === 1 ? 0x03 : 0x00])));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const retrying = connectMqtt({ url: `mqtt://127.0.0.1:${(refusing.address() as AddressInfo).port}`, logger });
    try {
      await expect.poll(() => retrying.isConnected(), { timeout: 10_000 }).toBe(true);
      expect(attempts).toBe(2);
    } finally {
      retrying.client.end(true);
      refusing.close();
    }
  });
});
