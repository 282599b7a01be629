import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import type { AsvsContext } from '../asvs-context';
import type { Client, Reply } from '../http-client';

const AREA = 'Rate limits';
/** The production defaults per client address and minute (decision 008), which the server runs with here. */
const LIMITS = { signIn: 5, signUp: 3, passwordReset: 5 };
const TRIES = 12;

/** Sends `attempt` until the first 429 (or TRIES); returns how many went through before it, and the 429. */
async function untilLimited(attempt: (n: number) => Promise<Reply>): Promise<{ before: number; limited?: Reply }> {
  for (let n = 0; n < TRIES; n += 1) {
    const reply = await attempt(n);
    if (reply.status === 429) return { before: n, limited: reply };
    expect(reply.status, reply.text).toBeLessThan(500);
  }
  return { before: TRIES };
}

function expectLimitedAt(result: { before: number; limited?: Reply }, limit: number, what: string) {
  expect(result.limited, `${what}: no 429 after ${TRIES} requests`).toBeDefined();
  expect(result.before, `${what}: limited after ${result.before}`).toBe(limit);
  expect(Number(result.limited!.headers.get('retry-after')), `${what}: Retry-After`).toBeGreaterThan(0);
  expect((result.limited!.body as { code?: string }).code).toBe('TOO_MANY_REQUESTS');
}

export function rateLimitChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Sign-in: password guessing from one address is stopped; the account still opens from another', ['6.3.1'], async () => {
      const member = await ctx.signUp('guess');
      const attacker: Client = ctx.client();
      const result = await untilLimited((n) => attacker.call('POST', '/api/auth/sign-in/email', { body: { email: member.email, password: `wrong-guess-${n}` } }));
      expectLimitedAt(result, LIMITS.signIn, 'sign-in');
      const right = await attacker.call('POST', '/api/auth/sign-in/email', { body: { email: member.email, password: member.password } });
      expect(right.status, 'the right password from the limited address').toBe(429);
      await ctx.signIn(member);
      return `429 after ${result.before} tries a minute`;
    });

    check(AREA, 'Sign-up: automated account creation from one address is stopped', ['2.4.1', '6.3.1'], async () => {
      const bot = ctx.client();
      const result = await untilLimited((n) => {
        const email = `asvs-bot-${n}-${Date.now()}@example.com`;
        ctx.secrets.set(`Bot-account-pass-${n}-x9`, 'password');
        return bot.call('POST', '/api/auth/sign-up/email', {
          body: { email, confirmEmail: email, password: `Bot-account-pass-${n}-x9`, name: 'Bot', birthDate: '1990-01-01', gender: 'male', marketingConsent: false, language: 'en' },
          anonymous: true,
        });
      });
      expectLimitedAt(result, LIMITS.signUp, 'sign-up');
      return `429 after ${result.before} sign-ups a minute`;
    });

    check(AREA, 'Password reset: requests and token guesses from one address are stopped', ['6.3.1', '2.4.1'], async () => {
      const member = await ctx.signUp('reset-limit');
      const requester = ctx.client();
      const requests = await untilLimited(() => requester.call('POST', '/api/auth/request-password-reset', { body: { email: member.email, redirectTo: '/reset-password' } }));
      expectLimitedAt(requests, LIMITS.passwordReset, 'request-password-reset');
      const guesser = ctx.client();
      const guesses = await untilLimited((n) => guesser.call('POST', '/api/auth/reset-password', { body: { token: `guessed-token-${n}-abcdefghijkl`, newPassword: 'Guessed-new-pass-1' } }));
      expectLimitedAt(guesses, LIMITS.passwordReset, 'reset-password');
      return `429 after ${requests.before} requests and ${guesses.before} token guesses a minute`;
    });
  });
}
