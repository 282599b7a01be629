import type { ProvinceCode } from '@peakwise/domain/postal-code';

export type GeocoderAnswer = { city: string; province: ProvinceCode };

export type GeocoderClient = {
  /** Rejects on timeout, HTTP error or an answer we cannot read; callers fall back offline. */
  lookup(code: string): Promise<GeocoderAnswer>;
};

// Geocoders answer with a code ("ON") or a full English or French name ("Ontario", "Québec").
const PROVINCE_BY_NAME: Record<string, ProvinceCode> = {
  'newfoundland and labrador': 'NL', 'terre-neuve-et-labrador': 'NL', newfoundland: 'NL',
  'nova scotia': 'NS', 'nouvelle-ecosse': 'NS',
  'prince edward island': 'PE', 'ile-du-prince-edouard': 'PE',
  'new brunswick': 'NB', 'nouveau-brunswick': 'NB',
  quebec: 'QC',
  ontario: 'ON',
  manitoba: 'MB',
  saskatchewan: 'SK',
  alberta: 'AB',
  'british columbia': 'BC', 'colombie-britannique': 'BC',
  'northwest territories': 'NT', 'territoires du nord-ouest': 'NT',
  nunavut: 'NU',
  yukon: 'YT', 'yukon territory': 'YT',
};
const PROVINCE_CODES = new Set<string>(Object.values(PROVINCE_BY_NAME));

export function provinceFromGeocoder(value: string): ProvinceCode | undefined {
  const trimmed = value.trim();
  if (PROVINCE_CODES.has(trimmed.toUpperCase())) return trimmed.toUpperCase() as ProvinceCode;
  const key = trimmed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\u2013\u2014]+/g, ' ')
    .replace(/ ?- ?/g, '-');
  return PROVINCE_BY_NAME[key] ?? PROVINCE_BY_NAME[key.replace(/-/g, ' ')];
}

function stringField(source: unknown, key: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads `{city, province}`; geocoder.ca nests them as `standard.{city, prov}`. */
export function parseGeocoderBody(body: unknown): GeocoderAnswer | undefined {
  const standard = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).standard : undefined;
  const city = stringField(body, 'city') ?? stringField(standard, 'city');
  const provinceText = stringField(body, 'province') ?? stringField(body, 'prov') ?? stringField(standard, 'prov');
  const province = provinceText === undefined ? undefined : provinceFromGeocoder(provinceText);
  if (city === undefined || province === undefined || city.length > 100) return undefined;
  return { city, province };
}

/** GET {base}/{postalCode}?json=1 (docs/product/domain-rules.md#postal-codes), bounded by a timeout so the check never hangs. */
export function createGeocoderClient(options: { baseUrl: string; timeoutMs: number }): GeocoderClient {
  return {
    async lookup(code) {
      const response = await fetch(`${options.baseUrl}/${encodeURIComponent(code)}?json=1`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new Error(`Geocoder answered HTTP ${response.status}`);
      const answer = parseGeocoderBody(await response.json());
      if (!answer) throw new Error('Geocoder answer has no usable city and province');
      return answer;
    },
  };
}
