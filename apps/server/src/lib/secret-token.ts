import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets we issue and keep only as a hash: meter tokens (`pwi_`) and personal API tokens
 * (`pwk_`, decision 060). 32 random bytes cannot be guessed, so a fast SHA-256 is enough and a
 * slow password hash would add nothing but latency on every request.
 */
export function newSecretToken(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
