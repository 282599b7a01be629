import { cardTokenSchema, tokenizeCardSchema } from '@peakwise/contracts/payments.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { tokenizeSandboxCard } from './sandbox-processor';

/**
 * The embedded sandbox processor's tokenizer (decision 048): the browser posts the card here,
 * never to Peakwise's storage API, and gets back a token with what may be shown. Mounted only
 * when the sandbox is the processor. Signed-in callers only, like a processor's publishable key.
 */
export function createSandboxTokenizerRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const tokenize = signedInRoute({
    method: 'post',
    path: '/api/sandbox-processor/tokens',
    tags: ['sandbox-processor'],
    summary: 'Tokenize a card (the sandbox processor’s own endpoint): keeps brand, last 4 and expiry, never the number or the security code',
    middleware: [requireAuth(deps.auth)] as const,
    request: { body: { content: { 'application/json': { schema: tokenizeCardSchema } }, required: true } },
    responses: {
      201: { description: 'Token', content: { 'application/json': { schema: cardTokenSchema } } },
      400: error('Invalid number (Luhn), expiry, expired card or security code'),
    },
  });
  return createRouter().openapi(tokenize, async (c) => c.json(await tokenizeSandboxCard(deps.db, c.req.valid('json'), deps.clock()), 201));
}
