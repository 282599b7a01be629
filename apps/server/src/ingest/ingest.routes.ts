import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { INGEST_READINGS_PATH, ingestBatchSchema, ingestResultSchema, MAX_BATCH_BYTES } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import { createRouter, documentedOnly, type AppEnv } from '../lib/create-router';
import { errorBody } from '../lib/errors';
import { guardedBy, INGEST_TOKEN_SCHEME } from '../lib/route-security';
import { findCredentialByToken, type IngestPrincipal } from '../modules/devices/ingest-credential.service';
import { ingestReadings } from './ingest.service';

/** Over the API's 1 MB limit, so this route has its own. The token is checked before the body is read. */
export const INGEST_BODY_LIMIT_BYTES = MAX_BATCH_BYTES;

type IngestEnv = AppEnv & { Variables: AppEnv['Variables'] & { principal: IngestPrincipal } };

function requireIngestToken(db: Db): MiddlewareHandler<IngestEnv> {
  return guardedBy<IngestEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const principal = match?.[1] ? await findCredentialByToken(db, match[1]) : null;
    if (!principal) {
      c.header('WWW-Authenticate', 'Bearer realm="peakwise-ingest"');
      return c.json(errorBody('unauthorized', 'A valid ingest token is required.'), 401);
    }
    c.set('principal', principal);
    await next();
  }, { scheme: INGEST_TOKEN_SCHEME });
}

export function createIngestRoutes(deps: { db: Db; now?: () => Date }) {
  const router = createRouter();
  const limit: MiddlewareHandler<IngestEnv> = bodyLimit({
    maxSize: INGEST_BODY_LIMIT_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', 'Request body is too large'), 413),
  });
  const postReadings = createRoute({
    method: 'post',
    path: INGEST_READINGS_PATH,
    tags: ['ingest'],
    summary: 'Send 5-minute readings (Authorization: Bearer <ingest token>); see docs/ingestion.md',
    middleware: [requireIngestToken(deps.db), limit] as const,
    request: {
      // Declared, not validated before the handler: one bad reading is refused on its own, not the batch.
      body: {
        required: true,
        description: 'Meter and device readings, at most 5000. A reading that breaks a rule is refused on its own, in the answer’s `rejected`; the rest are stored.',
        content: { 'application/json': { schema: documentedOnly(ingestBatchSchema) } },
      },
    },
    responses: {
      200: { description: 'What was stored, already stored, and refused', content: { 'application/json': { schema: ingestResultSchema } } },
      400: { description: 'Not a batch', content: { 'application/json': { schema: apiErrorSchema } } },
      401: { description: 'Missing, unknown or revoked token', content: { 'application/json': { schema: apiErrorSchema } } },
      413: { description: 'More than 5000 readings, or a body over 8 MB', content: { 'application/json': { schema: apiErrorSchema } } },
    },
  });
  return router.openapi(postReadings, async (c) => {
    const { principal } = c.var;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(errorBody('invalid_payload', 'The body must be JSON.'), 400);
    }
    const outcome = await ingestReadings(deps.db, principal, body, deps.now?.() ?? new Date());
    if (!outcome.ok) return c.json(errorBody(outcome.reason, outcome.message), outcome.reason === 'batch_too_large' ? 413 : 400);
    c.header('Cache-Control', 'no-store');
    return c.json(outcome.result, 200);
  });
}
