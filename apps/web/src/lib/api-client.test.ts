import { afterEach, describe, expect, it, vi } from 'vitest';
import { coverageSchema } from '@peakwise/contracts/energy.contract';
import { ApiError, apiGet, retryTransient } from './api-client';

const schema = coverageSchema;

afterEach(() => vi.unstubAllGlobals());

describe('apiGet', () => {
  it('sends the session cookie and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => Response.json({ intervals: 3, expected: 12, extra: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/api/x', schema)).resolves.toEqual({ intervals: 3, expected: 12 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'include' }));
  });

  it('throws an ApiError with the server code and message', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: { code: 'unauthorized', message: 'Sign in' } }, { status: 401 }));
    const error = await apiGet('/api/x', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in' });
  });

  it('throws on a body that is not an API error, on a network failure and on a contract mismatch', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(apiGet('/api/x', schema)).rejects.toMatchObject({ status: 502, code: 'http_error' });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/x', schema)).rejects.toMatchObject({ status: 0, code: 'network_error' });
    vi.stubGlobal('fetch', async () => Response.json({ intervals: 'NaN', expected: 1 }));
    await expect(apiGet('/api/x', schema)).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('retryTransient', () => {
  it('retries once for network and server errors, never for 4xx or contract errors', () => {
    expect(retryTransient(0, new ApiError(0, 'network_error', ''))).toBe(true);
    expect(retryTransient(0, new ApiError(503, 'http_error', ''))).toBe(true);
    expect(retryTransient(1, new ApiError(503, 'http_error', ''))).toBe(false);
    expect(retryTransient(0, new ApiError(401, 'unauthorized', ''))).toBe(false);
    expect(retryTransient(0, new ApiError(200, 'invalid_response', ''))).toBe(false);
  });
});
