import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { PasswordHashCost } from '../../lib/config';

const ARGON2ID = 2 as Algorithm;

// OWASP Password Storage Cheat Sheet, argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane.
// About 30 ms on a current server core (docs/decisions/006).
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// argon2's smallest parameters (8 KiB, 1 pass): the test suite signs up and signs in members in
// every API test and only needs a hash that verifies (decision 093). Config refuses it in production.
const MINIMUM_OPTIONS = { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed stored hash alike. */
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/** Verifying reads the parameters from the stored hash, so either cost verifies any hash. */
export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = cost === 'owasp' ? ARGON2_OPTIONS : MINIMUM_OPTIONS;
  return {
    hash: (password) => hash(password, options),
    verify: async ({ hash: stored, password }) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
  };
}
