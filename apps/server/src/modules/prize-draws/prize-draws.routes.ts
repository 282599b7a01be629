import { createRoute, z } from '@hono/zod-openapi';
import { prizeDrawSchema, prizeDrawsSchema } from '@peakwise/contracts/prize-draws.contract';
import { MONTHLY_BONUS_POINTS, PRIZE_DRAW_POINTS } from '@peakwise/domain/payout-rules';
import { nextPrizeWeek, prizeWeekOf } from '@peakwise/domain/prize-draw';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly, signedInRoute } from '../../lib/create-router';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { requireHousehold } from '../households/household.middleware';
import { drawEntries, findDraw, householdEntries, listDraws } from './prize-draws.repository';
import { drawView } from './prize-draws.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const RECENT = 8;
const NOT_DRAWN = 'No such drawn prize draw.';

/** The weekly prize draw as members see it, its published entries, and the operators' list (decision 042). */
export function createPrizeDrawsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const overview = signedInRoute({
    method: 'get',
    path: '/api/prize-draws',
    tags: ['rewards'],
    summary: 'This week’s commitment, the last results with their seeds, the member’s entries, and the prize and bonus amounts',
    middleware: [member] as const,
    responses: { 200: json('Prize draws', prizeDrawsSchema) },
  });
  const entries = signedInRoute({
    method: 'get',
    path: '/api/prize-draws/{id}/entries',
    tags: ['rewards'],
    summary: 'A drawn week’s entries, sorted as the rule sorts them, one per line: with the seed, enough to check the winner',
    middleware: [member] as const,
    request: { params: z.object({ id: z.uuid({ error: NOT_DRAWN }) }) },
    responses: { 200: { description: 'Entries', content: { 'text/plain': { schema: z.string() } } }, 400: error('Malformed id'), 404: error('No such draw, or not drawn yet') },
  });
  const ops = createRoute({
    method: 'get',
    path: '/api/ops/prize-draws',
    tags: ['ops'],
    summary: 'Every draw: commitments, and results with the winning household',
    middleware: [requireAuth(deps.auth), requireOperator(deps.db)] as const,
    responses: { 200: json('Draws', z.array(prizeDrawSchema.extend({ winnerHouseholdId: z.string().nullable() }))), ...operatorOnly('draw') },
  });

  return createRouter()
    .openapi(overview, async (c) => {
      const draws = await listDraws(deps.db, RECENT + 2);
      const mine = await householdEntries(deps.db, c.var.household.id, draws.map((d) => d.id));
      const thisWeek = prizeWeekOf(deps.clock()).week;
      const nextWeek = nextPrizeWeek(thisWeek).week;
      const current = draws.find((d) => d.week === thisWeek && d.status === 'committed') ?? draws.find((d) => d.week === nextWeek) ?? null;
      const view = (d: (typeof draws)[number]) => drawView(d, mine.get(d.id) ?? null);
      return c.json(
        {
          current: current ? view(current) : null,
          recent: draws.filter((d) => d.status === 'drawn').slice(0, RECENT).map(view),
          prizePoints: PRIZE_DRAW_POINTS,
          monthlyBonusPoints: MONTHLY_BONUS_POINTS,
        },
        200,
      );
    })
    .openapi(entries, async (c) => {
      const draw = await findDraw(deps.db, c.req.valid('param').id);
      if (!draw || draw.status !== 'drawn') throw new AppError(404, 'not_found', NOT_DRAWN);
      const list = await drawEntries(deps.db, draw.id);
      return c.text(list.map((e) => `${e}\n`).join(''), 200, { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="prize-draw-${draw.week}-entries.txt"` });
    })
    .openapi(ops, async (c) => {
      const draws = await listDraws(deps.db, 52);
      return c.json(draws.map((d) => ({ ...drawView(d, null), winnerHouseholdId: d.status === 'drawn' ? d.winnerHouseholdId : null })), 200);
    });
}
