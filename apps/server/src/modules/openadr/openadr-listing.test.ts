import { describe, expect, it } from 'vitest';
import { OpenAdrFault, type OpenAdrClient, type OpenAdrRequest } from './openadr-client';
import { listAll } from './openadr-listing';

/** A VTN holding `total` objects, paged as the spec says; records every query it is asked. */
function fakeVtn(total: number) {
  const asked: OpenAdrRequest['query'][] = [];
  const client: OpenAdrClient = {
    version: '3.1.1',
    lastTokenAt: () => null,
    accessToken: async () => 'token',
    async call<T>(_method: string, _template: string, request?: OpenAdrRequest): Promise<T> {
      asked.push(request?.query);
      const skip = Number(request?.query?.skip);
      const limit = Number(request?.query?.limit);
      return Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) => ({ id: `o-${skip + i}` })) as T;
    },
  };
  return { client, asked };
}

describe('listAll', () => {
  it('reads page after page until a short one, with the filter on every page', async () => {
    const { client, asked } = fakeVtn(120);
    const all = await listAll<{ id: string }>(client, '/subscriptions', { filter: { clientName: 'peakwise' }, maxPages: 20 });
    expect(all.map((o) => o.id)).toEqual(Array.from({ length: 120 }, (_, i) => `o-${i}`));
    expect(asked).toEqual([
      { clientName: 'peakwise', skip: 0, limit: 50 },
      { clientName: 'peakwise', skip: 50, limit: 50 },
      { clientName: 'peakwise', skip: 100, limit: 50 },
    ]);
  });

  it('asks one more page when the last one is exactly full', async () => {
    const { client, asked } = fakeVtn(100);
    expect(await listAll(client, '/events', { maxPages: 40 })).toHaveLength(100);
    expect(asked).toEqual([{ skip: 0, limit: 50 }, { skip: 50, limit: 50 }, { skip: 100, limit: 50 }]);
  });

  it('refuses a listing longer than its pages allow, after asking no more than that', async () => {
    const { client, asked } = fakeVtn(10_000);
    const error = await listAll(client, '/programs', { maxPages: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAdrFault);
    expect(error).toMatchObject({ kind: 'refused', message: 'GET /programs listed more than 150 objects' });
    expect(asked).toHaveLength(3);
  });
});
