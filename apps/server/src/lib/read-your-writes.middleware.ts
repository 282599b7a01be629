import type { MiddlewareHandler } from 'hono';
import type { ReadDb } from '../db/replica-reads';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The household and member a request acts for, as far as its route's middleware found them. */
export function readOwners(vars: { household?: { id: string } | undefined; user?: { id: string } | undefined }): string[] {
  return [vars.household?.id, vars.user?.id].filter((id): id is string => id !== undefined);
}

/**
 * After a member's accepted write (any non-GET that did not fail), their next screen reads must
 * see it (decision 123): the primary's WAL position is noted for their household and themselves
 * before the answer leaves, so the replica serves them again only once it has replayed that far.
 * A refused write (4xx, 5xx) changed nothing worth waiting for.
 */
export function readYourWrites(reads: ReadDb): MiddlewareHandler {
  if (!reads.replicated) return (_c, next) => next();
  return async (c, next) => {
    await next();
    if (READS.has(c.req.method) || c.res.status >= 400) return;
    const owners = readOwners(c.var as Parameters<typeof readOwners>[0]);
    if (owners.length > 0) await reads.wrote(owners);
  };
}
