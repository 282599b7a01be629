import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startPrismVtn, type PrismVtn } from '../../test/prism-vtn';
import { createTestDatabase } from '../../test/test-database';
import { upsertProgram } from '../events/events.repository';
import { createOpenAdrClient } from './openadr-client';
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

  const poll = () =>
    database.db.transaction((tx) =>
      pollVtn(tx, createOpenAdrClient({ config: { vtnUrl: prism.url, clientId: 'peakwise-ven', clientSecret: 'not-a-real-secret', version }, fetch: prism.fetch, timeoutMs: 20_000 }), { url: prism.url, version, venName: 'peakwise' }, new Date()),
    );

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
    expect(state!.programs.map((p) => p.vtnProgramId)).toEqual(['object-999']);
    expect(state!.events).toHaveLength(1);
    expect(state!.events[0]).toMatchObject({ status: 'refused' });
    const events = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from energy_events`))[0]!.n;
    expect(events).toBe(0);
  }, 120_000);

  it('does refuse a request outside the document (so zero above means something)', async () => {
    await prism.fetch(`${prism.url}/programs?limit=51`, { headers: { authorization: 'Bearer x' } });
    expect(prism.requestViolations).toEqual([expect.stringContaining('limit must be <= 50')]);
    prism.requestViolations.length = 0;
  });
});
