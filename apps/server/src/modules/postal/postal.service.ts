import type { PostalCheckResult } from '@peakwise/contracts/postal.contract';
import { POSTAL_CODE_INVALID_MESSAGE } from '@peakwise/contracts/postal.contract';
import { parsePostalCode, type ProvinceCode } from '@peakwise/domain/postal-code';
import { placeOf } from '@peakwise/domain/postal-place';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { GeocoderClient } from './geocoder.client';
import { cacheCity, cachedCitySince } from './geocoder-cache.repository';

// Cities do not move; a month keeps outbound calls rare without pinning a wrong answer forever.
export const GEOCODER_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type PostalService = {
  check(raw: string): Promise<PostalCheckResult>;
};

export function createPostalService(deps: {
  db: Db;
  logger: Logger;
  serviceableProvinces: readonly ProvinceCode[];
  geocoder?: GeocoderClient;
  now?: () => Date;
}): PostalService {
  const now = deps.now ?? (() => new Date());

  async function cachedCity(code: string): Promise<string | undefined> {
    const since = new Date(now().getTime() - GEOCODER_CACHE_TTL_MS);
    return cachedCitySince(deps.db, code, since);
  }

  async function enrichedCity(code: string, province: ProvinceCode): Promise<string | undefined> {
    const geocoder = deps.geocoder;
    if (!geocoder) return undefined;
    const cached = await cachedCity(code);
    if (cached !== undefined) return cached;
    try {
      const answer = await geocoder.lookup(code);
      // Our province comes from the postal code itself; a geocoder that disagrees is wrong here.
      if (answer.province !== province) {
        deps.logger.warn({ postalCode: code, geocoderProvince: answer.province, province }, 'Geocoder province disagrees; using offline lookup');
        return undefined;
      }
      const fetchedAt = now();
      await cacheCity(deps.db, { postalCode: code, city: answer.city, province: answer.province, fetchedAt });
      return answer.city;
    } catch (error) {
      deps.logger.warn({ postalCode: code, err: error }, 'Geocoder lookup failed; using offline lookup');
      return undefined;
    }
  }

  return {
    async check(raw) {
      const parsed = parsePostalCode(raw);
      if (!parsed.ok) throw new AppError(400, 'invalid_postal_code', POSTAL_CODE_INVALID_MESSAGE);
      const place = placeOf(parsed.code);
      const city = (await enrichedCity(parsed.code, place.province)) ?? place.city;
      return {
        postalCode: parsed.formatted,
        city,
        province: place.province,
        isServiceable: deps.serviceableProvinces.includes(place.province),
      };
    },
  };
}
