import { randomBytes } from 'node:crypto';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { SHARED_DEMO_EMAILS } from '@peakwise/contracts/demo-account';
import { AUTH_ERROR_CODES } from '@peakwise/contracts/account.contract';
import { checkPassword } from '@peakwise/domain/password-policy';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import type { AccountEmails } from '../email/account-emails';
import { signUpUserBody, validateSignUp } from './sign-up.hook';

/** Where the verification link lands once followed. */
export const AFTER_VERIFY_PATH = '/app/dashboard';

// Paths that would let one visitor lock everyone else out of the shared demo account.
const DEMO_LOCKED_PATHS = new Set(['/change-password', '/change-email', '/update-user', '/delete-user', '/two-factor/enable', '/set-password']);

const demoLocked = () => APIError.from('FORBIDDEN', { code: AUTH_ERROR_CODES.demoAccountReadOnly, message: 'The demo account cannot be changed.' });

function failOnWeakPassword(password: unknown, who: { email: string; name: string }) {
  const problem = checkPassword(typeof password === 'string' ? password : '', who);
  if (problem) throw APIError.from('BAD_REQUEST', problem);
}

export function createAuthHooks(deps: { emails: AccountEmails; signUpLanguages: Map<string, string>; serviceableProvinces: readonly ProvinceCode[] }) {
  const { emails, signUpLanguages } = deps;

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') {
      const input = validateSignUp(ctx.body, deps.serviceableProvinces);
      const existing = await ctx.context.internalAdapter.findUserByEmail(input.email);
      if (existing) {
        // Same cost as a real sign-up (the hash dominates), same status and body, no cookie;
        // the owner hears about it by email.
        await ctx.context.password.hash(input.password);
        await emails.existingAccountSignUpAttempt(existing.user);
        const now = new Date();
        return ctx.json({ token: null, user: signUpUserBody({ id: randomBytes(16).toString('base64url'), name: input.name, email: input.email, createdAt: now, updatedAt: now }) });
      }
      // The verification email goes out before the profile (and its language) is written.
      if (signUpLanguages.size > 1000) signUpLanguages.clear();
      signUpLanguages.set(input.email, input.language);
      // better-auth merges this body over the request's, skipping nulls: an optional field left
      // empty ("") is taken out of the request itself, so the column stays null.
      const raw = ctx.body as Record<string, unknown>;
      if (input.birthDate === null) delete raw.birthDate;
      if (input.gender === null) delete raw.gender;
      return { context: { body: { ...ctx.body, email: input.email, name: input.name, language: input.language, marketingConsent: input.marketingConsent, postalCode: input.postalCode, callbackURL: AFTER_VERIFY_PATH } } };
    }

    if (ctx.path === '/reset-password') {
      const body = (ctx.body ?? {}) as { token?: unknown; newPassword?: unknown };
      const token = typeof body.token === 'string' ? body.token : typeof ctx.query?.token === 'string' ? ctx.query.token : undefined;
      if (!token) return;
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification) return; // better-auth answers INVALID_TOKEN
      const user = await ctx.context.internalAdapter.findUserById(verification.value);
      if (!user) return;
      if (SHARED_DEMO_EMAILS.has(user.email)) throw demoLocked();
      failOnWeakPassword(body.newPassword, user);
      return;
    }

    if (DEMO_LOCKED_PATHS.has(ctx.path) || ctx.path === '/change-password') {
      const session = await getSessionFromCtx(ctx);
      if (!session) return; // better-auth answers 401
      if (SHARED_DEMO_EMAILS.has(session.user.email)) throw demoLocked();
      if (ctx.path === '/change-password') failOnWeakPassword((ctx.body as { newPassword?: unknown } | undefined)?.newPassword, session.user);
      if (ctx.path === '/set-password') failOnWeakPassword((ctx.body as { newPassword?: unknown } | undefined)?.newPassword, session.user);
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (returned instanceof Error || !returned || typeof returned !== 'object') return;

    if (ctx.path === '/sign-up/email' && 'user' in returned) {
      // The session travels in the HttpOnly cookie only; the body matches the taken-email answer.
      return ctx.json({ token: null, user: signUpUserBody((returned as { user: Parameters<typeof signUpUserBody>[0] }).user) });
    }

    if (ctx.path === '/change-password') {
      const user = ctx.context.session?.user;
      if (user) await emails.passwordChanged(user);
    }
  });

  return { before, after };
}
