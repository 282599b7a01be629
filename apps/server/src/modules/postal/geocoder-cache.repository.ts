import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { geocoderCache } from '../../db/schema/geocoder-cache.schema';

/** The city cached for a postal code if it was fetched after `since`. */
export async function cachedCitySince(db: DbOrTx, postalCode: string, since: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ city: geocoderCache.city })
    .from(geocoderCache)
    .where(and(eq(geocoderCache.postalCode, postalCode), gt(geocoderCache.fetchedAt, since)))
    .limit(1);
  return row?.city;
}

export async function cacheCity(db: DbOrTx, entry: { postalCode: string; city: string; province: string; fetchedAt: Date }): Promise<void> {
  await db
    .insert(geocoderCache)
    .values(entry)
    .onConflictDoUpdate({ target: geocoderCache.postalCode, set: { city: entry.city, province: entry.province, fetchedAt: entry.fetchedAt } });
}
