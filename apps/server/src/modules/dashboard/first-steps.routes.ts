import { z } from '@hono/zod-openapi';
import { firstStepsSchema } from '@peakwise/contracts/first-steps.contract';
import { FREE_PLUG_MESSAGES, orderFreePlugSchema } from '@peakwise/contracts/free-plug-order.contract';
import { IDEMPOTENCY_KEY_PATTERN } from '@peakwise/contracts/rewards.contract';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import type { HomeService } from '../households/household-home.service';
import { requireHousehold } from '../households/household.middleware';
import { orderFreePlug, skipTheFreePlug } from '../rewards/free-plug.service';
import { dismissChecklist, firstSteps, resendVerificationEmail } from './first-steps.service';

const answer = { description: 'The first-steps checklist', content: { 'application/json': { schema: firstStepsSchema } } };

/** The Dashboard's first-steps checklist (issue 30): each step ticked from the member's own rows. */
export function createFirstStepsRoutes(deps: { auth: Auth; db: Db; clock: () => Date; serviceableProvinces: readonly ProvinceCode[]; home: HomeService }) {
  const household = requireHousehold(deps);
  const get = signedInRoute({
    method: 'get',
    path: '/api/dashboard/first-steps',
    tags: ['dashboard'],
    summary: 'The first steps (confirm the email, the free plug, connect data, event notifications, event opt-in), each done or not, and the free plug’s status',
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
  const order = signedInRoute({
    method: 'post',
    path: '/api/dashboard/first-steps/free-plug',
    tags: ['dashboard'],
    summary: 'Order the household’s free smart plug to a Canadian address in a served province; a home without a postal code takes the address’s. The Idempotency-Key header makes a retry answer the same order',
    middleware: [household] as const,
    request: {
      headers: z.object({ 'idempotency-key': z.string({ error: FREE_PLUG_MESSAGES.keyReused }).regex(IDEMPOTENCY_KEY_PATTERN, { error: FREE_PLUG_MESSAGES.keyReused }) }),
      body: { content: { 'application/json': { schema: orderFreePlugSchema } }, required: true },
    },
    responses: {
      201: { ...answer, description: 'Ordered: the checklist with the plug’s status' },
      200: { ...answer, description: 'The order this key already made' },
      400: error('Invalid key or address, or a province Peakwise does not serve'),
      403: error('An address on the shared demo account (decision 082)'),
      409: error('The household’s free plug is already ordered, or the key names another order'),
      410: error('Free plugs are not on offer right now'),
    },
  });
  const skip = signedInRoute({
    method: 'post',
    path: '/api/dashboard/first-steps/free-plug/skip',
    tags: ['dashboard'],
    summary: '“I already have a plug”: tick the free-plug step as skipped',
    middleware: [household] as const,
    responses: { 200: answer, 409: error('The household’s free plug is already ordered') },
  });
  return createRouter()
    .openapi(get, async (c) => c.json(await firstSteps(deps.db, c.var.user.id, c.var.household.id), 200))
    .openapi(dismiss, async (c) => c.json(await dismissChecklist(deps.db, c.var.user.id, c.var.household.id, deps.clock()), 200))
    .openapi(order, async (c) => {
      // A visitor's address would be shown to the next visitor of the shared demo.
      refuseOnSharedDemo(c.var.user);
      const member = { userId: c.var.user.id, householdId: c.var.household.id };
      const input = c.req.valid('json');
      const { created } = await orderFreePlug(deps, member, c.req.valid('header')['idempotency-key'], input);
      // A home with no place yet is where its plug goes (the form says so): its province, zone and
      // plan follow, as when set in Settings. After the order, so a refused order changes nothing;
      // a retry with the same key sets it if this failed.
      if (c.var.household.postalCode === null) await deps.home.update(member.userId, c.var.household, { postalCode: input.shippingAddress.postalCode });
      const steps = await firstSteps(deps.db, member.userId, member.householdId);
      return created ? c.json(steps, 201) : c.json(steps, 200);
    })
    .openapi(skip, async (c) => {
      await skipTheFreePlug(deps.db, c.var.household.id, deps.clock());
      return c.json(await firstSteps(deps.db, c.var.user.id, c.var.household.id), 200);
    })
    .openapi(resend, async (c) => {
      await resendVerificationEmail(deps, c.var.user.id, c.req.raw.headers, deps.clock());
      return c.body(null, 204);
    });
}
