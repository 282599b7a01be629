import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startPrismVtn, type PrismVtn } from '../../test/prism-vtn';
import { createTestDatabase } from '../../test/test-database';
import { upsertProgram } from '../events/events.repository';
import { createOpenAdrClient, OpenAdrFault } from './openadr-client';
import { checkNotifier } from './openadr-notifier.service';
import { openAdrReportBody } from './openadr-reports.service';
import { homeResourceNameFor } from './openadr-resource-name';
import { checkSubscriptions, retireSubscriptions } from './openadr-subscriptions.service';
import { pollVtn } from './openadr-ven.service';
import { opsOpenAdr } from './ops-openadr.service';

/*
 * The VEN against a VTN the project did not write: Prism serves the official document and refuses
 * any request that does not match it. Zero of the VEN's requests may be refused, in either version.
 */
describe.each(['3.0.1', '3.1.1'] as const)('OpenADR %s VEN against Prism serving the official document', (version) => {
  let database: Database;
  let prism: PrismVtn;

  beforeAll(async () => {
    database = await createTestDatabase();
    await upsertProgram(database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    prism = await startPrismVtn(version);
  }, 120_000);
  afterAll(async () => {
    await prism?.close();
    await database?.close();
  });

  const client = () => createOpenAdrClient({ config: { vtnUrl: prism.url, clientId: 'peakwise-ven', clientSecret: 'not-a-real-secret', version }, fetch: prism.fetch, timeoutMs: 20_000 });
  // With a callback address, so the subscription's requests go to Prism too (nothing listens there: Prism's own callback fails, which is not the VEN's request).
  const poll = () => pollVtn(database.db, client(), { url: prism.url, version, venName: 'peakwise' }, new Date(), 'http://127.0.0.1:9');

  it('sends nothing Prism refuses, and refuses exactly what Prism flags in its own answers', async () => {
    const first = await poll();
    expect(prism.requestViolations).toEqual([]);
    if (version === '3.1.1') {
      // The document's example ven has targets "null          -" (a stray dash after `default: null` in BlVenRequest):
      // Prism serves it, flags it itself, and the VEN does not accept it.
      expect(first).toMatchObject({ ok: false, error: expect.stringMatching(/GET \/vens answered outside OpenADR 3\.1\.1: .*targets must be array/) });
      expect(prism.responseViolations.some((v) => v.startsWith('GET /vens') && v.includes('targets must be array,null'))).toBe(true);
      // Enrolled out of band (the VTN operator gave us our ven id): the rest of the poll runs against Prism.
      await database.db.execute(sql`update openadr_vtns set ven_id = 'object-999'`);
      expect(await poll()).toMatchObject({ ok: true });
    } else {
      expect(first).toMatchObject({ ok: true });
    }
    expect(prism.requestViolations).toEqual([]);
    const [state] = await opsOpenAdr(database.db);
    // The document's example program and event: the event (a PRICE payload in 2023) is recorded with why it was not run.
    if (version === '3.1.1') {
      // The document's example /notifiers offers MQTT: the VEN asked for its topics (none refused) and subscribed no webhook.
      expect(await checkNotifier(client(), ['object-999'])).toMatchObject({ kind: 'mqtt', notifier: { uris: [expect.stringMatching(/^mqtts:\/\//)] } });
      expect(prism.requestViolations).toEqual([]);
      expect(state!.subscriptionStatus).toBe('off');
      // Without MQTT it would subscribe a webhook: that request too is sent to Prism.
      await checkSubscriptions(database.db, client(), { id: state!.id, venName: 'peakwise' }, 'http://127.0.0.1:9', ['object-999'], new Date());
    } else {
      // The subscription was asked for (whatever Prism's example answer made of it), and not by a request the VEN refused to send.
      expect(state!.subscriptionStatus, String(state!.subscriptionError)).not.toBe('off');
      expect(state!.subscriptionError ?? '').not.toMatch(/^Request /);
    }
    expect(state!.programs.map((p) => p.vtnProgramId)).toEqual(['object-999']);
    expect(state!.events).toHaveLength(1);
    expect(state!.events[0]).toMatchObject({ status: 'refused' });
    const events = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from energy_events`))[0]!.n;
    expect(events).toBe(0);
  }, 120_000);

  it('sends subscriptions and reports Prism does not refuse', async () => {
    // The poll above looked for its subscription and created it.
    const requests = [...prism.requestViolations];
    expect(requests).toEqual([]);
    const figures = [
      { index: 0, baselineKwh: 12.5, actualKwh: 9.75 },
      { index: 1, baselineKwh: 12.25, actualKwh: null },
    ];
    const due = { vtnEventId: 'object-999', vtnProgramId: 'object-999', programId: '11111111-1111-4111-8111-111111111111', startsAt: new Date('2026-10-14T22:00:00Z') };
    // Prism's example answers may fail the VEN's own check of them; only a request the VEN would not even send fails here.
    const send = (call: Promise<unknown>) =>
      call.catch((error: unknown) => {
        if (error instanceof OpenAdrFault && error.message.startsWith('Request ')) throw error;
      });
    for (const units of ['KWH', 'KW'] as const) {
      const body = openAdrReportBody(version, due, 'peakwise', figures, units);
      await send(client().call('post', '/reports', { body }));
      await send(client().call('put', '/reports/{reportID}', { path: { reportID: 'object-999' }, body }));
      // Asked per resource (decision 121): a consenting home's resource beside the sum.
      const perHome = openAdrReportBody(version, due, 'peakwise', figures, units, [{ resourceName: homeResourceNameFor(due.programId, '22222222-2222-4222-8222-222222222222'), figures }]);
      expect(perHome.resources).toHaveLength(2);
      await send(client().call('put', '/reports/{reportID}', { path: { reportID: 'object-999' }, body: perHome }));
    }
    // MQTT offered after a webhook was made (decision 121): the subscriptions found are deleted.
    const [vtn] = await opsOpenAdr(database.db);
    const heldBefore = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from openadr_subscriptions where retired_at is null`))[0]!.n;
    expect(heldBefore).toBeGreaterThan(0);
    await send(retireSubscriptions(database.db, client(), { id: vtn!.id, venName: vtn!.venName }));
    await send(client().call('delete', '/subscriptions/{subscriptionID}', { path: { subscriptionID: 'object-999' } }));
    await send(client().call('get', '/reports', { query: { eventID: 'object-999', clientName: 'peakwise', limit: 50 } }));
    expect(prism.requestViolations).toEqual([]);
  }, 60_000);

  it('does refuse a request outside the document (so zero above means something)', async () => {
    await prism.fetch(`${prism.url}/programs?limit=51`, { headers: { authorization: 'Bearer x' } });
    expect(prism.requestViolations).toEqual([expect.stringContaining('limit must be <= 50')]);
    prism.requestViolations.length = 0;
  });
});
