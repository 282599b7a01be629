import { z } from '@hono/zod-openapi';
import { consentRecordSchema, consentWordingText } from '@peakwise/contracts/consent-history.contract';
import type { Db } from '../../db/client';
import { createRouter, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { consentHistory } from './consent-history.repository';

/** Far more than a member makes by hand; the privacy export holds them all. */
const HISTORY_LIMIT = 500;

/** What the member agreed to, when, in which language and wording, and each withdrawal (decision 052). */
export function createConsentHistoryRoutes(deps: { auth: Auth; db: Db }) {
  const member = requireAuth(deps.auth);
  const history = signedInRoute({
    method: 'get',
    path: '/api/profile/consents',
    tags: ['account'],
    summary: 'The member’s consent history, newest first, each record with the sentence as it was shown',
    middleware: [member] as const,
    responses: { 200: { description: 'Consent records', content: { 'application/json': { schema: z.array(consentRecordSchema) } } } },
  });
  return createRouter().openapi(history, async (c) => {
    const rows = await consentHistory(deps.db, c.var.user.id, HISTORY_LIMIT);
    return c.json(
      rows.map((r) => ({ ...r, wording: consentWordingText(r) })),
      200,
    );
  });
}
