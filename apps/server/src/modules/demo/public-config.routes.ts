import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema, type PublicConfig } from '@peakwise/contracts/public-config.contract';
import { createRouter } from '../../lib/create-router';

/**
 * Whether this server offers the shared demo, so the login panel pre-fills the demo's sign-in only
 * where it works (decision 082). Public: the demo's sign-in is published wherever it runs.
 */
export function createPublicConfigRoutes(deps: { demoAccount: boolean }) {
  const config = createRoute({
    method: 'get',
    path: '/api/public-config',
    tags: ['demo'],
    summary: 'Whether this server offers the shared demo account',
    responses: { 200: { description: 'Public configuration', content: { 'application/json': { schema: publicConfigSchema } } } },
  });
  const body: PublicConfig = { demoAccount: deps.demoAccount };
  return createRouter().openapi(config, (c) => c.json(body, 200));
}
