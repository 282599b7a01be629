import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDurableWorker } from '../../jobs/durable-worker';
import { openAdrJobHandlers, startOpenAdrPolling } from '../../jobs/openadr-jobs';
import { OPENADR_POLL_JOB } from './openadr-poll-schedule';
import { createLogger } from '../../lib/logger';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { upsertProgram } from '../events/events.repository';
import { createOpenAdrClient } from './openadr-client';

describe('OpenADR on /ops, polled by the durable job', () => {
  let t: TestApp;
  let vtn: TestVtn;
  let operator: Member;
  let member: Member;
  let programId: string;
  let now = new Date();

  beforeAll(async () => {
    vtn = await startTestVtn('3.1.1');
    t = await createTestApp({ clock: () => now, env: { OPENADR_VTN_URL: vtn.url, OPENADR_CLIENT_ID: vtn.clientId, OPENADR_CLIENT_SECRET: vtn.clientSecret, OPENADR_VERSION: '3.1.1', OPENADR_POLL_SECONDS: '120' } });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    member = await createMember(t.app);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
  });
  afterAll(async () => {
    await t.close();
    await vtn.close();
  });

  const call = (who: Member | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, { method, headers: who ? asMember(who) : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('the poll chains itself: after a poll, after a failure with back-off, and a restart keeps one chain', async () => {
    const openadr = t.config.openadr!;
    const worker = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns: [{ config: openadr, client: createOpenAdrClient({ config: openadr }) }], logger: createLogger({ level: 'silent' }) }), logger: createLogger({ level: 'silent' }), clock: () => now });
    await startOpenAdrPolling(t.database.db, [openadr], now);
    expect(await worker.runDue()).toBe(1);
    const [job] = await jobsByKeyPrefix(t.database.db, 'openadr-poll:');
    expect(job).toMatchObject({ name: OPENADR_POLL_JOB, status: 'queued', runAt: new Date(Math.floor(now.getTime() / 1000) * 1000 + 120_000).toISOString().replace('.000Z', 'Z') });

    now = new Date(now.getTime() + 121_000);
    vtn.fault = 'server_error';
    expect(await worker.runDue()).toBe(1);
    const [failed] = await jobsByKeyPrefix(t.database.db, 'openadr-poll:');
    // The first failure backs off a minute, not the poll interval; the job itself did not fail.
    expect(failed).toMatchObject({ status: 'queued', attempts: 2, runAt: new Date(Math.floor(now.getTime() / 1000) * 1000 + 60_000).toISOString().replace('.000Z', 'Z') });
    vtn.fault = null;
    await startOpenAdrPolling(t.database.db, [openadr], now);
    expect(await jobsByKeyPrefix(t.database.db, 'openadr-poll:')).toHaveLength(1);
    expect(await worker.runDue()).toBe(1);
    await worker.stop();
  });

  it('shows the connection to an operator only, without the secret, and maps a VTN program', async () => {
    expect((await call(null, 'GET', '/api/ops/openadr')).status).toBe(401);
    expect((await call(member, 'GET', '/api/ops/openadr')).status).toBe(404);
    const vtnProgram = vtn.addProgram('Utility winter DR');
    now = new Date(now.getTime() + 600_000);
    const worker = startDurableWorker({ db: t.database.db, handlers: openAdrJobHandlers({ vtns: [{ config: t.config.openadr!, client: createOpenAdrClient({ config: t.config.openadr! }) }], logger: createLogger({ level: 'silent' }) }), logger: createLogger({ level: 'silent' }), clock: () => now });
    await worker.runDue();
    await worker.stop();
    const response = await call(operator, 'GET', '/api/ops/openadr');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(vtn.clientSecret);
    const [state] = JSON.parse(text) as { id: string; url: string; lastTokenAt: string | null; lastPollAt: string | null; lastError: string | null; programs: { vtnProgramId: string; programId: string | null }[] }[];
    expect(state).toMatchObject({ url: vtn.url, lastError: expect.stringContaining('answered 500') });
    expect(state!.lastTokenAt).not.toBeNull();
    expect(state!.programs).toEqual([{ vtnProgramId: vtnProgram, vtnProgramName: 'Utility winter DR', programId: null }]);

    const path = `/api/ops/openadr/${state!.id}/programs/${vtnProgram}`;
    expect((await call(member, 'PUT', path, { programId })).status).toBe(404);
    expect((await call(operator, 'PUT', path, { programId: 'nope' })).status).toBe(400);
    expect((await call(operator, 'PUT', `/api/ops/openadr/${state!.id}/programs/has%20space`, { programId })).status).toBe(400);
    expect((await call(operator, 'PUT', `/api/ops/openadr/${state!.id}/programs/never-seen`, { programId })).status).toBe(404);
    expect((await call(operator, 'PUT', path, { programId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call(operator, 'PUT', path, { programId })).status).toBe(204);
    const after = (await (await call(operator, 'GET', '/api/ops/openadr')).json()) as typeof state[];
    expect(after[0]!.programs).toEqual([{ vtnProgramId: vtnProgram, vtnProgramName: 'Utility winter DR', programId }]);
    expect(vtn.violations).toEqual([]);
  });
});
