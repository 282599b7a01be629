import { z } from '@hono/zod-openapi';
import { pointsValueCents } from '@peakwise/domain/reward-rules';
import { pointsSummarySchema } from '@peakwise/contracts/events.contract';
import { languageSchema } from '@peakwise/contracts/account.contract';
import { activityQuerySchema } from '@peakwise/contracts/points-ledger.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { findProfile } from '../profile/profile.repository';
import { nextRewardFor } from '../rewards/rewards-catalogue.service';
import { activityCsv, activityPage } from './points-activity.service';
import { memberPoints } from './points.repository';
import { heldPoints } from '../events/event-proof.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const DEFAULT_PAGE = 20;

/** The member's points from the ledger (decision 033): balance, lifetime earned, activity. */
export function createPointsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const points = signedInRoute({
    method: 'get',
    path: '/api/points',
    tags: ['points'],
    summary: 'The member’s points balance, its value, lifetime earned and a page of activity with running balances, from the ledger',
    middleware: [member] as const,
    request: { query: activityQuerySchema },
    responses: { 200: json('Points', pointsSummarySchema), 400: error('Malformed cursor or limit') },
  });
  const csv = signedInRoute({
    method: 'get',
    path: '/api/points/activity.csv',
    tags: ['points'],
    summary: 'All of the member’s activity as CSV, the same rows as the pages, with what was redeemed named in the member’s language',
    middleware: [member] as const,
    responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
  });

  return createRouter()
    .openapi(points, async (c) => {
      const { household } = c.var;
      const { cursor, limit } = c.req.valid('query');
      const [summary, page, held] = await Promise.all([
        memberPoints(deps.db, household.id),
        activityPage(deps.db, household.id, cursor, limit ?? DEFAULT_PAGE),
        heldPoints(deps.db, household, deps.clock()),
      ]);
      return c.json(
        {
          balance: summary.balance,
          valueCents: pointsValueCents(summary.balance),
          lifetimeEarned: summary.lifetimeEarned,
          // Held until the member's cuts are proven (decision 140): outside the balance.
          heldPoints: held,
          nextReward: await nextRewardFor(deps.db, summary.balance),
          activity: page.activity.map((a) => ({ ...a, id: a.entryId })),
          nextCursor: page.nextCursor,
        },
        200,
      );
    })
    .openapi(csv, async (c) => {
      const language = languageSchema.catch('en').parse((await findProfile(deps.db, c.var.user.id))?.language);
      const body = await activityCsv(deps.db, c.var.household.id, language);
      return c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="peakwise-points-activity.csv"' });
    });
}
