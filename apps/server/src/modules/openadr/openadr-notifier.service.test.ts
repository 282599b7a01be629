import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createTestDatabase } from '../../test/test-database';
import { OpenAdrFault, type OpenAdrClient } from './openadr-client';
import { createOpenAdrMqttListener } from './openadr-mqtt-listener';
import { checkNotifier } from './openadr-notifier.service';
import { ensureVtn, findVtn } from './openadr.repository';

/** A client answering from a table of paths; anything else is the VTN's 404. */
function fakeClient(version: '3.0.1' | '3.1.1', answers: Record<string, unknown | OpenAdrFault>) {
  const asked: string[] = [];
  const client: OpenAdrClient = {
    version,
    lastTokenAt: () => null,
    accessToken: async () => 'token',
    async call<T>(_method: string, template: string, request?: { path?: Record<string, string> }) {
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => request?.path?.[name] ?? '');
      asked.push(path);
      const answer = answers[path];
      if (answer instanceof OpenAdrFault) throw answer;
      if (answer === undefined) throw new OpenAdrFault('refused', `GET ${template} answered 404`);
      return answer as T;
    },
  };
  return { client, asked };
}

const MQTT = { URIS: ['mqtts://broker.vtn.example.ca'], serialization: 'JSON', authentication: { method: 'ANONYMOUS' } };

describe('the 3.1.1 MQTT notifier, as /notifiers describes it', () => {
  it('3.0.1 has none, and nothing is asked', async () => {
    const { client, asked } = fakeClient('3.0.1', {});
    expect(await checkNotifier(client, ['p-1'])).toEqual({ kind: 'off' });
    expect(asked).toEqual([]);
  });

  it('a VTN without the endpoint (404, 501) or without MQTT has none; one that fails this time is unknown', async () => {
    expect(await checkNotifier(fakeClient('3.1.1', {}).client, [])).toEqual({ kind: 'off' });
    expect(await checkNotifier(fakeClient('3.1.1', { '/notifiers': new OpenAdrFault('server_error', 'GET /notifiers answered 501') }).client, [])).toEqual({ kind: 'off' });
    expect(await checkNotifier(fakeClient('3.1.1', { '/notifiers': { WEBHOOK: true } }).client, [])).toEqual({ kind: 'off' });
    expect(await checkNotifier(fakeClient('3.1.1', { '/notifiers': new OpenAdrFault('server_error', 'GET /notifiers answered 500') }).client, [])).toEqual({ kind: 'unknown', error: 'GET /notifiers answered 500' });
  });

  it('programs and each program’s events: ALL when named, else each operation; once each, sorted', async () => {
    const { client, asked } = fakeClient('3.1.1', {
      '/notifiers': { WEBHOOK: true, MQTT },
      '/notifiers/mqtt/topics/programs': { topics: { CREATE: 'p/c', UPDATE: 'p/u', DELETE: 'p/d' } },
      '/notifiers/mqtt/topics/programs/p-1/events': { topics: { UPDATE: 'e/1/u', DELETE: 'e/1/d', ALL: 'e/1/+' } },
      '/notifiers/mqtt/topics/programs/p-2/events': { topics: { UPDATE: 'p/u', DELETE: 'e/2/d' } },
    });
    expect(await checkNotifier(client, ['p-1', 'p-2'])).toEqual({ kind: 'mqtt', notifier: { uris: MQTT.URIS, authentication: MQTT.authentication, topics: ['e/1/+', 'e/2/d', 'p/c', 'p/d', 'p/u'] } });
    expect(asked).toEqual(['/notifiers', '/notifiers/mqtt/topics/programs', '/notifiers/mqtt/topics/programs/p-1/events', '/notifiers/mqtt/topics/programs/p-2/events']);
  });
});

describe('the listener refuses what it may not use', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('in production only mqtts://: a VTN offering plain MQTT is shown as not usable, and nothing connects', async () => {
    const vtn = await ensureVtn(database.db, { url: 'https://vtn.example.ca/openadr3/3.1.1', version: '3.1.1', venName: 'peakwise' });
    const listener = createOpenAdrMqttListener({
      db: database.db,
      vtnUrl: vtn.url,
      client: fakeClient('3.1.1', {}).client,
      clientId: 'peakwise-ven',
      logger: createLogger({ level: 'silent' }),
      clock: () => new Date('2026-11-29T12:00:00Z'),
      allowPlain: false,
    });
    await listener.update(vtn.id, { kind: 'mqtt', notifier: { uris: ['mqtt://127.0.0.1:1'], authentication: { method: 'ANONYMOUS' }, topics: ['p/c'] } });
    expect(await findVtn(database.db, vtn.id)).toMatchObject({ mqttStatus: 'failed', mqttBroker: null, mqttTopics: ['p/c'], mqttError: 'None of the broker URIs is mqtts://: mqtt://127.0.0.1:1' });
    // Then the VTN stops offering MQTT: off again.
    await listener.update(vtn.id, { kind: 'off' });
    expect(await findVtn(database.db, vtn.id)).toMatchObject({ mqttStatus: 'off', mqttBroker: null, mqttTopics: [], mqttError: null });
    await listener.close();
  });
});
