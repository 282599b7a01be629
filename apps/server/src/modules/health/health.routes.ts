import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '../../db/client';
import { createRouter } from '../../lib/create-router';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  broker: z.enum(['up', 'down', 'disabled']),
});

const getHealth = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['health'],
  summary: 'Liveness of the API and its database and broker',
  responses: {
    200: { description: 'Serving', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'The database is unreachable', content: { 'application/json': { schema: healthSchema } } },
  },
});

const PING_TIMEOUT_MS = 2_000;

export function createHealthRoutes(deps: { database: Pick<Database, 'ping'>; broker?: { isConnected(): boolean } }) {
  return createRouter().openapi(getHealth, async (c) => {
    const database = await withTimeout(deps.database.ping(), PING_TIMEOUT_MS).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const broker = deps.broker ? (deps.broker.isConnected() ? ('up' as const) : ('down' as const)) : ('disabled' as const);
    const status = database === 'up' && broker !== 'down' ? ('ok' as const) : ('degraded' as const);
    // Load balancers should stop sending traffic without a database; a broker outage only degrades.
    const body = { status, database, broker };
    c.header('Cache-Control', 'no-store');
    return database === 'up' ? c.json(body, 200) : c.json(body, 503);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
