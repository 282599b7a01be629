import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVAL_MS } from '@peakwise/contracts/ingest.contract';
import { createTestApp, type TestApp } from './test/test-app';
import { createMember, TEST_ORIGIN } from './test/test-session';

// The client lives outside src/ (and outside `tsc -b`): its types exist only once this test has
// generated them from the running server's document (decision 083).
const clientDir = fileURLToPath(new URL('../openapi-client/', import.meta.url));
const generatedFile = `${clientDir}generated/openapi.ts`;
const clientFile = `${clientDir}peakwise-client.ts`;

type Client = unknown;
/** What this test calls in peakwise-client.ts; the file itself is compiled above, against the generated types. */
type ClientModule = {
  peakwiseClient(baseUrl: string, headers: Record<string, string>): Client;
  readBilling(client: Client, statementId: string): Promise<unknown>;
  changeBillReminders(client: Client): Promise<unknown>;
  createTokens(client: Client): Promise<{ personal: string; ingest: string }>;
  readUsageWithToken(client: Client): Promise<{ status: number }>;
  sendMeterReading(client: Client, ts: string): Promise<unknown>;
};

let t: TestApp;
let server: ServerType;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
}, 60_000);

function compileErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from /api/openapi.json by openapi-typescript', () => {
  it(
    'compiles against the document and reads, writes and calls with tokens on the running server',
    async () => {
      const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
      mkdirSync(`${clientDir}generated`, { recursive: true });
      writeFileSync(generatedFile, astToString(await openapiTS(document)));
      expect(compileErrors(clientFile)).toEqual([]);

      // By its path at run time, so `tsc -b` never reads a file whose types it has not generated.
      const client = (await import(/* @vite-ignore */ clientFile)) as ClientModule;
      const member = await createMember(t.app);
      // openapi-fetch sends what the document's session scheme names: the cookie, from our own site.
      const signedIn = client.peakwiseClient(baseUrl, { cookie: member.cookie, origin: TEST_ORIGIN });

      const read = await client.readBilling(signedIn, randomUUID());
      expect(read).toEqual({ status: 200, balanceCents: 0, statementStatus: 404, statementError: 'not_found' });
      expect(await client.changeBillReminders(signedIn)).toEqual({ status: 200, leadDays: 7 });

      const tokens = await client.createTokens(signedIn);
      const withToken = client.peakwiseClient(baseUrl, { authorization: `Bearer ${tokens.personal}` });
      expect(await client.readUsageWithToken(withToken)).toEqual({ status: 200, timeZone: expect.any(String) });
      const meter = client.peakwiseClient(baseUrl, { authorization: `Bearer ${tokens.ingest}` });
      const ts = new Date(Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS - INTERVAL_MS).toISOString();
      expect(await client.sendMeterReading(meter, ts)).toEqual({ status: 200, accepted: 1 });
      // Without its credentials, the generated client gets the 401 the document declares.
      expect((await client.readUsageWithToken(client.peakwiseClient(baseUrl, {}))).status).toBe(401);
    },
    240_000,
  );
});
