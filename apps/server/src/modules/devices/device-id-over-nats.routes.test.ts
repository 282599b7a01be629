import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesOverviewSchema } from '@peakwise/contracts/devices.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { memberWithHousehold } from '../energy/energy.test-helper';

/*
 * NATS Server's MQTT listener drops a client that publishes a topic holding a dot (decision 117),
 * and a device's id is a level of its topics: on NATS such an id is refused at pairing.
 */

let nats: TestApp;
let mosquittoLike: TestApp;
beforeAll(async () => {
  nats = await createTestApp({ env: { MQTT_URL: 'mqtt://nats.internal:1883', NATS_URL: 'nats://nats.internal:4222' } });
  mosquittoLike = await createTestApp({ env: { MQTT_URL: 'mqtt://mosquitto.internal:1883' } });
});
afterAll(async () => {
  await nats.close();
  await mosquittoLike.close();
});

const pair = (t: TestApp, member: Member, externalId: string) =>
  t.app.request('/api/devices', { method: 'POST', headers: asMember(member), body: JSON.stringify({ externalId, name: 'Lamp', kind: 'smart_plug' }) });
const deviceCount = async (t: TestApp, member: Member) => devicesOverviewSchema.parse(await (await t.app.request('/api/devices', { headers: asMember(member) })).json()).devices.length;

describe('a device id on a NATS broker', () => {
  it('refuses an id with a dot, pairing nothing, and pairs one without', async () => {
    const home = await memberWithHousehold(nats);
    const before = await deviceCount(nats, home.member);
    const refused = await pair(nats, home.member, 'plug.kitchen');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'device_id_has_dot_for_broker' } });
    expect(await deviceCount(nats, home.member)).toBe(before);
    expect((await pair(nats, home.member, 'plug:kitchen')).status).toBe(201);
  });

  it('takes the same id on a broker that carries dots', async () => {
    const home = await memberWithHousehold(mosquittoLike);
    expect((await pair(mosquittoLike, home.member, 'plug.kitchen')).status).toBe(201);
  });
});
