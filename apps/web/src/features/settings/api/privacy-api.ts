import type { ConsentRecord } from '@peakwise/contracts/consent-history.contract';
import type { PrivacyExport } from '@peakwise/contracts/privacy-export.contract';
import { apiJson } from '@/lib/api-request';

// Every call answers the body or throws ApiRequestError (status, code, server message).

export const listPrivacyExports = () => apiJson<PrivacyExport[]>('GET', '/api/privacy-exports');

/** Answers the export being prepared: a new one, or the one already waiting. */
export const requestPrivacyExport = () => apiJson<PrivacyExport>('POST', '/api/privacy-exports');

export const getConsentHistory = () => apiJson<ConsentRecord[]>('GET', '/api/profile/consents');
