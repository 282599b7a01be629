import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { createTestDatabase } from '../../test/test-database';
import { upsertProgram } from '../events/events.repository';
import { createOpenAdrClient, type OpenAdrClient } from './openadr-client';
import { resourceNameFor } from './openadr-resource-name';
import { pollVtn, type PollResult } from './openadr-ven.service';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

const HOUR = 3_600_000;
/** Whole hours from now, as the VTN writes them (seconds precision). */
const at = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR).toISOString().replace('.000Z', 'Z');

describe.each(['3.0.1', '3.1.1'] as const)('OpenADR %s VEN against the stateful test VTN', (version) => {
  let database: Database;
  let vtn: TestVtn;
  let client: OpenAdrClient;
  let ontario: string;
  let quebec: string;
  let vtnProgram: string;
  let vtnId: string;

  let clockAhead = 0;
  // The VEN's clock only decides when its token is due for renewal; the VTN judges expiry by its own.
  const makeClient = (timeoutMs = 5_000) =>
    createOpenAdrClient({ config: { vtnUrl: vtn.url, clientId: vtn.clientId, clientSecret: vtn.clientSecret, version }, timeoutMs, maxBodyBytes: 256 * 1024, clock: () => new Date(Date.now() + clockAhead) });
  const poll = (c: OpenAdrClient = client): Promise<PollResult> => pollVtn(database.db, c, { url: vtn.url, version, venName: 'peakwise-test' }, new Date());
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const oadrEvent = async (vtnEventId: string) =>
    (await q<{ status: string; reason: string | null; eventId: string | null; updatedAt: string; fingerprint: string }>(sql`select status, reason, event_id as "eventId", updated_at::text as "updatedAt", fingerprint from openadr_events where vtn_event_id = ${vtnEventId}`))[0];
  const peakwiseEvent = async (id: string) =>
    (await q<{ startsAt: string; endsAt: string; status: string; programId: string }>(sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startsAt", to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "endsAt", status, program_id as "programId" from energy_events where id = ${id}::uuid`))[0]!;
  const countOf = async (table: 'energy_events' | 'openadr_events' | 'durable_jobs') => (await q<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const jobsFor = async (eventId: string) => (await q<{ key: string }>(sql`select key from durable_jobs where key like ${`event:${eventId}:%`} and status = 'queued' order by key`)).map((r) => r.key);

  beforeAll(async () => {
    database = await createTestDatabase();
    ontario = await upsertProgram(database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    quebec = await upsertProgram(database.db, { name: 'Québec Hiver', provinces: ['QC'], fsas: null, defaultRewardPoints: 80, defaultTargetPercent: 15, noticeHours: 4 });
    vtn = await startTestVtn(version);
    vtnProgram = vtn.addProgram('Utility summer DR');
    client = makeClient();
  });
  afterEach(() => {
    vtn.fault = null;
  });
  afterAll(async () => {
    await vtn.close();
    await database.close();
  });

  it('enrols once: one ven, one resource per Peakwise program, and the VTN program is known, unmapped', async () => {
    expect(await poll()).toEqual({ ok: true, applied: 0, unchanged: 0 });
    expect([...vtn.vens.values()].map((v) => v.venName)).toEqual(['peakwise-test']);
    expect([...vtn.resources.values()].map((r) => r.resourceName).sort()).toEqual([resourceNameFor(ontario), resourceNameFor(quebec)].sort());
    const [state] = await opsOpenAdr(database.db);
    vtnId = state!.id;
    expect(state).toMatchObject({ version, venName: 'peakwise-test', venId: [...vtn.vens.keys()][0], lastError: null, failures: 0, programs: [{ vtnProgramId: vtnProgram, vtnProgramName: 'Utility summer DR', programId: null }] });
    expect(state!.lastTokenAt).not.toBeNull();
    const posts = vtn.requests.filter((r) => r.startsWith('POST /vens') || r.startsWith('POST /resources')).length;
    expect(await poll()).toMatchObject({ ok: true });
    expect(vtn.requests.filter((r) => r.startsWith('POST /vens') || r.startsWith('POST /resources')).length).toBe(posts);
    expect(vtn.tokensIssued).toBe(1);
    expect(vtn.violations).toEqual([]);
  });

  it('records an event of an unmapped program, and takes it up once an operator maps the program', async () => {
    const id = vtn.putEvent({ programID: vtnProgram, intervalPeriod: { start: at(24), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [2] }] }] });
    await poll();
    expect(await oadrEvent(id)).toMatchObject({ status: 'refused', reason: 'unmapped_program', eventId: null });
    expect(await countOf('energy_events')).toBe(0);

    await database.db.transaction((tx) => mapVtnProgram(tx, vtnId, vtnProgram, ontario, new Date()));
    expect(await poll()).toEqual({ ok: true, applied: 1, unchanged: 0 });
    const row = (await oadrEvent(id))!;
    expect(row).toMatchObject({ status: 'scheduled', reason: null });
    expect(await peakwiseEvent(row.eventId!)).toEqual({ startsAt: at(24), endsAt: at(25), status: 'scheduled', programId: ontario });
    // Members hear of it the way they hear of an operator's event: the announcement job.
    expect(await jobsFor(row.eventId!)).toContain(`event:${row.eventId}:announce`);
    expect(vtn.violations).toEqual([]);
  });

  it('a duplicate changes nothing; a changed window moves the Peakwise event and tells the members', async () => {
    const id = vtn.putEvent({ programID: vtnProgram, intervalPeriod: { start: at(30), duration: 'PT30M' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }, { id: 1, payloads: [{ type: 'SIMPLE', values: [1] }] }] });
    await poll();
    const first = (await oadrEvent(id))!;
    const events = await countOf('energy_events');
    const jobs = await countOf('durable_jobs');
    expect(await poll()).toMatchObject({ ok: true, applied: 0 });
    expect(await oadrEvent(id)).toEqual(first);
    expect([await countOf('energy_events'), await countOf('durable_jobs')]).toEqual([events, jobs]);

    vtn.putEvent({ id, programID: vtnProgram, intervalPeriod: { start: at(31), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [3] }] }] });
    expect(await poll()).toMatchObject({ ok: true, applied: 1 });
    expect(await peakwiseEvent(first.eventId!)).toMatchObject({ startsAt: at(31), endsAt: at(32), status: 'scheduled' });
    expect(await jobsFor(first.eventId!)).toContain(`event:${first.eventId}:reschedule-1`);
    expect(await countOf('energy_events')).toBe(events);
  });

  it('a withdrawn event cancels the Peakwise event and tells the members', async () => {
    const id = vtn.putEvent({ programID: vtnProgram, intervalPeriod: { start: at(40), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'IMPORT_CAPACITY_LIMIT', values: [250] }] }] });
    await poll();
    const eventId = (await oadrEvent(id))!.eventId!;
    vtn.deleteEvent(id);
    await poll();
    expect(await oadrEvent(id)).toMatchObject({ status: 'cancelled', eventId });
    expect((await peakwiseEvent(eventId)).status).toBe('cancelled');
    expect(await jobsFor(eventId)).toEqual([`event:${eventId}:cancel-notice`]);
    // Withdrawn twice is still one cancellation.
    expect(await poll()).toMatchObject({ ok: true, applied: 0 });
  });

  it.each([
    ['unknown_payload_type', { intervalPeriod: { start: at(50), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'PRICE', values: [0.31] }] }] }],
    ['starts_in_past', { intervalPeriod: { start: at(-2), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }] }],
    [
      'overlapping_intervals',
      {
        intervals: [
          { id: 0, intervalPeriod: { start: at(52), duration: 'PT1H' }, payloads: [{ type: 'SIMPLE', values: [1] }] },
          { id: 1, intervalPeriod: { start: at(52), duration: 'PT30M' }, payloads: [{ type: 'SIMPLE', values: [2] }] },
        ],
      },
    ],
  ])('refuses an event with %s and writes no Peakwise event', async (reason, shape) => {
    const before = await countOf('energy_events');
    const id = vtn.putEvent({ programID: vtnProgram, ...shape });
    expect(await poll()).toMatchObject({ ok: true });
    expect(await oadrEvent(id)).toMatchObject({ status: 'refused', reason, eventId: null });
    expect(await countOf('energy_events')).toBe(before);
    vtn.deleteEvent(id);
    await poll();
  });

  it.each([
    ['huge_body', /more than 262144 bytes/],
    ['server_error', /answered 500/],
    ['token_down', /auth\/token answered 500/],
    ['rate_limited', /answered 429/],
    ['hang', /no answer within 300 ms/],
  ] as const)('a VTN fault (%s) is recorded, nothing is written, and the next poll goes on', async (fault, message) => {
    const fresh = makeClient(fault === 'hang' ? 300 : 5_000);
    vtn.putEvent({ id: `fault-${fault}`, programID: vtnProgram, intervalPeriod: { start: at(60), duration: 'PT1H' }, intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }] });
    const before = [await countOf('energy_events'), await countOf('openadr_events')];
    const failuresBefore = (await opsOpenAdr(database.db))[0]!.failures;
    vtn.fault = fault;
    const result = await poll(fresh);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(message);
      // Backs off: at least a minute, and the VTN's Retry-After (600 s) when it gives one.
      expect(result.retryAt.getTime() - Date.now()).toBeGreaterThanOrEqual(fault === 'rate_limited' ? 590_000 : 50_000);
    }
    expect([await countOf('energy_events'), await countOf('openadr_events')]).toEqual(before);
    const [state] = await opsOpenAdr(database.db);
    expect(state!.failures).toBe(failuresBefore + 1);
    expect(state!.lastError).toMatch(message);
    expect(JSON.stringify(state)).not.toContain(vtn.clientSecret);
    vtn.fault = null;
    expect(await poll(fresh)).toMatchObject({ ok: true, applied: 1 });
    expect((await opsOpenAdr(database.db))[0]!.failures).toBe(0);
    vtn.deleteEvent(`fault-${fault}`);
    await poll(fresh);
  });

  it('renews a token before it expires, takes a fresh one when the VTN revokes it, and survives a restart without repeating anything', async () => {
    const restarted = makeClient();
    const issued = vtn.tokensIssued;
    await poll(restarted);
    await poll(restarted);
    expect(vtn.tokensIssued).toBe(issued + 1);
    // 59 minutes into an hour's token: inside the last minute, so it is renewed before use.
    clockAhead = 59 * 60_000 + 5_000;
    expect(await poll(restarted)).toMatchObject({ ok: true });
    expect(vtn.tokensIssued).toBe(issued + 2);
    clockAhead = 0;
    vtn.revokeTokens();
    const refused = vtn.requests.length;
    expect(await poll(restarted)).toMatchObject({ ok: true });
    expect(vtn.tokensIssued).toBe(issued + 3);
    // The refused call, then a new token (found through /auth/server in 3.1), then the same call again.
    const expected = ['GET /programs', ...(version === '3.1.1' ? ['GET /auth/server'] : []), 'POST /auth/token', 'GET /programs'];
    expect(vtn.requests.slice(refused, refused + expected.length)).toEqual(expected);
    const events = await countOf('energy_events');
    expect(await poll(makeClient())).toMatchObject({ ok: true, applied: 0 });
    expect(await countOf('energy_events')).toBe(events);
    expect([...vtn.vens.values()]).toHaveLength(1);
    expect(vtn.violations).toEqual([]);
  });
});
