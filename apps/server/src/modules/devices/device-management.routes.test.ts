import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { makeTestNatsOperator } from '../../test/nats-operator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sharedTestDatabase } from '../../test/test-database';
import { asMember, type Member } from '../../test/test-session';
import { listRooms } from '../households/household.repository';
import { memberWithHousehold } from '../energy/energy.test-helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown> & { error?: { code: string; message: string } };
const call = async (member: Member | null, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: { ...(member ? asMember(member) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const ingest = (token: string, body: unknown) =>
  t.app.request('/api/ingest/readings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const deviceRows = async (householdId: string) =>
  rowsOf<{ external_id: string; removed: boolean }>(
    await t.database.db.execute(sql`select external_id, removed_at is not null as removed from devices where household_id = ${householdId}::uuid order by created_at`),
  );
const credentialCount = async (householdId: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ingest_credentials where household_id = ${householdId}::uuid and device_id is not null`))[0]!.n;

const TS = '2026-01-15T17:00:00.000Z';

describe('managing devices', () => {
  it('pairs a plug by its id into a room; its own token reports its readings; the same id again is refused', async () => {
    const home = await memberWithHousehold(t);
    const kitchen = (await listRooms(t.database.db, home.household.id)).find((r) => r.name === 'Kitchen')!;

    const paired = await call(home.member, 'POST', '/api/devices', { externalId: 'shellyplugus-a1b2c3', name: ' Kettle ', kind: 'smart_plug', roomId: kitchen.id, ratedPowerW: 1500 });
    expect(paired.status).toBe(201);
    const device = paired.body.device as { id: string; name: string; roomId: string; neverSwitch: boolean };
    const credential = paired.body.credential as { token: string; mqttUsername: string; mqttTopicPrefix: string; httpEndpoint: string };
    expect(device).toMatchObject({ name: 'Kettle', roomId: kitchen.id, neverSwitch: false });
    // Absolute: a plug has no page its address could be relative to. The test config's PUBLIC_URL
    // is the default http://localhost:3000 and its embedded broker port the default 1884.
    expect(credential).toMatchObject({
      mqttUsername: 'shellyplugus-a1b2c3',
      mqttTopicPrefix: `peakwise/${home.household.id}/devices/shellyplugus-a1b2c3`,
      httpEndpoint: 'http://localhost:3000/api/ingest/readings',
      mqttHost: 'localhost',
      mqttPort: 1884,
      mqttTls: false,
      mqttClientId: `shellyplugus-a1b2c3-${home.household.id.slice(0, 8)}`,
      shellyMqttPrefix: `peakwise/${home.household.id}/shelly/shellyplugus-a1b2c3`,
      tasmotaFullTopic: `peakwise/${home.household.id}/tasmota/%topic%/%prefix%/`,
      mqttPasswordKind: 'token',
    });
    expect(credential).not.toHaveProperty('mqttPassword');

    const sent = await ingest(credential.token, { devices: [{ device: 'shellyplugus-a1b2c3', ts: TS, powerW: 1450, energyKwh: 0.12 }] });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ accepted: 1, rejected: [] });

    const again = await call(home.member, 'POST', '/api/devices', { externalId: 'shellyplugus-a1b2c3', name: 'Other', kind: 'smart_plug' });
    expect(again).toEqual({ status: 409, body: { error: { code: 'device_exists', message: 'A device with this id is already paired with your home.' } } });
    expect(await deviceRows(home.household.id)).toHaveLength(1);
    expect(await credentialCount(home.household.id)).toBe(1);
  });

  it('refuses a device id that is live in another household (409), writing nothing; once removed there, it pairs', async () => {
    const first = await memberWithHousehold(t);
    const second = await memberWithHousehold(t);
    const owned = await call(first.member, 'POST', '/api/devices', { externalId: 'shellyplugus-0c0ffee', name: 'Heater', kind: 'smart_plug' });
    expect(owned.status).toBe(201);

    const taken = await call(second.member, 'POST', '/api/devices', { externalId: 'shellyplugus-0c0ffee', name: 'Mine', kind: 'smart_plug' });
    expect(taken).toEqual({
      status: 409,
      body: { error: { code: 'device_paired_elsewhere', message: 'This device is paired with another Peakwise home. It has to be removed there before it can be paired here.' } },
    });
    expect(await deviceRows(second.household.id)).toEqual([]);
    expect(await credentialCount(second.household.id)).toBe(0);
    expect(await deviceRows(first.household.id)).toEqual([{ external_id: 'shellyplugus-0c0ffee', removed: false }]);

    // Removed by its first home (sold, moved), the same hardware pairs with the second.
    const removed = await call(first.member, 'DELETE', `/api/devices/${(owned.body.device as { id: string }).id}`);
    expect(removed.status).toBe(204);
    const paired = await call(second.member, 'POST', '/api/devices', { externalId: 'shellyplugus-0c0ffee', name: 'Mine', kind: 'smart_plug' });
    expect(paired.status).toBe(201);
    expect(await deviceRows(second.household.id)).toEqual([{ external_id: 'shellyplugus-0c0ffee', removed: false }]);

    // A home whose account was deleted keeps its device rows (decision 079), not a claim on the hardware.
    const gone = await memberWithHousehold(t);
    expect((await call(gone.member, 'POST', '/api/devices', { externalId: 'shellyplugus-5eed', name: 'Fan', kind: 'smart_plug' })).status).toBe(201);
    expect((await call(gone.member, 'DELETE', '/api/account', { confirmation: 'DELETE' })).status).toBe(204);
    expect(await deviceRows(gone.household.id)).toEqual([{ external_id: 'shellyplugus-5eed', removed: false }]);
    expect((await call(second.member, 'POST', '/api/devices', { externalId: 'shellyplugus-5eed', name: 'Fan', kind: 'smart_plug' })).status).toBe(201);
  });

  it('refuses invalid devices with a reason and creates nothing', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const foreignRoom = (await listRooms(t.database.db, other.household.id))[0]!;
    const bad = [
      { externalId: 'plug/1', name: 'Plug', kind: 'smart_plug' },
      { externalId: 'plug-1', name: '   ', kind: 'smart_plug' },
      { externalId: 'plug-1', name: 'Plug', kind: 'toaster' },
      { externalId: 'plug-1', name: 'Plug', kind: 'smart_plug', ratedPowerW: -5 },
      { externalId: 'plug-1', name: 'Plug', kind: 'smart_plug', householdId: other.household.id },
    ];
    for (const body of bad) expect((await call(home.member, 'POST', '/api/devices', body)).status).toBe(400);
    const roomRefused = await call(home.member, 'POST', '/api/devices', { externalId: 'plug-1', name: 'Plug', kind: 'smart_plug', roomId: foreignRoom.id });
    expect(roomRefused).toEqual({ status: 400, body: { error: { code: 'unknown_room', message: 'Choose one of your rooms.' } } });
    expect(await deviceRows(home.household.id)).toEqual([]);
    expect(await deviceRows(other.household.id)).toEqual([]);
    expect(await credentialCount(home.household.id)).toBe(0);
  });

  it('renames, assigns a room, moves on the plan and marks never-switch; bad changes are refused and change nothing', async () => {
    const home = await memberWithHousehold(t, { 'lamp-1': 'smart_plug' });
    const id = home.devices['lamp-1']!.id;
    const office = (await listRooms(t.database.db, home.household.id)).find((r) => r.name === 'Office')!;

    expect((await call(home.member, 'PATCH', `/api/devices/${id}`, { name: 'Desk lamp', roomId: office.id })).body).toMatchObject({ name: 'Desk lamp', roomId: office.id });
    expect((await call(home.member, 'PATCH', `/api/devices/${id}`, { x: 420, y: 310 })).body).toMatchObject({ x: 420, y: 310, name: 'Desk lamp' });
    expect((await call(home.member, 'PATCH', `/api/devices/${id}`, { neverSwitch: true })).body).toMatchObject({ neverSwitch: true });
    expect((await call(home.member, 'PATCH', `/api/devices/${id}`, { roomId: null })).body).toMatchObject({ roomId: null, x: 420 });

    for (const body of [{}, { x: 1001, y: 10 }, { x: 10 }, { x: 10.5, y: 3 }, { name: '' }, { kind: 'camera' }]) {
      expect((await call(home.member, 'PATCH', `/api/devices/${id}`, body)).status).toBe(400);
    }
    const [row] = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select name, kind, x, y, room_id, never_switch from devices where id = ${id}::uuid`));
    expect(row).toEqual({ name: 'Desk lamp', kind: 'smart_plug', x: 420, y: 310, room_id: null, never_switch: true });
  });

  it('removes a device: its readings stay in the totals, its token stops working, and its id can be paired again', async () => {
    const home = await memberWithHousehold(t);
    const paired = await call(home.member, 'POST', '/api/devices', { externalId: 'heater-plug', name: 'Heater', kind: 'smart_plug' });
    const { id } = paired.body.device as { id: string };
    const { token } = paired.body.credential as { token: string };
    expect((await ingest(token, { devices: [{ device: 'heater-plug', ts: TS, powerW: 1200, energyKwh: 0.1 }] })).status).toBe(200);

    expect((await call(home.member, 'DELETE', `/api/devices/${id}`)).status).toBe(204);
    const readings = rowsOf<{ energy_kwh: number }>(await t.database.db.execute(sql`select energy_kwh from device_readings where device_id = ${id}::uuid`));
    expect(readings).toEqual([{ energy_kwh: 0.1 }]);
    const daily = rowsOf<{ energy_kwh: number }>(await t.database.db.execute(sql`select energy_kwh from device_daily where device_id = ${id}::uuid`));
    expect(daily).toEqual([{ energy_kwh: 0.1 }]);
    expect((await ingest(token, { devices: [{ device: 'heater-plug', ts: '2026-01-15T17:05:00.000Z', powerW: 1200 }] })).status).toBe(401);

    expect((await call(home.member, 'DELETE', `/api/devices/${id}`)).status).toBe(404);
    expect((await call(home.member, 'PATCH', `/api/devices/${id}`, { name: 'Back' })).status).toBe(404);
    expect((await call(home.member, 'POST', '/api/devices', { externalId: 'heater-plug', name: 'New heater', kind: 'smart_plug' })).status).toBe(201);
    expect(await deviceRows(home.household.id)).toEqual([
      { external_id: 'heater-plug', removed: true },
      { external_id: 'heater-plug', removed: false },
    ]);
  });

  it('gives a paired device a new token: the old one stops working, a second press leaves only the last, and only the owner may ask', async () => {
    const home = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const paired = await call(home.member, 'POST', '/api/devices', { externalId: 'shellyplugus-5e7a11', name: 'Fan', kind: 'smart_plug' });
    const device = paired.body.device as { id: string };
    const first = (paired.body.credential as { token: string }).token;
    const reading = (minute: number) => ({ devices: [{ device: 'shellyplugus-5e7a11', ts: `2026-01-15T17:${String(minute).padStart(2, '0')}:00.000Z`, powerW: 40 }] });

    const renewed = await call(home.member, 'POST', `/api/devices/${device.id}/credential`);
    expect(renewed.status).toBe(201);
    const second = renewed.body.credential as { token: string; mqttUsername: string; mqttClientId: string };
    // The same settings as at pairing, with another token.
    expect(second).toMatchObject({ mqttUsername: 'shellyplugus-5e7a11', mqttClientId: `shellyplugus-5e7a11-${home.household.id.slice(0, 8)}` });
    expect(second.token).not.toBe(first);
    expect(renewed.body.device).toMatchObject({ id: device.id, name: 'Fan' });
    expect((await ingest(first, reading(0))).status).toBe(401);
    expect((await ingest(second.token, reading(5))).status).toBe(200);

    const third = ((await call(home.member, 'POST', `/api/devices/${device.id}/credential`)).body.credential as { token: string }).token;
    expect((await ingest(second.token, reading(10))).status).toBe(401);
    expect((await ingest(third, reading(15))).status).toBe(200);
    const live = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from ingest_credentials where device_id = ${device.id}::uuid and revoked_at is null`),
    )[0]!.n;
    expect(live).toBe(1);

    // Another household's device, a malformed id and a removed device answer the same 404 and change nothing.
    expect((await call(other.member, 'POST', `/api/devices/${device.id}/credential`)).status).toBe(404);
    expect((await call(home.member, 'POST', '/api/devices/not-a-uuid/credential')).status).toBe(404);
    expect((await ingest(third, reading(20))).status).toBe(200);
    expect((await call(home.member, 'DELETE', `/api/devices/${device.id}`)).status).toBe(204);
    expect((await call(home.member, 'POST', `/api/devices/${device.id}/credential`)).status).toBe(404);
    expect(await credentialCount(home.household.id)).toBe(3);
  });

  it('answers 401 anonymous and 404 for another household’s device or a malformed id, changing nothing', async () => {
    const a = await memberWithHousehold(t, { 'a-cam': 'camera' });
    const b = await memberWithHousehold(t);
    const path = `/api/devices/${a.devices['a-cam']!.id}`;
    expect((await call(null, 'POST', '/api/devices', { externalId: 'x', name: 'X', kind: 'camera' })).status).toBe(401);
    expect((await call(null, 'PATCH', path, { name: 'X' })).status).toBe(401);
    expect((await call(null, 'DELETE', path)).status).toBe(401);

    const patch = await call(b.member, 'PATCH', path, { name: 'Mine now' });
    expect(patch).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'No such device in your household.' } } });
    expect((await call(b.member, 'DELETE', path)).status).toBe(404);
    expect((await call(b.member, 'PATCH', '/api/devices/not-a-uuid', { name: 'X' })).status).toBe(404);
    expect((await call(b.member, 'DELETE', '/api/devices/not-a-uuid')).status).toBe(404);
    expect(await deviceRows(a.household.id)).toEqual([{ external_id: 'a-cam', removed: false }]);
    expect(rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from devices where external_id = 'a-cam'`))).toEqual([{ name: 'a-cam' }]);
  });
});

describe('what the pairing screen is given', () => {
  // Each test's app has its own config. They pair different device ids for their own new members,
  // so they share one database instead of starting four (a start is most of such a test's time).
  const shared = sharedTestDatabase();

  it('names the public broker and the public origin when PUBLIC_URL and PUBLIC_MQTT_URL are set', async () => {
    const other = await createTestApp({ database: shared(), env: { PUBLIC_URL: 'https://app.peakwise.example/', PUBLIC_MQTT_URL: 'mqtts://mqtt.peakwise.example:8883' } });
    try {
      const home = await memberWithHousehold(other);
      const res = await other.app.request('/api/devices', {
        method: 'POST',
        headers: { ...asMember(home.member), 'content-type': 'application/json', origin: 'https://app.peakwise.example' },
        body: JSON.stringify({ externalId: 'shellyplugus-d4e5f6', name: 'Kettle', kind: 'smart_plug' }),
      });
      expect(res.status).toBe(201);
      const { credential } = (await res.json()) as { credential: Record<string, unknown> };
      expect(credential).toMatchObject({ httpEndpoint: 'https://app.peakwise.example/api/ingest/readings', mqttHost: 'mqtt.peakwise.example', mqttPort: 8883, mqttTls: true });
    } finally {
      await other.close();
    }
  });

  it('names the embedded broker’s TLS port at PUBLIC_URL’s host when it has a certificate and PUBLIC_MQTT_URL is unset', async () => {
    const other = await createTestApp({ database: shared(), env: { PUBLIC_URL: 'https://home.peakwise.example', MQTT_TLS_CERT: '/etc/peakwise/mqtt.crt', MQTT_TLS_KEY: '/etc/peakwise/mqtt.key', MQTT_TLS_PORT: '8884' } });
    try {
      const home = await memberWithHousehold(other);
      const res = await other.app.request('/api/devices', {
        method: 'POST',
        headers: { ...asMember(home.member), 'content-type': 'application/json', origin: 'https://home.peakwise.example' },
        body: JSON.stringify({ externalId: 'shellyplugus-a1b2c3', name: 'Heater', kind: 'smart_plug' }),
      });
      expect(res.status).toBe(201);
      const { credential } = (await res.json()) as { credential: Record<string, unknown> };
      expect(credential).toMatchObject({ mqttHost: 'home.peakwise.example', mqttPort: 8884, mqttTls: true });
    } finally {
      await other.close();
    }
  });

  it('names the embedded broker’s bound port at PUBLIC_URL’s host without PUBLIC_MQTT_URL', async () => {
    const other = await createTestApp({ database: shared(), env: { PUBLIC_URL: 'http://192.168.1.10:3000' }, deviceMqtt: { host: '192.168.1.10', port: 41_883, tls: false } });
    try {
      const home = await memberWithHousehold(other);
      const res = await other.app.request('/api/devices', {
        method: 'POST',
        headers: { ...asMember(home.member), 'content-type': 'application/json', origin: 'http://192.168.1.10:3000' },
        body: JSON.stringify({ externalId: 'plug-1', name: 'Lamp', kind: 'smart_plug' }),
      });
      expect(res.status).toBe(201);
      const { credential } = (await res.json()) as { credential: Record<string, unknown> };
      expect(credential).toMatchObject({ httpEndpoint: 'http://192.168.1.10:3000/api/ingest/readings', mqttHost: '192.168.1.10', mqttPort: 41_883, mqttTls: false });
    } finally {
      await other.close();
    }
  });

  it('says the MQTT password is a JWT, not the token, when Peakwise mints the logins on NATS (a device’s and a household token’s)', async () => {
    // Pairing only signs the JWT: no NATS server is reached, so none runs here (decision 132).
    const operator = makeTestNatsOperator();
    const dir = mkdtempSync(join(tmpdir(), 'peakwise-pairing-jwt-'));
    writeFileSync(join(dir, 'system.creds'), operator.systemCreds);
    const other = await createTestApp({
      database: shared(),
      env: {
        MQTT_URL: 'mqtt://127.0.0.1:1883',
        MQTT_PROTOCOL_VERSION: '3.1.1',
        NATS_URL: 'nats://127.0.0.1:4222',
        NATS_ACCOUNT: operator.account,
        NATS_ACCOUNT_SIGNING_SEED: new TextDecoder().decode(operator.accountSigner.getSeed()),
        NATS_OPERATOR_SIGNING_SEED: new TextDecoder().decode(operator.operatorSigner.getSeed()),
        NATS_SYSTEM_CREDS: join(dir, 'system.creds'),
      },
    });
    try {
      const home = await memberWithHousehold(other);
      const res = await other.app.request('/api/devices', {
        method: 'POST',
        headers: { ...asMember(home.member), 'content-type': 'application/json' },
        body: JSON.stringify({ externalId: 'shellyplugus-0a0b0c', name: 'Kettle', kind: 'smart_plug' }),
      });
      expect(res.status).toBe(201);
      const { credential } = (await res.json()) as { credential: { token: string; mqttPassword?: string; mqttPasswordKind: string } };
      expect(credential.mqttPasswordKind).toBe('jwt');
      expect(credential.mqttPassword?.split('.')).toHaveLength(3);
      expect(credential.mqttPassword).not.toBe(credential.token);
      // A household token's dialog is told the same.
      const tokenRes = await other.app.request('/api/household/ingest-tokens', { method: 'POST', headers: { ...asMember(home.member), 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Gateway' }) });
      expect(tokenRes.status).toBe(201);
      const created = (await tokenRes.json()) as { token: string; mqttPassword?: string; mqttPasswordKind: string };
      expect(created.mqttPasswordKind).toBe('jwt');
      expect(created.mqttPassword?.split('.')).toHaveLength(3);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
