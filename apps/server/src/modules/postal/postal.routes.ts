import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { postalCheckResultSchema } from '@peakwise/contracts/postal.contract';
import { createRouter } from '../../lib/create-router';
import type { PostalService } from './postal.service';

const checkPostalCode = createRoute({
  method: 'get',
  path: '/api/postal-codes/{code}',
  tags: ['postal'],
  summary: 'Check whether Peakwise serves a Canadian postal code',
  request: {
    // Any text is accepted here so the domain rules, not the schema, produce the spec's message.
    params: z.object({ code: z.string().openapi({ example: 'M5V 3L9' }) }),
  },
  responses: {
    200: { description: 'Place and serviceability', content: { 'application/json': { schema: postalCheckResultSchema } } },
    400: { description: 'Not a valid postal code', content: { 'application/json': { schema: apiErrorSchema } } },
  },
});

// The answer for a code only changes when the serviceable provinces are reconfigured.
const CACHE_CONTROL = 'public, max-age=86400';

export function createPostalRoutes(service: PostalService) {
  return createRouter().openapi(checkPostalCode, async (c) => {
    const result = await service.check(c.req.valid('param').code);
    return c.json(result, 200, { 'Cache-Control': CACHE_CONTROL });
  });
}
