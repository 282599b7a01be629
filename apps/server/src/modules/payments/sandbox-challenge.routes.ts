import { LANGUAGES, type Language } from '@peakwise/contracts/account.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import { challengeClosedPage, challengePage } from './sandbox-challenge.page';
import { answerChallenge, openChallenge } from './sandbox-challenge.service';
import { sandboxChallengePath } from './sandbox-processor';

/** Where the page sends the member back when the web gave no (acceptable) return path. */
const DEFAULT_RETURN = '/app/billing';

/** Only a path on this site: never another origin (`//host`, `/\host`) or a scheme. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 500 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((ch) => ch.charCodeAt(0) < 32)) return DEFAULT_RETURN;
  return value;
}

function languageOf(asked: string | undefined, acceptLanguage: string | undefined): Language {
  if (asked && (LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return 'en';
}

/**
 * The sandbox processor's 3-D Secure page (decision 055), like a bank's: reached by its
 * unguessable address (the charge's reference) from the member's browser, not by Peakwise's
 * session. Approve or Fail is posted back here, and the member returns to the path the web gave.
 * Mounted only when the sandbox is the processor.
 */
export function createSandboxChallengeRoutes(deps: { db: Db; clock: () => Date }) {
  return createRouter()
    .get('/api/sandbox-processor/challenges/:reference', async (c) => {
      const reference = c.req.param('reference');
      const language = languageOf(c.req.query('lang'), c.req.header('accept-language'));
      const returnPath = safeReturnPath(c.req.query('return'));
      const challenge = await openChallenge(deps.db, reference, deps.clock());
      if (!challenge) return c.html(challengeClosedPage(language, returnPath), 404);
      return c.html(challengePage({ language, amountCents: challenge.amountCents, brand: challenge.brand, last4: challenge.last4, action: sandboxChallengePath(reference), returnPath }), 200);
    })
    .post('/api/sandbox-processor/challenges/:reference', async (c) => {
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
      const language = languageOf(field('lang'), c.req.header('accept-language'));
      const returnPath = safeReturnPath(field('return'));
      const decision = field('decision');
      if (decision !== 'approve' && decision !== 'fail') return c.html(challengeClosedPage(language, returnPath), 400);
      const taken = await deps.db.transaction((tx) => answerChallenge(tx, c.req.param('reference'), decision, deps.clock()));
      if (!taken) return c.html(challengeClosedPage(language, returnPath), 409);
      return c.redirect(returnPath, 303);
    });
}
