import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

describe('sha256Hex', () => {
  it('matches the standard test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Two blocks: the padding spills into a second 64-byte block.
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });
  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // printf '%s' 'Électricité €' | sha256sum
    expect(sha256Hex('Électricité €')).toBe(SHA_OF_ELECTRICITE);
  });
});

const SHA_OF_ELECTRICITE = '99c11ce4cbaee8ed7813659d5bf844482afaff6ff9e804d782f751eea00d76a8';
