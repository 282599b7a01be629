import { OpenAdrFault, type OpenAdrClient } from './openadr-client';

/** The spec's largest page (limit's maximum in both versions). */
const PAGE = 50;

/**
 * Every object of a VTN listing, page by page, narrowed by `filter` (the listing's own query
 * parameters, such as the subscriptions' clientName). More than `maxPages` pages is a VTN
 * misbehaving (or an endless skip), not a real list: refused rather than read forever.
 */
export async function listAll<T>(client: OpenAdrClient, path: '/programs' | '/events' | '/subscriptions', options: { filter?: Record<string, string>; maxPages: number }): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; page < options.maxPages; page += 1) {
    const rows = await client.call<T[]>('get', path, { query: { ...options.filter, skip: page * PAGE, limit: PAGE } });
    all.push(...rows);
    if (rows.length < PAGE) return all;
  }
  throw new OpenAdrFault('refused', `GET ${path} listed more than ${PAGE * options.maxPages} objects`);
}
