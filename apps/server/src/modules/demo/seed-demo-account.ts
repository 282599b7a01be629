import { DEMO_EMAIL, DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_PASSWORD, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import type { Db } from '../../db/client';
import type { Auth } from '../auth/auth';
import { setOperator } from '../auth/user-role.repository';
import { credentialHashOf, findUserByEmail, findUserById, forgetVisitorTraces, putSeededProfile, resetSeededUser } from './seeded-accounts.repository';

export const DEMO_NAME = 'Alex Martin';

/**
 * The demo member the login panel is pre-filled with (docs/product/routes-and-screens.md#log-in-panel).
 * Idempotent: creates the account once, and on every start puts back what a visitor could have
 * changed (password, 2FA, name, language, time zone) and forgets what a visitor left (decision 082). Returns the user id so the demo household can be attached to it.
 */
export async function ensureDemoAccount(deps: { auth: Auth; db: Db }): Promise<string> {
  const { db } = deps;
  const id = await ensureSeededAccount(deps, DEMO_EMAIL, DEMO_NAME, DEMO_PASSWORD);
  await putSeededProfile(db, { id, name: DEMO_NAME, email: DEMO_EMAIL, language: 'en', timeZone: 'America/Toronto' });
  return id;
}

/** The demo operator: the same repair on every start, plus the operator role. */
export async function ensureDemoOperator(deps: { auth: Auth; db: Db }): Promise<string> {
  const id = await ensureSeededAccount(deps, DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_NAME, DEMO_OPERATOR_PASSWORD);
  await setOperator(deps.db, DEMO_OPERATOR_EMAIL);
  return id;
}

const DEMO_OPERATOR_NAME = 'Peakwise Operations';

/** A demo member of another province (decision 103): the same repair on every start. */
export async function ensureDemoNeighbourAccount(deps: { auth: Auth; db: Db }, who: { email: string; name: string; language: 'en' | 'fr'; timeZone: string }): Promise<string> {
  const id = await ensureSeededAccount(deps, who.email, who.name, DEMO_PASSWORD);
  await putSeededProfile(deps.db, { id, name: who.name, email: who.email, language: who.language, timeZone: who.timeZone });
  return id;
}

/** An account with a known password, created once and put back as it was on every start. */
async function ensureSeededAccount(deps: { auth: Auth; db: Db }, email: string, name: string, password: string): Promise<string> {
  const { auth, db } = deps;
  const ctx = await auth.$context;
  let user = await findUserByEmail(db, email);
  if (!user) {
    const created = await ctx.internalAdapter.createUser({ email, name, emailVerified: true });
    await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: await ctx.password.hash(password) });
    user = await findUserById(db, created.id);
  }
  const id = user!.id;
  const hash = await credentialHashOf(db, id);
  if (!hash || !(await ctx.password.verify({ hash, password }))) {
    await ctx.internalAdapter.updatePassword(id, await ctx.password.hash(password));
  }
  await resetSeededUser(db, id, name);
  await forgetVisitorTraces(db, id);
  return id;
}
