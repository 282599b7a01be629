import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptEncodingOf, readEncoding } from './env';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('BENCH_READ_ENCODING', () => {
  it('is gzip with a browser’s header unless set to identity, and refuses anything else', () => {
    vi.stubEnv('BENCH_READ_ENCODING', '');
    expect(readEncoding()).toBe('gzip');
    expect(acceptEncodingOf(readEncoding())).toBe('gzip, deflate, br, zstd');
    vi.stubEnv('BENCH_READ_ENCODING', 'identity');
    expect(acceptEncodingOf(readEncoding())).toBe('identity');
    vi.stubEnv('BENCH_READ_ENCODING', 'br');
    expect(() => readEncoding()).toThrow('BENCH_READ_ENCODING must be gzip or identity, not br');
  });
});
