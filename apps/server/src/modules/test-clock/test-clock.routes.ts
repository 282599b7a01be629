import type { z } from '@hono/zod-openapi';
import { createRoute } from '@hono/zod-openapi';
import { setTestClockSchema, testClockSchema, type TestClock } from '@peakwise/contracts/test-clock.contract';
import type { Db } from '../../db/client';
import type { AdjustableClock } from '../../lib/clock';
import { createRouter, errorResponse as error, operatorOnly } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { requireOperator } from '../auth/require-operator.middleware';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const staffOnly = operatorOnly('clock');

const view = (clock: AdjustableClock): TestClock => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });

/**
 * Reads and moves the server's clock (decision 050). Mounted only when the test-clock setting is
 * on, which the configuration refuses in production; operators only even then.
 */
export function createTestClockRoutes(deps: { auth: Auth; db: Db; clock: AdjustableClock }) {
  const member = requireAuth(deps.auth);
  const operator = requireOperator(deps.db);
  const read = createRoute({
    method: 'get',
    path: '/api/ops/clock',
    tags: ['ops'],
    summary: 'The server’s clock and how far ahead of real time it runs (test clock only)',
    middleware: [member, operator] as const,
    responses: { 200: json('Clock', testClockSchema), ...staffOnly },
  });
  const set = createRoute({
    method: 'put',
    path: '/api/ops/clock',
    tags: ['ops'],
    summary: 'Runs the server’s clock this far ahead of real time; 0 returns it to real time (test clock only)',
    middleware: [member, operator] as const,
    request: { body: { content: { 'application/json': { schema: setTestClockSchema } }, required: true } },
    responses: { 200: json('Clock', testClockSchema), 400: error('Offset out of range'), ...staffOnly },
  });
  return createRouter()
    .openapi(read, (c) => c.json(view(deps.clock), 200))
    .openapi(set, (c) => {
      deps.clock.setOffsetMs(c.req.valid('json').offsetMs);
      return c.json(view(deps.clock), 200);
    });
}
