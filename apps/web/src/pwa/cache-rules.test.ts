import { describe, expect, it } from 'vitest';
import {
  dataCacheName,
  isCacheableApiRead,
  isNeverCached,
  isShellRequest,
  isStorableApiResponse,
  memberCacheFor,
  offlineDataCache,
} from './cache-rules';

const origin = 'https://peakwise.example';
const get = (path: string, extra: Partial<Parameters<typeof isCacheableApiRead>[0]> = {}) => ({ method: 'GET', url: origin + path, origin, ...extra });

describe('which requests the worker keeps for offline use', () => {
  it.each([
    '/api/dashboard',
    '/api/dashboard/usage?period=week',
    '/api/dashboard/alerts',
    '/api/household/home',
    '/api/solar/summary?period=day',
    '/api/usage/summary',
    '/api/usage/history?range=30',
    '/api/maintenance?range=90',
    '/api/plumbing?range=7',
    '/api/devices',
    '/api/events/next',
    '/api/events/3f1c2a',
    '/api/billing/summary',
    '/api/points',
    '/api/rewards/catalogue',
  ])('keeps the screen read GET %s', (path) => {
    expect(isCacheableApiRead(get(path))).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])('never a %s, even to a screen read path', (method) => {
    expect(isCacheableApiRead(get('/api/dashboard', { method }))).toBe(false);
  });

  it.each([
    '/api/auth/get-session',
    '/api/auth/sign-out',
    '/api/live',
    '/api/billing/payments',
    '/api/billing/payment-methods',
    '/api/billing/autopay',
    '/api/rewards/orders',
    '/api/cash-outs',
    '/api/cash-outs/rules',
    '/api/privacy-exports',
    '/api/sessions',
    '/api/ops/events',
    '/api/usage/export.csv?range=30',
    '/api/billing/statements/abc.pdf',
    '/api/points/activity.csv',
  ])('never auth, the live stream, money, exports or the console: %s', (path) => {
    expect(isCacheableApiRead(get(path))).toBe(false);
    expect(isNeverCached(new URL(path, origin).pathname)).toBe(true);
  });

  it('keeps nothing outside the allow-list, such as a route added later', () => {
    expect(isCacheableApiRead(get('/api/profile'))).toBe(false);
    expect(isCacheableApiRead(get('/api/something-new'))).toBe(false);
    expect(isNeverCached('/api/profile')).toBe(false);
  });

  it('honours a no-store the page puts on its request, and never keeps part of an answer', () => {
    expect(isCacheableApiRead(get('/api/dashboard', { cacheControl: 'no-store' }))).toBe(false);
    expect(isCacheableApiRead(get('/api/dashboard', { cacheControl: 'max-age=0, no-store' }))).toBe(false);
    expect(isCacheableApiRead(get('/api/dashboard', { cacheControl: 'no-cache' }))).toBe(true);
    expect(isCacheableApiRead(get('/api/dashboard', { hasRange: true }))).toBe(false);
  });

  it('never another origin, even with the same path', () => {
    expect(isCacheableApiRead({ method: 'GET', url: 'https://elsewhere.example/api/dashboard', origin })).toBe(false);
    expect(isShellRequest({ method: 'GET', url: 'https://elsewhere.example/assets/x.js', origin })).toBeNull();
  });
});

describe('which answers are kept', () => {
  it('only a whole successful JSON answer from our origin', () => {
    expect(isStorableApiResponse({ status: 200, type: 'basic', contentType: 'application/json; charset=UTF-8' })).toBe(true);
    expect(isStorableApiResponse({ status: 206, type: 'basic', contentType: 'application/json' })).toBe(false);
    expect(isStorableApiResponse({ status: 401, type: 'basic', contentType: 'application/json' })).toBe(false);
    expect(isStorableApiResponse({ status: 503, type: 'basic', contentType: 'application/json' })).toBe(false);
    expect(isStorableApiResponse({ status: 200, type: 'opaque', contentType: 'application/json' })).toBe(false);
    expect(isStorableApiResponse({ status: 200, type: 'basic', contentType: 'text/html' })).toBe(false);
    expect(isStorableApiResponse({ status: 200, type: 'basic', contentType: null })).toBe(false);
  });
});

describe('the app shell', () => {
  it('tells page navigations from files, and leaves the API and non-GETs out', () => {
    expect(isShellRequest({ ...get('/app/dashboard'), mode: 'navigate' })).toBe('navigation');
    expect(isShellRequest({ ...get('/assets/index-abc.js'), mode: 'cors' })).toBe('asset');
    expect(isShellRequest({ ...get('/api/dashboard'), mode: 'navigate' })).toBeNull();
    expect(isShellRequest({ ...get('/assets/index-abc.js'), method: 'POST' })).toBeNull();
  });
});

describe('whose cache an answer goes into, and which answers offline', () => {
  const alice = dataCacheName('alice');
  const bob = dataCacheName('bob');
  const shell = 'peakwise-shell-0123456789ab';

  it('the member the page names, when theirs is the one data cache', () => {
    expect(memberCacheFor('alice', [shell, alice])).toBe(alice);
  });

  it('nowhere when the page names nobody, someone else, or no single member owns the data', () => {
    expect(memberCacheFor(null, [shell, alice])).toBeNull();
    expect(memberCacheFor('bob', [shell, alice])).toBeNull();
    expect(memberCacheFor('alice', [shell])).toBeNull();
    expect(memberCacheFor('alice', [shell, alice, bob])).toBeNull();
  });

  it('offline, only a single member’s data cache answers', () => {
    expect(offlineDataCache([shell, alice])).toBe(alice);
    expect(offlineDataCache([shell])).toBeNull();
    expect(offlineDataCache([shell, alice, bob])).toBeNull();
  });
});
