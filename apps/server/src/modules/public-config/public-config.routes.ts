import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema, type PublicConfig } from '@peakwise/contracts/public-config.contract';
import { createRouter } from '../../lib/create-router';

const getPublicConfig = createRoute({
  method: 'get',
  path: '/api/public-config',
  tags: ['public'],
  summary: 'What the browser needs before sign-in: whether the shared demo runs here, and the support line if one is configured',
  responses: { 200: { description: 'Public configuration', content: { 'application/json': { schema: publicConfigSchema } } } },
});

/**
 * Public, and the same for every visitor while the server runs: the login panel pre-fills the
 * demo's sign-in only where it works (decision 082), and Help shows a phone only when one is set.
 */
export function createPublicConfigRoutes(config: PublicConfig) {
  return createRouter().openapi(getPublicConfig, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(config, 200);
  });
}
