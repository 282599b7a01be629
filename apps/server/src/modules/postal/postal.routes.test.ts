import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTAL_CODE_INVALID_MESSAGE } from '@peakwise/contracts/postal.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sharedTestDatabase } from '../../test/test-database';

// Offline (no geocoder) a lookup neither reads nor writes the database, so both configs' apps
// share one instead of starting two (a start is most of an app's setup).
const database = sharedTestDatabase();

describe('GET /api/postal-codes/{code} (offline)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: database() });
  });
  afterAll(() => t.close());

  const check = (code: string) => t.app.request(`/api/postal-codes/${encodeURIComponent(code)}`);

  it.each([
    ['M5V 3L9', { postalCode: 'M5V 3L9', city: 'Toronto', province: 'ON', isServiceable: true }],
    ['m5v-3l9', { postalCode: 'M5V 3L9', city: 'Toronto', province: 'ON', isServiceable: true }],
    ['v6b1a1', { postalCode: 'V6B 1A1', city: 'Vancouver', province: 'BC', isServiceable: true }],
    ['H2X 1Y4', { postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', isServiceable: true }],
    ['T2P 1J9', { postalCode: 'T2P 1J9', city: 'Calgary', province: 'AB', isServiceable: true }],
  ])('%s is served', async (code, expected) => {
    const res = await check(code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('R3C 4T3 is in Manitoba and not served', async () => {
    const res = await check('R3C 4T3');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postalCode: 'R3C 4T3', city: 'Winnipeg', province: 'MB', isServiceable: false });
  });

  it.each(['12345', 'D1A1A1', 'W1A1A1', 'M5V 3L9X', 'M5V', 'ZZZ ZZZ', 'M5V 3L'])('%s is rejected with the spec message', async (code) => {
    const res = await check(code);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_postal_code', message: 'Please enter a valid postal code (e.g., A1A 1A1)' },
    });
  });

  it('uses the shared contract message', () => {
    expect(POSTAL_CODE_INVALID_MESSAGE).toBe('Please enter a valid postal code (e.g., A1A 1A1)');
  });
});

describe('GET /api/postal-codes/{code} with SERVICEABLE_PROVINCES=MB', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: database(), env: { SERVICEABLE_PROVINCES: 'MB' } });
  });
  afterAll(() => t.close());

  it('serves Manitoba and no longer Ontario', async () => {
    const winnipeg = await t.app.request('/api/postal-codes/R3C4T3');
    expect(await winnipeg.json()).toMatchObject({ province: 'MB', isServiceable: true });
    const toronto = await t.app.request('/api/postal-codes/M5V3L9');
    expect(await toronto.json()).toMatchObject({ province: 'ON', isServiceable: false });
  });
});
