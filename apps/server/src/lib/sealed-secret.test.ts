import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealedSecret, sealSecret } from './sealed-secret';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens with the key it was sealed with, and the sealed form does not contain the secret', () => {
    const sealed = sealSecret(key, 'pwi_secret-token');
    expect(sealed).not.toContain('secret-token');
    expect(openSealedSecret(key, sealed)).toBe('pwi_secret-token');
  });

  it('seals the same secret differently each time', () => {
    expect(sealSecret(key, 'pwi_a')).not.toBe(sealSecret(key, 'pwi_a'));
  });

  it('refuses another key and an altered body', () => {
    const sealed = sealSecret(key, 'pwi_secret-token');
    expect(() => openSealedSecret(randomBytes(32), sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSealedSecret(key, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });
});
