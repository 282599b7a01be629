import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSupportContactRoutes } from './support-contact.routes';

describe('GET /api/support-contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names no phone line unless SUPPORT_PHONE is set, and answers without a session', async () => {
    const res = await t.app.request('/api/support-contact');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ phone: null, email: 'support@peakwise.ca' });
  });

  it('gives the configured phone line (config.test.ts reads SUPPORT_PHONE)', async () => {
    const routes = createSupportContactRoutes({ supportPhone: '+1 416 555 0134' });
    expect(await (await routes.request('/api/support-contact')).json()).toEqual({ phone: '+1 416 555 0134', email: 'support@peakwise.ca' });
  });
});
