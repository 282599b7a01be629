import type { CreatedIngestToken, IngestToken } from '@peakwise/contracts/ingest-token.contract';
import { apiJson } from '@/lib/api-request';

// Household-wide ingest tokens for a meter or gateway. Each call answers the body or throws
// ApiRequestError (status, code, server message).

export const listIngestTokens = () => apiJson<IngestToken[]>('GET', '/api/household/ingest-tokens');

/** The answer is the only time the token itself is seen; the list never carries it. */
export const createIngestToken = (label: string) => apiJson<CreatedIngestToken>('POST', '/api/household/ingest-tokens', { label });

export const revokeIngestToken = (id: string) => apiJson<null>('DELETE', `/api/household/ingest-tokens/${encodeURIComponent(id)}`);
