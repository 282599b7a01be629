import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The login panel pre-fills the demo's sign-in only where the server offers the demo (decision 082).
describe('GET /api/public-config', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says the demo runs when DEMO_ACCOUNT is on (the default outside production), without a session', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ demoAccount: true });
  });

  it('says it does not when DEMO_ACCOUNT=false', async () => {
    t = await createTestApp({ env: { DEMO_ACCOUNT: 'false' } });
    const res = await t.app.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ demoAccount: false });
  });
});
