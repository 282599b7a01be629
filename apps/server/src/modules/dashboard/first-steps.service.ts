import { isAPIError } from 'better-auth/api';
import { FIRST_STEPS, VERIFICATION_EMAIL_INTERVAL_MS, type FirstSteps } from '@peakwise/contracts/first-steps.contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import { withSwallowedCause } from '../auth/auth-swallowed-errors';
import { findProfile, findUser } from '../profile/profile.repository';
import { freePlugView } from '../rewards/free-plug.service';
import { dismissFirstSteps, lastVerificationEmailAt, readFirstSteps } from './first-steps.repository';

/** Where the confirmation link lands: back on the Dashboard, where the step now shows done. */
const AFTER_VERIFICATION_PATH = '/app/dashboard';

/** The checklist as the member's rows say it is (issue 30). */
export async function firstSteps(db: DbOrTx, userId: string, householdId: string): Promise<FirstSteps> {
  const row = await readFirstSteps(db, userId, householdId);
  const freePlug = freePlugView(row.freePlugOrder, row.freePlugSkipped);
  const done = { ...row, freePlug: freePlug.status !== 'available' };
  return { steps: FIRST_STEPS.map((id) => ({ id, done: done[id] })), dismissed: row.dismissed, freePlug };
}

export async function dismissChecklist(db: DbOrTx, userId: string, householdId: string, now: Date): Promise<FirstSteps> {
  await dismissFirstSteps(db, userId, now);
  return firstSteps(db, userId, householdId);
}

/**
 * Sends the account's confirmation email again, through the same better-auth send as at sign-up,
 * in the member's language. Refused when the address is already confirmed, and more often than
 * once a minute (each send is an email someone receives).
 */
export async function resendVerificationEmail(deps: { db: Db; auth: Auth }, userId: string, requestHeaders: Headers, now: Date): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user) throw new AppError(404, 'not_found', 'No such member');
  if (user.emailVerified) throw new AppError(409, 'email_already_verified', 'This email address is already confirmed');
  const last = await lastVerificationEmailAt(deps.db, user.email);
  if (last && now.getTime() - last.getTime() < VERIFICATION_EMAIL_INTERVAL_MS) {
    throw new AppError(429, 'verification_email_too_soon', 'A confirmation email was sent less than a minute ago');
  }
  const headers = new Headers(requestHeaders);
  headers.set('accept-language', (await findProfile(deps.db, userId))?.language ?? 'en');
  try {
    await withSwallowedCause(() => deps.auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL: AFTER_VERIFICATION_PATH }, headers }));
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw new AppError(400, 'verification_email_failed', error.body?.message ?? 'The confirmation email could not be sent');
    throw error;
  }
}
