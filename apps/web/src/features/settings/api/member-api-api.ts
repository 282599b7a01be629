import type {
  ApiToken,
  CreateApiTokenRequest,
  CreatedApiToken,
  CreatedWebhook,
  CreateWebhookRequest,
  Webhook,
  WebhookDelivery,
} from '@peakwise/contracts/member-api.contract';
import { apiJson } from '@/lib/api-request';

// Personal API tokens and webhooks (docs/member-api.md). Each call answers the body or throws
// ApiRequestError (status, code, server message).

export const listApiTokens = () => apiJson<ApiToken[]>('GET', '/api/member-api/tokens');
/** The answer is the only time the token itself is seen. */
export const createApiToken = (request: CreateApiTokenRequest) => apiJson<CreatedApiToken>('POST', '/api/member-api/tokens', request);
export const revokeApiToken = (id: string) => apiJson<null>('DELETE', `/api/member-api/tokens/${encodeURIComponent(id)}`);

export const listWebhooks = () => apiJson<Webhook[]>('GET', '/api/member-api/webhooks');
/** The answer is the only time the signing secret is seen. */
export const createWebhook = (request: CreateWebhookRequest) => apiJson<CreatedWebhook>('POST', '/api/member-api/webhooks', request);
export const removeWebhook = (id: string) => apiJson<null>('DELETE', `/api/member-api/webhooks/${encodeURIComponent(id)}`);
export const sendWebhookTest = (id: string) => apiJson<{ deliveryId: string }>('POST', `/api/member-api/webhooks/${encodeURIComponent(id)}/test`);
export const listWebhookDeliveries = (id: string) => apiJson<WebhookDelivery[]>('GET', `/api/member-api/webhooks/${encodeURIComponent(id)}/deliveries`);
