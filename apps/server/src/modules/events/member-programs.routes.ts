import type { z } from '@hono/zod-openapi';
import { memberProgramsSchema, programStartNoticeSchema } from '@peakwise/contracts/event-programs.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { askToBeToldOfPrograms, memberPrograms } from './member-programs.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const answer = json('The programs covering the member’s home', memberProgramsSchema);

/** A member's Programs page (decision 103): what covers their home, or why nothing does yet. */
export function createMemberProgramsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const list = signedInRoute({ method: 'get', path: '/api/programs', tags: ['events'], summary: 'The programs covering the home, what each asks and pays', middleware: [member] as const, responses: { 200: answer } });
  const notice = signedInRoute({
    method: 'put',
    path: '/api/programs/start-notice',
    tags: ['events'],
    summary: 'Ask (or stop asking) to be told when a program starts covering the home',
    middleware: [member] as const,
    request: { body: { required: true, content: { 'application/json': { schema: programStartNoticeSchema } } } },
    responses: { 200: answer, 400: error('Invalid body') },
  });
  return createRouter()
    .openapi(list, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await memberPrograms(deps.db, c.var.household, deps.clock()), 200);
    })
    .openapi(notice, async (c) => {
      const { notify } = c.req.valid('json');
      return c.json(await deps.db.transaction((tx) => askToBeToldOfPrograms(tx, c.var.household, notify, c.var.user.id, deps.clock())), 200);
    });
}
