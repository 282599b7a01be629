import { createRoute } from '@hono/zod-openapi';
import { SUPPORT_EMAIL, supportContactSchema } from '@peakwise/contracts/support-contact.contract';
import { createRouter } from '../../lib/create-router';

const getSupportContact = createRoute({
  method: 'get',
  path: '/api/support-contact',
  tags: ['support'],
  summary: 'How to reach support: the e-mail address, and the phone line when one is configured',
  responses: { 200: { description: 'Support contact', content: { 'application/json': { schema: supportContactSchema } } } },
});

/** Public: the Help page shows it on the public site and in the portal. */
export function createSupportContactRoutes(deps: { supportPhone: string | null }) {
  return createRouter().openapi(getSupportContact, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ phone: deps.supportPhone, email: SUPPORT_EMAIL }, 200);
  });
}
