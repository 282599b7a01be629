import type { DbOrTx } from '../../db/client';
import { answerSandboxChallenge, findSandboxChallenge, type SandboxChallenge } from './sandbox.repository';

/**
 * The sandbox's 3-D Secure challenges (decision 055). An answer, or the expiry, is recorded once;
 * the charge then owes its webhook (success or failure), which settles the payment through the
 * same signed path as any other sandbox charge.
 */

/** The challenge still open, or null (unknown, already answered, or past its time). */
export async function openChallenge(db: DbOrTx, reference: string, now: Date): Promise<SandboxChallenge | null> {
  const challenge = await findSandboxChallenge(db, reference);
  if (!challenge || challenge.authentication !== 'required' || challenge.expiresAt.getTime() <= now.getTime()) return null;
  return challenge;
}

/**
 * The member's answer: true when it was taken. An answer after the challenge's time is the
 * expiry instead, so a page left open too long cannot approve.
 */
export async function answerChallenge(db: DbOrTx, reference: string, decision: 'approve' | 'fail', now: Date): Promise<boolean> {
  const challenge = await findSandboxChallenge(db, reference);
  if (!challenge || challenge.authentication !== 'required') return false;
  if (challenge.expiresAt.getTime() <= now.getTime()) {
    await answerSandboxChallenge(db, reference, 'expired', now);
    return false;
  }
  return answerSandboxChallenge(db, reference, decision === 'approve' ? 'approved' : 'failed', now);
}

/** The expiry job: a challenge nobody answered fails its charge; one answered is left alone. */
export async function expireChallenge(db: DbOrTx, reference: string, now: Date): Promise<boolean> {
  return answerSandboxChallenge(db, reference, 'expired', now);
}
