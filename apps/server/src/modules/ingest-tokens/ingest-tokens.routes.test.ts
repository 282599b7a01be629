import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { authenticateMqtt } from '../../ingest/mqtt-auth';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, type Member } from '../../test/test-session';
import { ensureDemoAccount } from '../demo/seed-demo-account';
import { DEMO_CREDENTIAL_LABEL } from '../../simulator/demo-household';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import { memberWithHousehold } from '../energy/energy.test-helper';
import { createHouseholdToken } from './ingest-tokens.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/api/household/ingest-tokens';
type Json = Record<string, unknown> & { error?: { code: string; message: string; details?: { path: string; message: string }[] } };
type Created = { id: string; label: string; createdAt: string; lastUsedAt: string | null; token: string; mqttUsername: string; mqttTopicPrefix: string; mqttMeterTopic: string; httpEndpoint: string };

const call = async (member: { cookie: string } | null, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: { ...(member ? asMember(member) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const create = async (member: Member, label: string) => {
  const res = await call(member, 'POST', PATH, { label });
  expect(res.status).toBe(201);
  return res.body as unknown as Created;
};

// A meter reading an hour ago on a 5-minute boundary: inside the accepted window whenever the test runs.
const FIVE_MINUTES = 5 * 60_000;
const meterReading = (minutesAgo = 60) => ({
  ts: new Date(Math.floor((Date.now() - minutesAgo * 60_000) / FIVE_MINUTES) * FIVE_MINUTES).toISOString(),
  productionKwh: 0.4,
  consumptionKwh: 0.3,
  gridImportKwh: 0,
  gridExportKwh: 0.1,
});
const ingest = (token: string, body: unknown) =>
  t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Every credential row of the database, for "nothing changed" comparisons. */
const allCredentials = async () =>
  rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select id, household_id, device_id, token_hash, label, revoked_at from ingest_credentials order by id`));
const credentialRow = async (id: string) =>
  rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from ingest_credentials where id = ${id}::uuid`))[0];
const meterRows = async (householdId: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from meter_readings where household_id = ${householdId}::uuid`))[0]!.n;

describe('household ingest tokens', () => {
  it('issues a token that writes the meter over HTTP and logs in to MQTT as the household, shown once and stored only as its hash', async () => {
    const home = await memberWithHousehold(t);
    const before = Date.now();
    const created = await create(home.member, '  Main panel gateway  ');
    const hid = home.household.id;

    expect(created).toEqual({
      id: expect.any(String),
      label: 'Main panel gateway',
      createdAt: expect.any(String),
      lastUsedAt: null,
      token: expect.stringMatching(/^pwi_[A-Za-z0-9_-]{43}$/),
      mqttUsername: hid,
      mqttTopicPrefix: `peakwise/${hid}`,
      mqttMeterTopic: `peakwise/${hid}/meter`,
      httpEndpoint: '/api/ingest/readings',
      mqttPasswordKind: 'token',
    });
    expect(Math.abs(Date.parse(created.createdAt) - before)).toBeLessThan(60_000);

    // Only the SHA-256 is kept: no column holds the token itself.
    const row = await credentialRow(created.id);
    expect(row).toMatchObject({ household_id: hid, device_id: null, label: 'Main panel gateway', revoked_at: null });
    expect(row!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(await allCredentials())).not.toContain(created.token);

    const sent = await ingest(created.token, { meter: [meterReading()] });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ accepted: 1, rejected: [] });
    expect(await meterRows(hid)).toBe(1);

    const mqtt = await authenticateMqtt(t.database.db, created.mqttUsername, Buffer.from(created.token));
    expect(mqtt).toEqual({ credentialId: created.id, householdId: hid, device: null });

    // The list never carries the token, and now shows when it was last used.
    const list = await call(home.member, 'GET', PATH);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: created.id, label: 'Main panel gateway', createdAt: created.createdAt, lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    expect(JSON.stringify(list.body)).not.toContain(row!.token_hash as string);
  });

  it('lists only the household’s own active household-wide tokens, not device tokens or revoked ones', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const first = await create(home.member, 'Meter');
    const second = await create(home.member, 'Gateway');
    await create(other.member, 'Neighbour');
    expect((await call(home.member, 'POST', '/api/devices', { externalId: 'plug-1', name: 'Plug', kind: 'smart_plug' })).status).toBe(201);
    expect((await call(home.member, 'DELETE', `${PATH}/${second.id}`)).status).toBe(204);

    const list = await call(home.member, 'GET', PATH);
    expect((list.body as unknown as { id: string; label: string }[]).map((item) => [item.id, item.label])).toEqual([[first.id, 'Meter']]);
  });

  it('revokes: the token is refused at once over HTTP and MQTT, and a second revoke is a 404', async () => {
    const home = await memberWithHousehold(t);
    const keep = await create(home.member, 'Keep');
    const gone = await create(home.member, 'Old gateway');
    expect((await ingest(gone.token, { meter: [meterReading(60)] })).status).toBe(200);

    expect(await call(home.member, 'DELETE', `${PATH}/${gone.id}`)).toEqual({ status: 204, body: null });
    const refused = await ingest(gone.token, { meter: [meterReading(55)] });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: 'A valid ingest token is required.' } });
    expect(await authenticateMqtt(t.database.db, home.household.id, Buffer.from(gone.token))).toBeNull();
    expect(await meterRows(home.household.id)).toBe(1);
    expect((await credentialRow(gone.id))!.revoked_at).not.toBeNull();

    // The other token is untouched.
    expect((await ingest(keep.token, { meter: [meterReading(50)] })).status).toBe(200);
    expect(await call(home.member, 'DELETE', `${PATH}/${gone.id}`)).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'No such token in your household.' } },
    });
  });

  it('answers 401 to anyone signed out and the same 404 for ids that are not the member’s household tokens; nothing changes', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const mine = await create(home.member, 'Mine');
    const theirs = await create(other.member, 'Theirs');
    const paired = await call(home.member, 'POST', '/api/devices', { externalId: 'plug-2', name: 'Plug', kind: 'smart_plug' });
    const deviceToken = paired.body.credential as { token: string };
    const [deviceCredential] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from ingest_credentials where household_id = ${home.household.id}::uuid and device_id is not null`),
    );
    const snapshot = await allCredentials();

    const unauthorized = { status: 401, body: { error: { code: 'unauthorized', message: 'Authentication required' } } };
    expect(await call(null, 'GET', PATH)).toEqual(unauthorized);
    expect(await call(null, 'POST', PATH, { label: 'Sneaky' })).toEqual(unauthorized);
    expect(await call(null, 'DELETE', `${PATH}/${mine.id}`)).toEqual(unauthorized);
    expect(await call({ cookie: 'peakwise.session_token=forged' }, 'DELETE', `${PATH}/${mine.id}`)).toEqual(unauthorized);

    const notFound = { status: 404, body: { error: { code: 'not_found', message: 'No such token in your household.' } } };
    for (const id of [theirs.id, deviceCredential!.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", encodeURIComponent('../x')]) {
      expect(await call(home.member, 'DELETE', `${PATH}/${id}`)).toEqual(notFound);
    }

    expect(await allCredentials()).toEqual(snapshot);
    expect((await ingest(theirs.token, { meter: [meterReading()] })).status).toBe(200);
    expect((await ingest(deviceToken.token, { devices: [{ device: 'plug-2', ts: meterReading().ts, powerW: 10 }] })).status).toBe(200);
    expect((await call(other.member, 'GET', PATH)).body).toEqual([expect.objectContaining({ id: theirs.id })]);
  });

  it('refuses a missing, blank, too long or malformed label with its reason and issues nothing', async () => {
    const home = await memberWithHousehold(t);
    const cases: [unknown, string][] = [
      [{}, 'Enter a label for the token.'],
      [{ label: '' }, 'Enter a label for the token.'],
      [{ label: '   \t ' }, 'Enter a label for the token.'],
      [{ label: 'x'.repeat(61) }, 'Keep the label to 60 characters or fewer.'],
      [{ label: 42 }, 'Enter a label for the token.'],
      [{ label: 'Meter', deviceId: home.household.id }, 'Unrecognized key: "deviceId"'],
    ];
    for (const [body, message] of cases) {
      const res = await call(home.member, 'POST', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('validation_failed');
      expect(res.body.error?.details?.map((d) => d.message)).toEqual([message]);
    }
    const malformed = await t.app.request(PATH, { method: 'POST', headers: asMember(home.member), body: '{"label":' });
    expect(malformed.status).toBe(400);
    expect(await call(home.member, 'GET', PATH)).toEqual({ status: 200, body: [] });

    // 60 characters after trimming is the longest label accepted.
    const longest = `  ${'é'.repeat(60)}  `;
    expect((await create(home.member, longest)).label).toBe('é'.repeat(60));
  });

  it('allows 5 active household tokens; a 6th is a 409 until one is revoked, device tokens do not count, and racing requests cannot pass the limit', async () => {
    const home = await memberWithHousehold(t);
    expect((await call(home.member, 'POST', '/api/devices', { externalId: 'plug-3', name: 'Plug', kind: 'smart_plug' })).status).toBe(201);
    const issued: Created[] = [];
    for (let i = 1; i <= 5; i += 1) issued.push(await create(home.member, `Token ${i}`));

    const refused = await call(home.member, 'POST', PATH, { label: 'Token 6' });
    expect(refused).toEqual({
      status: 409,
      body: { error: { code: 'too_many_ingest_tokens', message: 'Your home already has 5 active tokens. Revoke one you no longer use before creating another.' } },
    });
    expect((await call(home.member, 'GET', PATH)).body).toHaveLength(5);

    expect((await call(home.member, 'DELETE', `${PATH}/${issued[0]!.id}`)).status).toBe(204);
    expect((await call(home.member, 'DELETE', `${PATH}/${issued[1]!.id}`)).status).toBe(204);
    // Two free places, eight requests at once (straight to the service, so they meet in the
    // database rather than queue behind the session lookup): exactly two get one.
    // On PostgreSQL, open the pool's connections first: otherwise each transaction waits for a new
    // connection and they run one after the other by accident, lock or no lock.
    if (t.database.kind === 'postgres') await Promise.all(Array.from({ length: 8 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
    const raced = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createHouseholdToken(t.database.db, { id: home.member.userId, email: home.member.email }, home.household.id, `Race ${i}`)),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(raced.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)).toEqual(Array(6).fill('too_many_ingest_tokens'));
    const active = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from ingest_credentials where household_id = ${home.household.id}::uuid and device_id is null and revoked_at is null`,
      ),
    )[0]!.n;
    expect(active).toBe(5);
  });

  it('keeps the shared demo read-only: it sees its simulator’s token but can neither issue nor revoke one', async () => {
    const demoUserId = await ensureDemoAccount({ auth: t.accounts.auth, db: t.database.db });
    const household = await ensureHouseholdForUser(t.database.db, demoUserId);
    const simulator = await issueIngestCredential(t.database.db, household.id, null, DEMO_CREDENTIAL_LABEL);
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const demo = { cookie: cookieHeader(signIn) };
    const snapshot = await allCredentials();

    const list = await call(demo, 'GET', PATH);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: simulator.id, label: DEMO_CREDENTIAL_LABEL })]);

    const readOnly = { status: 403, body: { error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } } };
    expect(await call(demo, 'POST', PATH, { label: 'Mine now' })).toEqual(readOnly);
    expect(await call(demo, 'DELETE', `${PATH}/${simulator.id}`)).toEqual(readOnly);
    expect(await allCredentials()).toEqual(snapshot);
    expect((await ingest(simulator.token, { meter: [meterReading()] })).status).toBe(200);
  });
});
