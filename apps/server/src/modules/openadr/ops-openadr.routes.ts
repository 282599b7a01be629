import { createRoute, z } from '@hono/zod-openapi';
import { OPENADR_MESSAGES, opsOpenAdrVtnSchema, setOpenAdrProgramMapSchema } from '@peakwise/contracts/openadr.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const staffOnly = operatorOnly('VTN');

/** The operator console's view of the OpenADR VTN connections (decision 104), and the program mapping. Staff only. */
export function createOpsOpenAdrRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const list = createRoute({
    method: 'get',
    path: '/api/ops/openadr',
    tags: ['ops'],
    summary: 'Each OpenADR VTN connection: token and poll times, errors, its programs and the events received',
    middleware: [member, operator] as const,
    responses: { 200: json('VTN connections', z.array(opsOpenAdrVtnSchema)), ...staffOnly },
  });
  const map = createRoute({
    method: 'put',
    path: '/api/ops/openadr/{vtnId}/programs/{vtnProgramId}',
    tags: ['ops'],
    summary: 'Choose the Peakwise program a VTN program’s events feed (null: none)',
    middleware: [member, operator] as const,
    request: {
      params: z.object({ vtnId: z.uuid({ error: OPENADR_MESSAGES.unknownVtn }), vtnProgramId: z.string().regex(/^[a-zA-Z0-9_-]{1,128}$/, OPENADR_MESSAGES.unknownVtnProgram) }),
      body: { content: { 'application/json': { schema: setOpenAdrProgramMapSchema } }, required: true },
    },
    responses: { 204: { description: 'Mapped' }, 400: error('Malformed id or program'), ...staffOnly },
  });
  return createRouter()
    .openapi(list, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await opsOpenAdr(deps.db), 200);
    })
    .openapi(map, async (c) => {
      const { vtnId, vtnProgramId } = c.req.valid('param');
      await deps.db.transaction((tx) => mapVtnProgram(tx, vtnId, vtnProgramId, c.req.valid('json').programId, deps.clock()));
      return c.body(null, 204);
    });
}
