import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker, type DurableWorker } from '../../jobs/durable-worker';
import { openAdrJobHandlers, startOpenAdrPolling } from '../../jobs/openadr-jobs';
import { rowsOf } from '../../db/rows';
import { createLogger } from '../../lib/logger';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { portBeforeApp, type PortBeforeApp } from '../../test/port-before-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertProgram } from '../events/events.repository';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { createOpenAdrClient } from './openadr-client';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

const HOUR = 3_600_000;
const logger = createLogger({ level: 'silent' });

/*
 * Two utilities at once (decision 121): Ontario's VTN speaks 3.0.1 and is configured by the
 * single-VTN variables, Quebec's speaks 3.1.1 and comes from OPENADR_VTNS. Each has its own row,
 * poll chain, subscription and mapping; each VTN event lands under the program its VTN maps; one
 * VTN failing leaves the other polling on time.
 */
describe('OpenADR: two VTNs at once, 3.0.1 and 3.1.1', () => {
  let ontarioVtn: TestVtn;
  let quebecVtn: TestVtn;
  let t: TestApp;
  let server: PortBeforeApp;
  let worker: DurableWorker;
  let ontario: string;
  let quebec: string;
  let onProgram: string;
  let qcProgram: string;
  // Whole seconds: the job's run_at is compared exactly.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR).toISOString().replace('.000Z', 'Z');
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const simple = (programID: string, start: string) => ({ programID, intervalPeriod: { start, duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [2] }] }] });
  const pollsDueNow = () => t.database.db.execute(sql`update durable_jobs set run_at = ${now.toISOString()}::timestamptz where key like 'openadr-poll:%'`);
  /** How many times each VTN was polled during `run` (the worker runs the events' own jobs too). */
  const pollsRun = async (run: () => Promise<unknown>) => {
    const attempts = async () => Promise.all([ontarioVtn.url, quebecVtn.url].map(async (url) => (await jobsByKeyPrefix(t.database.db, `openadr-poll:${url}`))[0]!.attempts));
    const before = await attempts();
    await run();
    return (await attempts()).map((n, i) => n - before[i]!);
  };
  const pollRunAt = async (url: string) => new Date((await jobsByKeyPrefix(t.database.db, `openadr-poll:${url}`))[0]!.runAt).getTime();
  /** The Peakwise program a VTN event became an event of; the two VTNs number their events alike too. */
  const landed = async (vtn: string, vtnEventId: string) =>
    (
      await q<{ vtn: string; status: string; programId: string | null }>(
        sql`select v.name as vtn, o.status, e.program_id as "programId" from openadr_events o join openadr_vtns v on v.id = o.vtn_id left join energy_events e on e.id = o.event_id where v.name = ${vtn} and o.vtn_event_id = ${vtnEventId}`,
      )
    )[0];

  beforeAll(async () => {
    ontarioVtn = await startTestVtn('3.0.1');
    quebecVtn = await startTestVtn('3.1.1');
    server = await portBeforeApp();
    const base = server.base;
    t = await createTestApp({
      clock: () => now,
      env: {
        OPENADR_VTN_URL: ontarioVtn.url,
        OPENADR_CLIENT_ID: ontarioVtn.clientId,
        OPENADR_CLIENT_SECRET: ontarioVtn.clientSecret,
        OPENADR_VERSION: '3.0.1',
        OPENADR_VEN_NAME: 'peakwise-on',
        OPENADR_CALLBACK_URL: base,
        OPENADR_VTNS: JSON.stringify([{ name: 'quebec', url: quebecVtn.url, clientId: quebecVtn.clientId, clientSecret: quebecVtn.clientSecret, version: '3.1.1', venName: 'peakwise-qc', pollSeconds: 600 }]),
      },
    });
    server.serveApp(t.app);
    ontario = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    quebec = await upsertProgram(t.database.db, { name: 'Hilo Québec', provinces: ['QC'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    onProgram = ontarioVtn.addProgram('IESO summer DR');
    qcProgram = quebecVtn.addProgram('Hydro winter peaks');
    const vtns = t.config.openadrVtns.map((config) => ({ config, client: createOpenAdrClient({ config }) }));
    worker = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns, logger }), logger, clock: () => now });
    await startOpenAdrPolling(t.database.db, t.config.openadrVtns, now);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await ontarioVtn?.settle();
    await quebecVtn?.settle();
    await server.close();
    await t?.close();
    await ontarioVtn?.close();
    await quebecVtn?.close();
  });

  it('polls each VTN on a chain of its own and shows each in /ops, with its own programs and subscription', async () => {
    expect(await pollsRun(() => worker.runDue())).toEqual([1, 1]);
    const shown = await opsOpenAdr(t.database.db);
    expect(shown.map((v) => ({ name: v.name, url: v.url, version: v.version, venName: v.venName, subscription: v.subscriptionStatus, lastError: v.lastError }))).toEqual([
      { name: 'default', url: ontarioVtn.url, version: '3.0.1', venName: 'peakwise-on', subscription: 'active', lastError: null },
      { name: 'quebec', url: quebecVtn.url, version: '3.1.1', venName: 'peakwise-qc', subscription: 'active', lastError: null },
    ]);
    expect(shown.map((v) => v.programs.map((p) => p.vtnProgramId))).toEqual([[onProgram], [qcProgram]]);
    // Each VTN's next poll follows its own interval: 300 s for the first (the default), 600 s for Quebec's.
    expect(await pollRunAt(ontarioVtn.url)).toBe(now.getTime() + 300_000);
    expect(await pollRunAt(quebecVtn.url)).toBe(now.getTime() + 600_000);
    // Each VEN enrolled on its own VTN, under its own name, with the callback naming that VTN's row.
    expect([...ontarioVtn.vens.values()].map((v) => v.venName)).toEqual(['peakwise-on']);
    expect([...quebecVtn.vens.values()].map((v) => v.venName)).toEqual(['peakwise-qc']);
    const callbackOf = (vtn: TestVtn) => ([...vtn.subscriptions.values()][0] as unknown as { objectOperations: { callbackUrl: string }[] }).objectOperations[0]!.callbackUrl;
    expect(callbackOf(ontarioVtn)).toContain(`/api/openadr/callback/${shown[0]!.id}/`);
    expect(callbackOf(quebecVtn)).toContain(`/api/openadr/callback/${shown[1]!.id}/`);
  });

  it('each VTN event lands under the program its own VTN maps, and a notification hastens only its own VTN’s poll', async () => {
    const [on, qc] = await opsOpenAdr(t.database.db);
    await t.database.db.transaction(async (tx) => {
      await mapVtnProgram(tx, on!.id, onProgram, ontario, now);
      await mapVtnProgram(tx, qc!.id, qcProgram, quebec, now);
    });
    // The two VTNs number their programs alike: only the VTN the mapping names tells the two apart.
    expect(onProgram).toBe(qcProgram);
    expect((await opsOpenAdr(t.database.db)).map((v) => v.programs.map((p) => p.programId))).toEqual([[ontario], [quebec]]);

    const qcEvent = quebecVtn.putEvent(simple(qcProgram, at(30)));
    await quebecVtn.settle();
    expect(quebecVtn.notifications.at(-1)).toMatchObject({ id: qcEvent, status: 200 });
    expect(await pollRunAt(quebecVtn.url)).toBeLessThanOrEqual(now.getTime());
    expect(await pollRunAt(ontarioVtn.url)).toBe(now.getTime() + 300_000);
    expect(await pollsRun(() => worker.runDue())).toEqual([0, 1]);
    expect(await landed('quebec', qcEvent)).toEqual({ vtn: 'quebec', status: 'scheduled', programId: quebec });

    const onEvent = ontarioVtn.putEvent(simple(onProgram, at(30)));
    await ontarioVtn.settle();
    expect(await pollsRun(() => worker.runDue())).toEqual([1, 0]);
    expect(await landed('default', onEvent)).toEqual({ vtn: 'default', status: 'scheduled', programId: ontario });
    expect(ontarioVtn.violations).toEqual([]);
    expect(quebecVtn.violations).toEqual([]);
  });

  it('a failing VTN backs off alone: the other one’s events still come in on time', async () => {
    ontarioVtn.fault = 'server_error';
    ontarioVtn.silent = true;
    quebecVtn.silent = true;
    const qcEvent = quebecVtn.putEvent(simple(qcProgram, at(40)));
    await pollsDueNow();
    expect(await pollsRun(() => worker.runDue())).toEqual([1, 1]);
    expect(await landed('quebec', qcEvent)).toEqual({ vtn: 'quebec', status: 'scheduled', programId: quebec });
    const [on, qc] = await opsOpenAdr(t.database.db);
    expect(on).toMatchObject({ failures: 1, lastError: expect.stringContaining('500') });
    expect(qc).toMatchObject({ failures: 0, lastError: null });
    // The first back-off is a minute; Quebec keeps its own interval.
    expect(await pollRunAt(ontarioVtn.url)).toBe(now.getTime() + 60_000);
    expect(await pollRunAt(quebecVtn.url)).toBe(now.getTime() + 600_000);

    // Back up, it catches up on what it missed at its next poll.
    ontarioVtn.fault = null;
    const onEvent = ontarioVtn.putEvent(simple(onProgram, at(40)));
    await pollsDueNow();
    expect(await pollsRun(() => worker.runDue())).toEqual([1, 1]);
    expect(await landed('default', onEvent)).toEqual({ vtn: 'default', status: 'scheduled', programId: ontario });
    expect((await opsOpenAdr(t.database.db))[0]).toMatchObject({ failures: 0 });
    expect(ontarioVtn.violations).toEqual([]);
    expect(quebecVtn.violations).toEqual([]);
  });
});
