import { createRoute, z } from '@hono/zod-openapi';
import { PROGRAM_MESSAGES, programInputSchema, programSchema, programUpdateSchema } from '@peakwise/contracts/event-programs.contract';
import { opsProgramSchema, type OpsProgram } from '@peakwise/contracts/event-programs.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { listProgramsWithReach } from './event-programs.repository';
import { changeProgram, createProgram, getProgram } from './event-programs.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const params = z.object({ id: z.uuid({ error: PROGRAM_MESSAGES.notFound }) });
const staffOnly = operatorOnly('program');

/** The console's programs (decision 103): list with reach, create, read one, edit, pause, resume, end. Staff only. */
export function createOpsProgramsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const list = createRoute({ method: 'get', path: '/api/ops/programs', tags: ['ops'], summary: 'Programs and how many households each reaches', middleware: [member, operator] as const, responses: { 200: json('Programs', z.array(opsProgramSchema)), ...staffOnly } });
  const create = createRoute({
    method: 'post',
    path: '/api/ops/programs',
    tags: ['ops'],
    summary: 'Create a program',
    middleware: [member, operator] as const,
    request: { body: { required: true, content: { 'application/json': { schema: programInputSchema } } } },
    responses: { 201: json('Created', programSchema), 400: error('Invalid program, with a reason per problem'), 409: error('Name taken'), ...staffOnly },
  });
  const get = createRoute({
    method: 'get',
    path: '/api/ops/programs/{id}',
    tags: ['ops'],
    summary: 'One program',
    middleware: [member, operator] as const,
    request: { params },
    responses: { 200: json('Program', programSchema), 400: error('Malformed id'), ...staffOnly },
  });
  const update = createRoute({
    method: 'patch',
    path: '/api/ops/programs/{id}',
    tags: ['ops'],
    summary: 'Edit a program, or pause, resume or end it; events already scheduled keep their terms',
    middleware: [member, operator] as const,
    request: { params, body: { required: true, content: { 'application/json': { schema: programUpdateSchema } } } },
    responses: { 200: json('Changed', programSchema), 400: error('Invalid program, with a reason per problem'), 409: error('Ended, or name taken'), ...staffOnly },
  });

  return createRouter()
    .openapi(list, async (c) => {
      const rows = await listProgramsWithReach(deps.db);
      const body: OpsProgram[] = rows.map((p) => ({ ...p, defaultRewardPoints: p.rewardPoints, defaultTargetPercent: p.targetPercent }));
      return c.json(body, 200);
    })
    .openapi(create, async (c) => c.json(await deps.db.transaction((tx) => createProgram(tx, c.req.valid('json'), deps.clock())), 201))
    .openapi(get, async (c) => c.json(await getProgram(deps.db, c.req.valid('param').id), 200))
    .openapi(update, async (c) => c.json(await deps.db.transaction((tx) => changeProgram(tx, c.req.valid('param').id, c.req.valid('json'), deps.clock())), 200));
}
