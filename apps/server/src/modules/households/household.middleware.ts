import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { guardedBy, SESSION_SCHEME } from '../../lib/route-security';
import type { Auth } from '../auth/auth';
import { requireAuth, type AuthVariables } from '../auth/require-auth.middleware';
import type { SessionMemo } from '../auth/session-cache';
import { ensureHouseholdForUser } from './household.service';
import type { Household } from './household.repository';

export type HouseholdVariables = AuthVariables & { household: Household };
export type HouseholdEnv = { Variables: HouseholdVariables };

/**
 * For every route about the member's own household: answers 401 without a session, otherwise
 * sets `c.var.household` once per request. The household is made with the account (decision
 * 051), so this only reads it; an account from before that still gets its household here, on
 * its first request. No household route takes a household id from the request.
 */
export function requireHousehold(deps: { auth: Auth; db: Db }): MiddlewareHandler<HouseholdEnv> {
  const auth = requireAuth(deps.auth) as unknown as MiddlewareHandler<HouseholdEnv>;
  return guardedBy<HouseholdEnv>(
    (c, next) =>
      auth(c, async () => {
        if (!c.var.household) c.set('household', await householdOf(deps.db, c.var.user.id, c.var.sessionMemo));
        await next();
      }),
    { scheme: SESSION_SCHEME },
  );
}

const HOUSEHOLD_MEMO = 'household';

/**
 * Kept with the cached session: the household row changes only through the member's API writes,
 * which clear every process's session cache (decisions 027, 072), so a screen read costs no
 * household query while its session is cached — a third of a chart read's database round trips.
 */
async function householdOf(db: Db, userId: string, memo: SessionMemo | undefined): Promise<Household> {
  const kept = memo?.get(HOUSEHOLD_MEMO) as Household | undefined;
  if (kept && kept.ownerUserId === userId) return kept;
  const household = await ensureHouseholdForUser(db, userId);
  memo?.set(HOUSEHOLD_MEMO, household);
  return household;
}
