import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '@peakwise/contracts/member-api.contract';
import { createClock } from './lib/clock';
import { setOperator } from './modules/auth/user-role.repository';
import { createTestApp, type TestApp } from './test/test-app';
import { asMember, createMember, TEST_ORIGIN } from './test/test-session';

type Operation = { security?: Record<string, string[]>[]; requestBody?: { content: Record<string, unknown> } };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const SECRET = 'a-provider-secret-0123456789';
let t: TestApp;
let document: Document;
beforeAll(async () => {
  // Every optional route on, the test clock's included, so every operation is checked.
  t = await createTestApp({ env: { PAYOUT_WEBHOOK_SECRET: SECRET, SMS_INBOUND_SECRET: SECRET }, testClock: createClock() });
  document = (await (await t.app.request('/api/openapi.json')).json()) as Document;
}, 180_000);
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, path: template.replace(/\{[^}]+\}/g, randomUUID()), operation })),
  );
const call = (method: string, path: string, headers: Record<string, string>) => t.app.request(path, { method, headers: { origin: TEST_ORIGIN, ...headers } });

describe('the OpenAPI document’s security is what each route enforces', () => {
  it('every operation declares its security, and a request without credentials gets 401 exactly where it is not []', async () => {
    const wrong: string[] = [];
    for (const { method, template, path, operation } of operations()) {
      if (!Array.isArray(operation.security)) wrong.push(`${method} ${template}: no security`);
      const status = (await call(method, path, {})).status;
      const isPublic = operation.security?.length === 0;
      if ((status === 401) === isPublic) wrong.push(`${method} ${template}: ${status} without credentials, declared ${JSON.stringify(operation.security)}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('a member who is not an operator gets 404 on every route that names the operator role, and an operator does not', async () => {
    const member = await createMember(t.app);
    const operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    const staffOnly = operations().filter(({ operation }) => operation.security?.some((requirement) => requirement.session?.includes('operator')));
    expect(staffOnly.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { method, template, path } of staffOnly) {
      const asMemberStatus = (await call(method, path, asMember(member))).status;
      if (asMemberStatus !== 404) wrong.push(`${method} ${template}: ${asMemberStatus} for a member`);
      // A list (no id in the path) is found by an operator (a search may still want its query).
      if (method === 'GET' && !template.includes('{')) {
        const asOperatorStatus = (await call(method, path, asMember(operator))).status;
        if (asOperatorStatus === 401 || asOperatorStatus === 404) wrong.push(`${method} ${template}: ${asOperatorStatus} for an operator`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('a personal API token with every scope is refused exactly where its scheme is not declared', async () => {
    const member = await createMember(t.app);
    const created = await t.app.request('/api/member-api/tokens', { method: 'POST', headers: asMember(member), body: JSON.stringify({ label: 'all', scopes: API_TOKEN_SCOPES }) });
    const { token } = (await created.json()) as { token: string };
    const wrong: string[] = [];
    for (const { method, template, path, operation } of operations()) {
      if (template === '/api/live') continue; // a stream that never ends; its token rule is the same table
      const res = await call(method, path, { authorization: `Bearer ${token}` });
      const refused = res.status === 403 && ((await res.json()) as { error: { code: string } }).error.code === 'token_not_allowed';
      const declared = operation.security?.some((requirement) => 'memberToken' in requirement) ?? false;
      if (refused === declared) wrong.push(`${method} ${template}: ${res.status}, memberToken declared: ${declared}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('declares the bodies handlers read themselves, and the server it is served from', () => {
    const bodyOf = (method: string, path: string) => Object.keys(document.paths[path]?.[method]?.requestBody?.content ?? {});
    expect(bodyOf('post', '/api/ingest/readings')).toEqual(['application/json']);
    expect(bodyOf('post', '/api/green-button/import')).toEqual(['multipart/form-data', 'application/xml', 'application/atom+xml']);
    expect(bodyOf('post', '/api/payments/webhook')).toEqual(['application/json']);
    expect(bodyOf('put', '/api/ops/rewards/items/{id}/image')).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
  });
});
