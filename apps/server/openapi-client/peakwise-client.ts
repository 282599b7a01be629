// Calls to the Peakwise API through a client generated from /api/openapi.json by a third-party
// generator (openapi-typescript, with openapi-fetch), decision 083. openapi-client.test.ts
// generates ./generated/openapi.ts from the running server's document, compiles this file against
// it (strict), then runs these calls against that server: a call the document does not describe,
// or describes wrongly, fails to compile or fails the test.
import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi';

export type PeakwiseClient = ReturnType<typeof createClient<paths>>;

export function peakwiseClient(baseUrl: string, headers: Record<string, string>): PeakwiseClient {
  return createClient<paths>({ baseUrl, headers });
}

/** A signed-in read: the member's billing summary, and a statement asked for by a well-formed `ref` (id + ".pdf"). */
export async function readBilling(client: PeakwiseClient, statementId: string) {
  const summary = await client.GET('/api/billing/summary');
  const statement = await client.GET('/api/billing/statements/{ref}', { params: { path: { ref: `${statementId.toUpperCase()}.pdf` }, query: { lang: 'fr' } } });
  return { status: summary.response.status, balanceCents: summary.data?.balanceCents, statementStatus: statement.response.status, statementError: statement.error?.error.code };
}

/** A write: the member's bill reminders, changed and read back. */
export async function changeBillReminders(client: PeakwiseClient) {
  const written = await client.PUT('/api/billing/preferences', { body: { reminderLeadDays: 7 } });
  const after = await client.GET('/api/billing/preferences');
  return { status: written.response.status, leadDays: after.data?.reminderLeadDays };
}

/** Writes that hand back a token: a personal API token reading usage, and a household ingest token. */
export async function createTokens(client: PeakwiseClient) {
  const personal = await client.POST('/api/member-api/tokens', { body: { label: 'Generated client', scopes: ['usage:read'], expiresInDays: 30 } });
  const ingest = await client.POST('/api/household/ingest-tokens', { body: { label: 'Generated client meter' } });
  if (!personal.data || !ingest.data) throw new Error(`token writes answered ${personal.response.status} and ${ingest.response.status}`);
  return { personal: personal.data.token, ingest: ingest.data.token };
}

/** A personal API token's call: the usage summary, which `usage:read` opens. */
export async function readUsageWithToken(client: PeakwiseClient) {
  const { data, response } = await client.GET('/api/usage/summary');
  return { status: response.status, timeZone: data?.timeZone };
}

/** A meter's call with its ingest token: one 5-minute meter reading. */
export async function sendMeterReading(client: PeakwiseClient, ts: string) {
  const { data, response } = await client.POST('/api/ingest/readings', {
    body: { meter: [{ ts, productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 }] },
  });
  return { status: response.status, accepted: data?.accepted };
}

/** What the generated types refuse: each line below must fail to compile, or the types describe nothing. */
export function refusedByTheTypes(client: PeakwiseClient) {
  // @ts-expect-error an operation the document does not have
  void client.GET('/api/no-such-route');
  // @ts-expect-error the batch's readings are objects, not numbers
  void client.POST('/api/ingest/readings', { body: { meter: [1] } });
  // @ts-expect-error a statement needs its ref
  void client.GET('/api/billing/statements/{ref}', { params: { path: {} } });
}
