import type { PublicConfig } from '@peakwise/contracts/public-config.contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sharedTestDatabase } from '../../test/test-database';
import { createPublicConfigRoutes } from './public-config.routes';

describe('GET /api/public-config', () => {
  // Each test's app has its own config; none writes what another reads, so they share one
  // database instead of starting four (a start is most of such a test's time).
  const database = sharedTestDatabase();
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // The login panel pre-fills the demo's sign-in only where the server offers the demo (decision 082).
  it('says the demo runs when DEMO_ACCOUNT is on (the default outside production), without a session', async () => {
    t = await createTestApp({ database: database() });
    const res = await t.app.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicConfig).demoAccount).toBe(true);
  });

  it('says it does not when DEMO_ACCOUNT=false', async () => {
    t = await createTestApp({ database: database(), env: { DEMO_ACCOUNT: 'false' } });
    const res = await t.app.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicConfig).demoAccount).toBe(false);
  });

  it('names no phone line unless SUPPORT_PHONE is set', async () => {
    t = await createTestApp({ database: database() });
    const res = await t.app.request('/api/public-config');
    expect(((await res.json()) as PublicConfig).supportPhone).toBeNull();
  });

  it('gives the configured phone line (config.test.ts reads SUPPORT_PHONE)', async () => {
    t = await createTestApp({ database: database(), env: { SUPPORT_PHONE: '+1 416 555 0134' } });
    expect(((await (await t.app.request('/api/public-config')).json()) as PublicConfig).supportPhone).toBe('+1 416 555 0134');
  });

  it('answers exactly what it is given', async () => {
    const routes = createPublicConfigRoutes({ demoAccount: false, supportPhone: '+1 416 555 0134' });
    expect(await (await routes.request('/api/public-config')).json()).toEqual({ demoAccount: false, supportPhone: '+1 416 555 0134' });
  });
});
