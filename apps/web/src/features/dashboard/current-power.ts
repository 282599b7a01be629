export type PowerSample = { kw: number; at: string; live: boolean };

/**
 * The newest of the live sample (SSE `power`) and the one the API returned with the dashboard.
 * The API's sample is the fallback before the first push arrives, or when the stream is down.
 */
export function currentPower(live: { kw: number; at: string } | null, api: { kw: number | null; at: string | null }): PowerSample | null {
  const fromApi = api.kw !== null && api.at !== null ? { kw: api.kw, at: api.at, live: false } : null;
  if (!live) return fromApi;
  if (fromApi && Date.parse(fromApi.at) > Date.parse(live.at)) return fromApi;
  return { ...live, live: true };
}
