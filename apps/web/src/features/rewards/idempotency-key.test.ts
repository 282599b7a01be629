import { IDEMPOTENCY_KEY_PATTERN } from '@peakwise/contracts/rewards.contract';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes a different key each time, in the form the server accepts', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
