import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startDurableWorker, type JobHandler } from '../../jobs/durable-worker';
import { privacyExportJobHandlers } from '../../jobs/privacy-export-jobs';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, sessionTokenOf, type Member } from '../../test/test-session';
import { fundMember } from '../cash-outs/cash-outs.test-helper';
import { createDevice } from '../devices/devices.repository';
import { adjustPoints } from '../points/points-adjustments.service';
import { EXPORT_FILES } from './privacy-export-readme';
import { PRIVACY_EXPORT_JOBS } from './privacy-exports.service';

const logger = createLogger({ level: 'silent' });
const T0 = new Date('2026-11-24T18:00:00.000Z');
const DAY = 86_400_000;
const READINGS = 1_234;

type ExportBody = { id: string; status: string; downloadUrl: string | null; expiresAt: string | null; byteSize: number | null };

describe('privacy export API', () => {
  let t: TestApp;
  let now = T0;
  let member: Member;
  let other: Member;
  let householdId: string;
  let deviceId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, env: { PRIVACY_EXPORT_TTL_DAYS: '3' } });
    member = await createMember(t.app, { marketingConsent: true, language: 'fr', name: 'Élise Roy' });
    other = await createMember(t.app);
    const db = t.database.db;
    householdId = await fundMember(db, member.userId, 1_250);
    deviceId = (await createDevice(db, householdId, { externalId: 'plug-1', name: 'Frigo', kind: 'smart_plug' })).id;
    // Enough readings for several pages and many chunks at the small sizes the worker uses below.
    await db.execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select ${householdId}::uuid, timestamptz '2026-10-01T00:00:00Z' + n * interval '5 minutes', (n % 7) * 0.0125, 0.1 + (n % 11) * 0.003, (n % 5) * 0.01, (n % 3) * 0.002
      from generate_series(0, ${READINGS - 1}) as n`);
    await db.execute(sql`
      insert into device_readings (device_id, ts, power_w, energy_kwh, efficiency, relay_on, metrics)
      select ${deviceId}::uuid, timestamptz '2026-10-01T00:00:00Z' + n * interval '5 minutes', 100 + n, case when n = 2 then null else 0.01 * n end, null, n % 2 = 0, null
      from generate_series(0, 9) as n`);
    await db.execute(sql`
      insert into meter_daily (household_id, local_date, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count)
      values (${householdId}::uuid, '2026-10-01', 1.5, 20.25, 18, 0.5, 288), (${householdId}::uuid, '2026-10-02', 0, 19, 19, 0, 12)`);
    // A saved card and a bill payment with it: the archive may name the card only by brand and last four.
    await db.execute(sql`
      insert into payment_methods (household_id, processor, processor_token, brand, last4, exp_month, exp_year, is_default)
      values (${householdId}::uuid, 'sandbox', 'tok_never_exported_42', 'visa', '4242', 12, 2030, 1)`);
    await db.execute(sql`
      insert into payments (household_id, amount_cents, processor, processor_reference, status, idempotency_key, card_brand, card_last4, created_at, succeeded_at)
      values (${householdId}::uuid, 4520, 'sandbox', 'ch_ref_1', 'succeeded', 'export-test-key', 'visa', '4242', '2026-10-15T12:00:00Z', '2026-10-15T12:00:05Z')`);
    // An operator's credit: the archive says an operator made it, never which one.
    await db.transaction((tx) => adjustPoints(tx, householdId, other.userId, { direction: 'credit', points: 5, reason: 'Goodwill', idempotencyKey: 'export-adjust-1' }));
    // A withdrawal after the sign-up grant, and a notification choice.
    await t.app.request('/api/profile/consents/marketing', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ granted: false }) });
    // The member's word that the home has a battery (decision 138) is theirs too.
    expect((await t.app.request('/api/household/battery', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ hasBattery: true }) })).status).toBe(200);
  });
  afterAll(() => t.close());

  const call = (who: Member | null, method: string, path: string) => t.app.request(path, { method, headers: who ? asMember(who) : {} });
  const handlers = (overrides: Record<string, JobHandler> = {}) => ({
    ...privacyExportJobHandlers({ mailer: t.accounts.mailer, publicUrl: t.config.publicUrl, ttlDays: t.config.privacyExportTtlDays, chunkBytes: 4096, pageRows: 100 }),
    ...overrides,
  });
  const runJobs = async (extra: Record<string, JobHandler> = {}) => {
    const worker = startDurableWorker({ db: t.database.db, handlers: handlers(extra), logger, clock: () => now });
    const ran = await worker.runDue();
    await worker.stop();
    return ran;
  };
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;
  const chunks = (id: string) => count(sql`select count(*)::int as n from privacy_export_chunks where export_id = ${id}::uuid`);
  const readyEmails = (to: string) => count(sql`select count(*)::int as n from email_outbox where kind = 'privacy-export-ready' and "to" = ${to}`);

  let exportId = '';
  let archive: Record<string, string> = {};

  it('asks once, builds once in the background, and mails the member', async () => {
    const first = await call(member, 'POST', '/api/privacy-exports');
    expect(first.status).toBe(201);
    const created = (await first.json()) as ExportBody;
    expect(created).toMatchObject({ status: 'pending', downloadUrl: null });
    exportId = created.id;

    const again = await call(member, 'POST', '/api/privacy-exports');
    expect(again.status).toBe(200);
    expect(((await again.json()) as ExportBody).id).toBe(exportId);
    expect(await count(sql`select count(*)::int as n from durable_jobs where key like ${`privacy-export:${exportId}:%`}`)).toBe(1);

    const early = await call(member, 'GET', `/api/privacy-exports/${exportId}/download`);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('This export is still being prepared.');

    expect(await runJobs()).toBe(1);
    expect(await runJobs()).toBe(0);
    expect(await readyEmails(member.email)).toBe(1);
    const [mail] = rowsOf<{ subject: string; text: string }>(await t.database.db.execute(sql`select subject, text from email_outbox where kind = 'privacy-export-ready'`));
    expect(mail!.subject).toBe('Vos données Peakwise sont prêtes à télécharger');
    expect(mail!.text).toContain(`${t.config.publicUrl}/app/settings`);

    const list = (await (await call(member, 'GET', '/api/privacy-exports')).json()) as ExportBody[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: exportId, status: 'ready', downloadUrl: `/api/privacy-exports/${exportId}/download`, expiresAt: new Date(T0.getTime() + 3 * DAY).toISOString() });
    expect(await chunks(exportId)).toBeGreaterThan(3);
  });

  it('downloads the archive with every file, each matching the database', async () => {
    const res = await call(member, 'GET', `/api/privacy-exports/${exportId}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const [stored] = rowsOf<{ byteSize: number }>(await t.database.db.execute(sql`select byte_size::int as "byteSize" from privacy_exports where id = ${exportId}::uuid`));
    expect(bytes.length).toBe(stored!.byteSize);
    archive = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
    expect(Object.keys(archive).sort()).toEqual(['README.txt', ...EXPORT_FILES].sort());

    // README in the member's language, naming every file.
    expect(archive['README.txt']).toContain('Vos données Peakwise');
    for (const name of EXPORT_FILES) expect(archive['README.txt']).toContain(name);

    const profile = JSON.parse(archive['profile.json']!) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: member.userId, email: member.email, name: 'Élise Roy', language: 'fr', birthDate: '1985-06-15', gender: 'female', signInMethods: ['credential'] });

    // Readings: every raw row, in order, formatted here from the driver's values.
    const raw = rowsOf<{ ts: Date | string; p: number; c: number; i: number; e: number }>(
      await t.database.db.execute(sql`select ts, production_kwh as p, consumption_kwh as c, grid_import_kwh as i, grid_export_kwh as e from meter_readings where household_id = ${householdId}::uuid order by ts`),
    );
    const expected = raw.map((r) => [new Date(r.ts).toISOString(), String(r.p), String(r.c), String(r.i), String(r.e)].join(','));
    const lines = archive['readings.csv']!.trimEnd().split('\r\n');
    expect(lines[0]).toBe('interval_start_utc,production_kwh,consumption_kwh,grid_import_kwh,grid_export_kwh');
    expect(lines.slice(1)).toEqual(expected);
    expect(expected).toHaveLength(READINGS);

    const deviceLines = archive['device-readings.csv']!.trimEnd().split('\r\n');
    expect(deviceLines).toHaveLength(11);
    expect(deviceLines[3]).toBe(`${deviceId},2026-10-01T00:10:00.000Z,102,,,true,`);
    expect(archive['rollups-daily.csv']!.split('\r\n').slice(1, 3)).toEqual([
      '2026-10-01,1.5,20.25,18,0.5,288,',
      '2026-10-02,0,19,19,0,12,',
    ]);

    const devices = JSON.parse(archive['devices.json']!) as { id: string; name: string; livePowerW: number | null; livePowerAt: string | null }[];
    expect(devices.map((d) => [d.id, d.name])).toEqual([[deviceId, 'Frigo']]);
    // The power the plug last reported is the member's data too (never reported here: null, not left out).
    expect(devices[0]).toMatchObject({ livePowerW: null, livePowerAt: null });
    const household = JSON.parse(archive['household.json']!) as { id: string; hasBattery: boolean };
    expect(household.id).toBe(householdId);
    expect(household.hasBattery).toBe(true);

    const ledger = archive['points-ledger.csv']!.trimEnd().split('\r\n');
    expect(ledger).toHaveLength(3);
    expect(ledger[1]!.split(',')[2]).toBe('1250');
    expect(ledger[2]).toContain(',5,adjustment,,');
    expect(ledger[2]).toContain('""by"": ""operator""');
    expect(ledger[2]).not.toContain('operatorId');

    const consents = JSON.parse(archive['consents.json']!) as { purpose: string; granted: boolean; language: string; source: string; wordingAsShown: string }[];
    const marketing = consents.filter((c) => c.purpose === 'marketing_data_sharing');
    expect(marketing.map((c) => [c.granted, c.language, c.source])).toEqual([
      [true, 'fr', 'sign_up'],
      [false, 'fr', 'settings'],
    ]);
    expect(marketing[0]!.wordingAsShown).toBe('Partager mes données d’inscription avec des fournisseurs de contenu à des fins de marketing');

    expect(JSON.parse(archive['payments.json']!)).toEqual([
      expect.objectContaining({ amountCents: 4520, status: 'succeeded', cardBrand: 'visa', cardLast4: '4242', createdAt: '2026-10-15T12:00:00.000Z', succeededAt: '2026-10-15T12:00:05.000Z' }),
    ]);
    expect(JSON.parse(archive['payment-methods.json']!)).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true })]);
    for (const [name, text] of Object.entries(archive)) expect(text, name).not.toContain('tok_never_exported_42');

    const sessions = JSON.parse(archive['sessions.json']!) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(Object.keys(sessions[0]!).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'lastActiveAt', 'userAgent']);
  });

  it('holds no session token, password hash or other member', async () => {
    const secrets = rowsOf<{ s: string }>(
      await t.database.db.execute(sql`
        select token as s from sessions where user_id = ${member.userId}
        union all select password from accounts where user_id = ${member.userId} and password is not null
        union all select ${other.email}
        union all select ${other.userId}`),
    ).map((r) => r.s);
    // The table holds only the session token's hash (decision 071); the token is in the cookie.
    secrets.push(sessionTokenOf(member.cookie));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const all = Object.values(archive).join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toContain(member.password);
  });

  it('is served to its member only', async () => {
    const path = `/api/privacy-exports/${exportId}/download`;
    expect((await call(other, 'GET', path)).status).toBe(404);
    expect((await call(null, 'GET', path)).status).toBe(401);
    expect((await call(member, 'GET', '/api/privacy-exports/not-a-uuid/download')).status).toBe(400);
    expect(await (await call(other, 'GET', '/api/privacy-exports')).json()).toEqual([]);
  });

  it('answers 410 once the link expires, and the expiry job drops the bytes', async () => {
    const path = `/api/privacy-exports/${exportId}/download`;
    now = new Date(T0.getTime() + 3 * DAY - 1);
    expect((await call(member, 'GET', path)).status).toBe(200);
    now = new Date(T0.getTime() + 3 * DAY);
    const gone = await call(member, 'GET', path);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This download link has expired.');
    expect(await chunks(exportId)).toBeGreaterThan(0);
    expect(await runJobs()).toBe(1);
    expect(await chunks(exportId)).toBe(0);
    const list = (await (await call(member, 'GET', '/api/privacy-exports')).json()) as ExportBody[];
    expect(list[0]).toMatchObject({ id: exportId, status: 'expired', downloadUrl: null });
    expect((await call(member, 'GET', path)).status).toBe(410);
  });

  it('a crash part way leaves nothing; after a restart the export is built once', async () => {
    const res = await call(member, 'POST', '/api/privacy-exports');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as ExportBody;
    const emailsBefore = await readyEmails(member.email);
    // The first process dies after writing part of the archive.
    const crashing: JobHandler = async (ctx) => {
      await handlers()[PRIVACY_EXPORT_JOBS.build]!({ ...ctx, tx: ctx.tx });
      throw new Error('process died');
    };
    expect(await runJobs({ [PRIVACY_EXPORT_JOBS.build]: crashing })).toBe(1);
    expect(await chunks(id)).toBe(0);
    expect(await readyEmails(member.email)).toBe(emailsBefore);
    expect(((await (await call(member, 'GET', '/api/privacy-exports')).json()) as ExportBody[])[0]).toMatchObject({ id, status: 'pending' });

    // A new process, after the retry delay.
    now = new Date(now.getTime() + 5 * 60_000);
    expect(await runJobs()).toBe(1);
    expect(await runJobs()).toBe(0);
    expect(await chunks(id)).toBeGreaterThan(0);
    expect(await readyEmails(member.email)).toBe(emailsBefore + 1);
    expect(await count(sql`select count(*)::int as n from durable_jobs where key = ${`privacy-export:${id}:build`} and status = 'done' and attempts = 2`)).toBe(1);
    expect((await call(member, 'GET', `/api/privacy-exports/${id}/download`)).status).toBe(200);
  });

  it('a new member, whose home was made at sign-up and has no readings yet, gets an archive with the home and an empty readings file', async () => {
    const loner = await createMember(t.app);
    const res = await call(loner, 'POST', '/api/privacy-exports');
    const { id } = (await res.json()) as ExportBody;
    expect(await runJobs()).toBe(1);
    const download = await call(loner, 'GET', `/api/privacy-exports/${id}/download`);
    expect(download.status).toBe(200);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['household.json']!))).toMatchObject({ province: 'ON', hasBattery: false });
    expect(strFromU8(files['readings.csv']!)).toBe('interval_start_utc,production_kwh,consumption_kwh,grid_import_kwh,grid_export_kwh\r\n');
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: loner.email });
  });
});
