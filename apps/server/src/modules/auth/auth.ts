import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { languageSchema } from '@peakwise/contracts/account.contract';
import type { Database } from '../../db/client';
import { authSchema } from '../../db/schema/auth.schema';
import { findUser } from '../profile/profile.repository';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';
import type { Config } from '../../lib/config';
import { isPoolExhausted } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { AccountEmails } from '../email/account-emails';
import { ensureHouseholdForUser } from '../households/household.service';
import { createProfile, recordFirstSession, recordMarketingConsent, syncProfileFromUser } from '../profile/profile.repository';
import { createAuthHooks } from './auth-hooks';
import { noteSwallowedAuthError } from './auth-swallowed-errors';
import { isSharedDemo } from './shared-demo';
import { createPasswordHasher } from './password-hasher';
import { withHashedSessionTokens } from './session-token-hashing';
import { socialProviderConfigs } from './social-providers';

const DAY_SECONDS = 24 * 60 * 60;

/** Where OAuth failures land: the home page with the login panel open and `error=<code>`. */
/** The secret sessions are signed with; other signed links (unsubscribe) derive their keys from it. */
export function authSecretOf(config: Pick<Config, 'authSecret'>): string {
  // Local runs only; config refuses production without a 32+ character AUTH_SECRET.
  return config.authSecret ?? 'peakwise-development-secret-not-for-production-use';
}

export const SOCIAL_ERROR_PATH = '/?auth=login';

/**
 * In production every cookie is __Host-: Secure, Path=/ and no Domain, so no other host (a sibling
 * subdomain included) can set or overwrite one (ASVS 5.0 3.3.3, decision 067).
 */
export function sessionCookiePrefix(config: Pick<Config, 'nodeEnv'>): string {
  return config.nodeEnv === 'production' ? '__Host-peakwise' : 'peakwise';
}

type AuthDeps = { config: Config; database: Database; emails: AccountEmails; logger: Logger };

// better-auth logs through us. Arguments are dropped: they can hold request bodies or SQL
// parameters; error messages are kept without a driver's "params:" tail.
function authLogger(logger: Logger) {
  return {
    level: 'warn' as const,
    log(level: 'debug' | 'info' | 'success' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const thrown = args.filter((a): a is Error => a instanceof Error);
      // better-auth logs an error here just before replacing it with a bare 500 (decision 072).
      if (level === 'error') thrown.forEach(noteSwallowedAuthError);
      const errors = thrown.map((e) => `${e.name}: ${e.message.split(/\bparams:/)[0]?.slice(0, 300)}`);
      const entry = { component: 'auth', ...(errors.length ? { errors } : {}) };
      // Overload is answered 503 and logged as a warning by the error handler, not a fault.
      const method = level === 'success' ? 'info' : level === 'error' && thrown.some(isPoolExhausted) ? 'warn' : level;
      logger[method](entry, message);
    },
  };
}

function requestLanguage(body: unknown, request: Request | undefined) {
  const fromBody = languageSchema.safeParse((body as { language?: unknown } | undefined)?.language);
  if (fromBody.success) return fromBody.data;
  const header = request?.headers.get('accept-language')?.slice(0, 2).toLowerCase();
  const fromHeader = languageSchema.safeParse(header);
  return fromHeader.success ? fromHeader.data : 'en';
}

export function createAuth({ config, database, emails, logger }: AuthDeps) {
  const db = database.db;
  const { windowSeconds, signIn, signUp, passwordReset } = config.authRateLimit;
  const socialProviders = socialProviderConfigs(config);
  const signUpLanguages = new Map<string, string>();
  const hooks = createAuthHooks({ emails, signUpLanguages, serviceableProvinces: config.serviceableProvinces });

  return betterAuth({
    appName: 'Peakwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: authSecretOf(config),
    trustedOrigins: [new URL(config.publicUrl).origin],
    // Sessions are stored under a hash of their token, never the token itself (decision 071).
    database: (options: BetterAuthOptions) => withHashedSessionTokens(drizzleAdapter(db, { provider: 'pg', schema: authSchema })(options)),
    logger: authLogger(logger),
    telemetry: { enabled: false },

    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: createPasswordHasher(config.passwordHashCost),
      resetPasswordTokenExpiresIn: 30 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => emails.resetPassword(user, token),
      onPasswordReset: async ({ user }) => emails.passwordChanged(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        // better-auth calls this for a new account and, with user.email set to the NEW address,
        // for an email change; the account's stored email tells the two apart.
        const stored = (await findUser(db, user.id))?.email;
        if (stored && stored !== user.email) await emails.emailChange({ ...user, email: stored }, user.email, url);
        else {
          const language = signUpLanguages.get(user.email) ?? requestLanguage(undefined, request);
          signUpLanguages.delete(user.email);
          await emails.verifyEmail({ email: user.email, name: user.name }, url, language);
        }
      },
    },
    user: {
      additionalFields: {
        birthDate: { type: 'string', required: false, input: true, returned: false },
        gender: { type: 'string', required: false, input: true, returned: false },
        // Returned with the session so the portal can show an operator the way to the console;
        // never input: a sign-up or profile update cannot make anyone an operator.
        role: { type: 'string', required: false, input: false, returned: true },
      },
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 7 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      // No signed session cookie: a sign-out or revocation must take effect at once. The app's
      // short in-process cache (session-cache.ts) is cleared by every write that could end one.
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true, allowDifferentEmails: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        // Every page load asks who is signed in; limiting that read (one per page per tab, only
        // ever about the caller's own cookie) signed people out of busy offices and the browser
        // suite once 120 loads a minute came from one address. Guessing needs the other routes.
        '/get-session': false,
        '/sign-in/email': { window: windowSeconds, max: signIn },
        '/sign-up/email': { window: windowSeconds, max: signUp },
        '/request-password-reset': { window: windowSeconds, max: passwordReset },
        '/reset-password': { window: windowSeconds, max: passwordReset },
        '/two-factor/*': { window: windowSeconds, max: 10 },
        '/sign-in/oauth2': { window: windowSeconds, max: 30 },
      },
    },
    onAPIError: {
      errorURL: `${config.publicUrl}${SOCIAL_ERROR_PATH}`,
      // Expected refusals (400/401/403/429) are the client's business; only failures are logged.
      onError: (error) => {
        noteSwallowedAuthError(error);
        if ((isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') || isPoolExhausted(error)) return;
        const detail = error instanceof Error ? `${error.name}: ${error.message.split(/\bparams:/)[0]?.slice(0, 300)}` : 'unknown';
        logger.error({ component: 'auth', error: detail }, 'Auth request failed');
      },
    },
    advanced: {
      // better-auth's own secure mode only knows __Secure-, so the prefix is ours and Secure is set here.
      cookiePrefix: sessionCookiePrefix(config),
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: config.nodeEnv === 'production' },
      // better-auth would skip its Origin check under NODE_ENV=test; tests must see the real thing.
      disableOriginCheck: false,
      // Only our own header, set after deleting any incoming copy (lib/client-ip.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, ctx) => {
            const body = ctx?.body as { marketingConsent?: unknown; postalCode?: unknown } | undefined;
            const language = requestLanguage(ctx?.body, ctx?.request);
            await createProfile(db, user, language);
            // The household comes with the account (decision 051), so no later request, even a
            // refused one, has to write it.
            // A postal code reaches here only through the sign-up hook, which checked it (decision 057).
            const postalCode = ctx?.path === '/sign-up/email' && typeof body?.postalCode === 'string' ? body.postalCode : null;
            await ensureHouseholdForUser(db, user.id, postalCode ? { postalCode } : {});
            if (ctx?.path === '/sign-up/email' && typeof body?.marketingConsent === 'boolean') {
              await recordMarketingConsent(db, user.id, body.marketingConsent, language, 'sign_up');
            }
          },
        },
        update: {
          after: async (user) => syncProfileFromUser(db, user),
        },
      },
      session: {
        create: {
          // A shared demo account's sessions are other visitors': it keeps no address or browser
          // of theirs to show or export (decision 082).
          before: async (session) => {
            const user = await findUser(db, session.userId);
            return user && isSharedDemo(user) ? { data: { ...session, ipAddress: null, userAgent: null } } : undefined;
          },
          after: async (session) => recordFirstSession(db, session.userId, session.id, new Date()),
        },
      },
    },
    hooks: { before: hooks.before, after: hooks.after },
    plugins: [
      twoFactor({ issuer: 'Peakwise' }),
      ...(socialProviders.length ? [genericOAuth({ config: socialProviders })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

