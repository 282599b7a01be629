import type { EventPreferences } from '@peakwise/contracts/event-automation.contract';
import { apiJson } from '@/lib/api-request';

// Every call answers the household's event preferences (or throws ApiRequestError with the server's code).

export const getEventPreferences = () => apiJson<EventPreferences>('GET', '/api/event-preferences');

/** Turning it on also opts the household in to the upcoming events that have not started. */
export const setOptInEveryEvent = (optInEveryEvent: boolean) => apiJson<EventPreferences>('PUT', '/api/event-preferences', { optInEveryEvent });

export const setPlugPowerDown = (deviceId: string, powerDown: boolean) =>
  apiJson<EventPreferences>('PUT', `/api/event-preferences/plugs/${encodeURIComponent(deviceId)}`, { powerDown });
