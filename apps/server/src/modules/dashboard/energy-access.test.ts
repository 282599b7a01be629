import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember } from '../../test/test-session';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';
import { recordLivePower } from '../live/live-power.repository';

const ENERGY_ROUTES = [
  '/api/solar/summary',
  '/api/solar/summary?period=week',
  '/api/usage/summary',
  '/api/usage/history?range=30',
  '/api/usage/export.csv?range=7',
  '/api/dashboard',
  '/api/dashboard/usage?period=7d',
];

const now = new Date('2026-01-15T19:37:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

describe('energy routes: access control', () => {
  it.each(ENERGY_ROUTES)('%s answers 401 without a session (and with a forged cookie)', async (path) => {
    const anonymous = await t.app.request(path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
    expect((await t.app.request(path, { headers: asMember({ cookie: 'better-auth.session_token=forged.value' }) })).status).toBe(401);
  });

  it('a member only ever sees their own household: no route takes a household id', async () => {
    const a = await memberWithHousehold(t, { 'a-plug': 'smart_plug' });
    const b = await memberWithHousehold(t);
    await store(t.database.db, a.household.id, {
      meter: intervals(local('2026-01-15', 10), 12, { productionKwh: 0.1, consumptionKwh: 0.2, gridImportKwh: 0.1 }),
      devices: [{ device: 'a-plug', ts: local('2026-01-15', 14, 25).toISOString(), powerW: 500 }],
    });
    await recordLivePower(t.database.db, a.household.id, { ts: new Date(now.getTime() - 1000), powerW: 3000 }, now);

    const seen = async (member: typeof a.member) => {
      const bodies = await Promise.all(ENERGY_ROUTES.map(async (path) => (await t.app.request(path, { headers: asMember(member) })).text()));
      return bodies.join('\n');
    };
    const asA = await seen(a.member);
    const asB = await seen(b.member);
    expect(asA).toContain(a.devices['a-plug']!.id);
    expect(asA).toContain('"currentPowerKw":3');
    expect(asB).not.toContain(a.household.id);
    expect(asB).not.toContain(a.devices['a-plug']!.id);
    expect(asB).toContain('"currentPowerKw":null');
    expect(asB).toContain('"totalKwh":null');
    // Someone else's household id in the query string changes nothing.
    const probe = await t.app.request(`/api/usage/history?range=7&householdId=${a.household.id}`, { headers: asMember(b.member) });
    expect(((await probe.json()) as { totalKwh: unknown }).totalKwh).toBeNull();
  });
});
