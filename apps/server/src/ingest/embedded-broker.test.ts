import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';

const LIMIT = 8 * 1024 * 1024;

describe('embedded broker packet size', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }), authenticate: async () => null });
  });
  afterAll(() => broker.stop());

  async function connect() {
    const client = mqtt.connect(broker.url, { ...broker.serviceCredentials, reconnectPeriod: 0, protocolVersion: 4 });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  /** Publishes QoS 1 and answers whether the broker acknowledged it or dropped the connection. */
  async function publish(bytes: number): Promise<'acked' | 'closed'> {
    const client = await connect();
    const outcome = await new Promise<'acked' | 'closed'>((resolve) => {
      client.once('close', () => resolve('closed'));
      client.publish('peakwise/probe', Buffer.alloc(bytes, 0x61), { qos: 1 }, (error) => resolve(error ? 'closed' : 'acked'));
    });
    client.end(true);
    return outcome;
  }

  it('acknowledges a message at the limit of a reading batch', async () => {
    // Topic and header take a few dozen bytes of the packet; stay just under.
    expect(await publish(LIMIT - 1024)).toBe('acked');
  });

  it('drops the connection of a client that sends a 20 MB message, before it is buffered', async () => {
    expect(await publish(20 * 1024 * 1024)).toBe('closed');
    // The broker is still there for everyone else.
    expect(await publish(16)).toBe('acked');
  });
});
