import { firstStepsSchema } from '@peakwise/contracts/first-steps.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { dismissChecklist, firstSteps, resendVerificationEmail } from './first-steps.service';

const answer = { description: 'The first-steps checklist', content: { 'application/json': { schema: firstStepsSchema } } };

/** The Dashboard's first-steps checklist (issue 30): each step ticked from the member's own rows. */
export function createFirstStepsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const household = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/dashboard/first-steps',
    tags: ['dashboard'],
    summary: 'The first steps (confirm the email, connect data, event notifications, event opt-in), each done or not',
    middleware: [household] as const,
    responses: { 200: answer },
  });
  const dismiss = signedInRoute({
    method: 'post',
    path: '/api/dashboard/first-steps/dismiss',
    tags: ['dashboard'],
    summary: 'Close the first-steps checklist for good',
    middleware: [household] as const,
    responses: { 200: answer },
  });
  const resend = signedInRoute({
    method: 'post',
    path: '/api/dashboard/first-steps/verification-email',
    tags: ['dashboard'],
    summary: 'Send the account’s confirmation email again',
    middleware: [household] as const,
    responses: {
      204: { description: 'Sent' },
      400: error('better-auth refused to send it'),
      409: error('The email address is already confirmed'),
      429: error('One was sent less than a minute ago'),
    },
  });
  return createRouter()
    .openapi(get, async (c) => c.json(await firstSteps(deps.db, c.var.user.id, c.var.household.id), 200))
    .openapi(dismiss, async (c) => c.json(await dismissChecklist(deps.db, c.var.user.id, c.var.household.id, deps.clock()), 200))
    .openapi(resend, async (c) => {
      await resendVerificationEmail(deps, c.var.user.id, c.req.raw.headers, deps.clock());
      return c.body(null, 204);
    });
}
