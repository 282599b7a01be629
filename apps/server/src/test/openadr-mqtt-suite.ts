import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDurableWorker, type DurableWorker } from '../jobs/durable-worker';
import { openAdrJobHandlers, startOpenAdrPolling } from '../jobs/openadr-jobs';
import { rowsOf } from '../db/rows';
import { createLogger } from '../lib/logger';
import { jobsByKeyPrefix } from '../modules/durable-jobs/durable-jobs.repository';
import { upsertProgram } from '../modules/events/events.repository';
import { createOpenAdrClient } from '../modules/openadr/openadr-client';
import { createOpenAdrMqttListener, type OpenAdrMqttListener } from '../modules/openadr/openadr-mqtt-listener';
import { mapVtnProgram, opsOpenAdr } from '../modules/openadr/ops-openadr.service';
import { startTestVtn, type TestVtn, type TestVtnOptions } from './openadr-test-vtn';
import { createTestApp, type TestApp } from './test-app';

const HOUR = 3_600_000;
const logger = createLogger({ level: 'silent' });

export type MqttBrokerUnderTest = {
  /** What the test VTN is given: its own aedes broker, or an external one. */
  vtnOption: TestVtnOptions['mqtt'];
  /** The broker goes away (every connection dropped) and comes back on the same address. */
  down(vtn: TestVtn): Promise<void>;
  up(vtn: TestVtn): Promise<void>;
  close(): Promise<void>;
};

/**
 * The 3.1.1 MQTT notifier end to end (decision 114): a VTN that offers MQTT in /notifiers, a real
 * broker it publishes on, and the VEN's listener started as main.ts starts it. A VTN change becomes
 * a Peakwise change without the clock reaching the next poll.
 */
export function describeMqttNotifier(name: string, startBroker: () => Promise<MqttBrokerUnderTest>) {
  describe(`OpenADR 3.1.1 MQTT notifications (${name})`, () => {
    let broker: MqttBrokerUnderTest;
    let vtn: TestVtn;
    let t: TestApp;
    let worker: DurableWorker;
    let listener: OpenAdrMqttListener;
    let vtnProgram: string;
    let ontario: string;
    let vtnId: string;
    const now = new Date();
    const at = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR).toISOString().replace('.000Z', 'Z');
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
    const pollJob = async () => (await jobsByKeyPrefix(t.database.db, 'openadr-poll:'))[0]!;
    const pollDue = async () => new Date((await pollJob()).runAt).getTime() <= now.getTime();
    const pollsRun = async (run: () => Promise<unknown>) => {
      const before = (await pollJob()).attempts;
      await run();
      return (await pollJob()).attempts - before;
    };
    const state = async () => (await opsOpenAdr(t.database.db))[0]!;
    const peakwiseEvent = async (vtnEventId: string) =>
      (
        await q<{ status: string; eventStatus: string | null; startsAt: string | null }>(
          sql`select o.status, e.status as "eventStatus", e.starts_at::text as "startsAt" from openadr_events o left join energy_events e on e.id = o.event_id where o.vtn_event_id = ${vtnEventId}`,
        )
      )[0];
    const counts = async () =>
      (await q<{ events: number; outbox: number }>(sql`select (select count(*)::int from energy_events) as events, (select count(*)::int from event_notifications) as outbox`))[0]!;
    const simple = (start: string) => ({ programID: vtnProgram, intervalPeriod: { start, duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [2] }] }] });

    beforeAll(async () => {
      broker = await startBroker();
      vtn = await startTestVtn('3.1.1', { mqtt: broker.vtnOption });
      t = await createTestApp({
        clock: () => now,
        env: { OPENADR_VTN_URL: vtn.url, OPENADR_CLIENT_ID: vtn.clientId, OPENADR_CLIENT_SECRET: vtn.clientSecret, OPENADR_VERSION: '3.1.1', OPENADR_VEN_NAME: 'peakwise-mqtt', OPENADR_POLL_SECONDS: '300' },
      });
      ontario = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
      vtnProgram = vtn.addProgram('Utility summer DR');
      const config = t.config.openadr!;
      const client = createOpenAdrClient({ config });
      listener = createOpenAdrMqttListener({ db: t.database.db, vtnUrl: config.vtnUrl, client, clientId: config.clientId, logger, clock: () => now, allowPlain: true, retry: { firstMs: 100, maxMs: 400 } });
      worker = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns: [{ config, client, mqtt: listener }], logger }), logger, clock: () => now });
      await startOpenAdrPolling(t.database.db, [config], now);
    }, 60_000);
    afterAll(async () => {
      await worker?.stop();
      await listener?.close();
      await vtn?.close();
      await t?.close();
      await broker?.close();
    });

    it('reads the broker and the topics from /notifiers and listens there instead of subscribing a webhook', async () => {
      expect(await worker.runDue()).toBe(1);
      vtnId = (await state()).id;
      await vi.waitFor(async () => expect((await state()).mqttStatus).toBe('connected'), { timeout: 10_000 });
      const shown = await state();
      // What the VTN's topic operations answered: per operation for programs, ALL for the program's events.
      expect(shown).toMatchObject({
        mqttBroker: vtn.mqttUrl,
        mqttTopics: ['programs/create', 'programs/delete', 'programs/update', `programs/${vtnProgram}/events/+`].sort(),
        mqttError: null,
        subscriptionStatus: 'off',
        lastError: null,
      });
      expect(vtn.requests.filter((r) => r.includes('/notifiers'))).toEqual(['GET /notifiers', 'GET /notifiers/mqtt/topics/programs', `GET /notifiers/mqtt/topics/programs/${vtnProgram}/events`]);
      expect(vtn.subscriptions.size).toBe(0);
      // The next poll finds the same notifier and leaves the connection alone.
      const changedAt = (await q<{ at: string }>(sql`select mqtt_changed_at::text as at from openadr_vtns`))[0]!.at;
      await t.database.db.execute(sql`update durable_jobs set run_at = ${now.toISOString()}::timestamptz where key like 'openadr-poll:%'`);
      expect(await pollsRun(() => worker.runDue())).toBe(1);
      expect((await q<{ at: string }>(sql`select mqtt_changed_at::text as at from openadr_vtns`))[0]!.at).toBe(changedAt);
      expect(vtn.violations).toEqual([]);
    });

    it('a VTN event created is published, and the Peakwise event exists without waiting for the next poll', async () => {
      await t.database.db.transaction((tx) => mapVtnProgram(tx, vtnId, vtnProgram, ontario, now));
      expect(await pollDue()).toBe(false);
      const id = vtn.putEvent(simple(at(24)));
      expect(vtn.published.at(-1)).toEqual({ topic: `programs/${vtnProgram}/events/create`, objectType: 'EVENT', operation: 'CREATE', id });
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      expect(await pollsRun(() => worker.runDue())).toBe(1);
      expect(await peakwiseEvent(id)).toMatchObject({ status: 'scheduled', eventStatus: 'scheduled', startsAt: expect.any(String) });
      expect((await state()).mqttMessageAt).toBe(now.toISOString());
    });

    it('a modified event moves the Peakwise event, a cancelled one cancels it, each at once', async () => {
      const id = vtn.putEvent(simple(at(30)));
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      await worker.runDue();
      const before = (await peakwiseEvent(id))!;
      vtn.putEvent({ id, ...simple(at(32)) });
      expect(vtn.published.at(-1)).toMatchObject({ operation: 'UPDATE', id });
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      await worker.runDue();
      const moved = (await peakwiseEvent(id))!;
      expect(new Date(moved.startsAt!).getTime() - new Date(before.startsAt!).getTime()).toBe(2 * HOUR);
      vtn.deleteEvent(id);
      expect(vtn.published.at(-1)).toMatchObject({ operation: 'DELETE', id });
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      await worker.runDue();
      expect(await peakwiseEvent(id)).toMatchObject({ status: 'cancelled', eventStatus: 'cancelled' });
      expect(vtn.violations).toEqual([]);
    });

    it('the same notification again runs a poll that changes nothing', async () => {
      const id = vtn.putEvent(simple(at(40)));
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      await worker.runDue();
      const applied = await peakwiseEvent(id);
      const before = await counts();
      vtn.publishAgain();
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      expect(await pollsRun(() => worker.runDue())).toBe(1);
      expect(await peakwiseEvent(id)).toEqual(applied);
      expect(await counts()).toEqual(before);
    });

    it('with the broker down the change is missed; back up, the VEN reconnects and polls at once', async () => {
      await broker.down(vtn);
      await vi.waitFor(async () => expect((await state()).mqttStatus).toBe('down'), { timeout: 10_000 });
      expect((await state()).mqttError).not.toBeNull();
      const id = vtn.putEvent(simple(at(50)));
      // Nobody heard it: the poll is not due.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await pollDue()).toBe(false);
      await broker.up(vtn);
      await vi.waitFor(async () => expect((await state()).mqttStatus).toBe('connected'), { timeout: 20_000 });
      await vi.waitFor(async () => expect(await pollDue()).toBe(true), { timeout: 10_000 });
      expect(await pollsRun(() => worker.runDue())).toBe(1);
      expect(await peakwiseEvent(id)).toMatchObject({ status: 'scheduled', eventStatus: 'scheduled' });
      expect((await state()).mqttError).toBeNull();
      expect(vtn.violations).toEqual([]);
    }, 40_000);
  });
}
