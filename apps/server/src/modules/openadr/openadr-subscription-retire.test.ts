import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { portBeforeApp, type PortBeforeApp } from '../../test/port-before-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOpenAdrClient, type OpenAdrClient } from './openadr-client';
import { pollVtn, type VtnIdentity } from './openadr-ven.service';

/** What 3.1's objectMetadata requires of any object a notification carries. */
const META = { createdDateTime: '2026-01-01T00:00:00Z', modificationDateTime: '2026-01-01T00:00:00Z' };

/*
 * A 3.1.1 VTN that offered only webhooks, then MQTT (decision 121): the webhook subscription made
 * first is deleted on the VTN, once, and its bearer stops letting a callback in.
 */
describe('OpenADR 3.1.1: a webhook subscription made before MQTT was offered', () => {
  let vtn: TestVtn;
  let t: TestApp;
  let server: PortBeforeApp;
  let base: string;
  let client: OpenAdrClient;
  let identity: VtnIdentity;
  const now = new Date();
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const rows = () => q<{ vtnSubscriptionId: string | null; retired: boolean }>(sql`select vtn_subscription_id as "vtnSubscriptionId", retired_at is not null as retired from openadr_subscriptions`);
  const poll = () => pollVtn(t.database.db, client, identity, now, base);

  beforeAll(async () => {
    vtn = await startTestVtn('3.1.1', { mqtt: 'aedes' });
    vtn.mqttOffered = false;
    server = await portBeforeApp();
    base = server.base;
    t = await createTestApp({
      clock: () => now,
      env: { OPENADR_VTN_URL: vtn.url, OPENADR_CLIENT_ID: vtn.clientId, OPENADR_CLIENT_SECRET: vtn.clientSecret, OPENADR_VERSION: '3.1.1', OPENADR_VEN_NAME: 'peakwise-retire', OPENADR_CALLBACK_URL: base },
    });
    server.serveApp(t.app);
    vtn.addProgram('Utility summer DR');
    const config = t.config.openadr!;
    client = createOpenAdrClient({ config });
    identity = { url: config.vtnUrl, version: config.version, venName: config.venName };
  }, 60_000);
  afterAll(async () => {
    await vtn?.settle();
    await server.close();
    await t?.close();
    await vtn?.close();
  });

  it('deletes the subscription on the VTN once MQTT is offered, records it retired, and asks nothing more', async () => {
    expect((await poll()).ok).toBe(true);
    expect(vtn.subscriptions.size).toBe(1);
    const [made] = [...vtn.subscriptions.values()] as { id: string; objectOperations: { callbackUrl: string; bearerToken: string }[] }[];
    expect(await rows()).toEqual([{ vtnSubscriptionId: made!.id, retired: false }]);

    vtn.mqttOffered = true;
    const before = vtn.requests.length;
    expect((await poll()).ok).toBe(true);
    expect(vtn.subscriptions.size).toBe(0);
    expect(vtn.requests.slice(before).filter((r) => r.startsWith('DELETE'))).toEqual([`DELETE /subscriptions/${made!.id}`]);
    expect(await rows()).toEqual([{ vtnSubscriptionId: made!.id, retired: true }]);
    expect((await q<{ status: string; error: string | null }>(sql`select subscription_status as status, subscription_error as error from openadr_vtns`))[0]).toEqual({ status: 'off', error: null });
    // The old bearer no longer lets a notification in.
    const op = made!.objectOperations[0]!;
    const notified = await fetch(op.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${op.bearerToken}` },
      body: JSON.stringify({ objectType: 'PROGRAM', operation: 'UPDATE', object: { ...META, id: 'x', objectType: 'PROGRAM', programName: 'x' } }),
    });
    expect(notified.status).toBe(401);

    // Retired: the next poll neither lists nor deletes subscriptions.
    const again = vtn.requests.length;
    expect((await poll()).ok).toBe(true);
    expect(vtn.requests.slice(again).filter((r) => r.includes('/subscriptions'))).toEqual([]);
    expect(vtn.violations).toEqual([]);
  });

  it('a delete already done (a crash before the record) is a 404 taken as done, not a fault', async () => {
    const [row] = await rows();
    await t.database.db.execute(sql`update openadr_subscriptions set retired_at = null`);
    const before = vtn.requests.length;
    expect((await poll()).ok).toBe(true);
    expect(vtn.requests.slice(before).filter((r) => r.includes('/subscriptions'))).toEqual(['GET /subscriptions', `DELETE /subscriptions/${row!.vtnSubscriptionId}`]);
    expect(await rows()).toEqual([{ vtnSubscriptionId: row!.vtnSubscriptionId, retired: true }]);
    expect((await q<{ status: string }>(sql`select subscription_status as status from openadr_vtns`))[0]!.status).toBe('off');
    expect(vtn.violations).toEqual([]);
  });
});
