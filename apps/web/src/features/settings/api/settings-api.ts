import type { CanadianTimeZone, ConnectedSession, Language, Profile } from '@peakwise/contracts/account.contract';
import { DELETE_ACCOUNT_CONFIRMATION } from '@peakwise/contracts/account.contract';
import { apiJson } from '@/lib/api-request';

// Every call answers the body or throws ApiRequestError (status, code, server message).

export const getProfile = () => apiJson<Profile>('GET', '/api/profile');

/** A changed email is not applied yet: the server mails a confirmation link to it (pendingEmail). */
export const updateProfile = (input: { name: string; email: string }) => apiJson<Profile>('PUT', '/api/profile', input);

export const updatePreferences = (input: { language?: Language; timeZone?: CanadianTimeZone }) =>
  apiJson<Profile>('PUT', '/api/profile/preferences', input);

export const setMarketingConsent = (granted: boolean) => apiJson<Profile>('PUT', '/api/profile/consents/marketing', { granted });
export const setUtilityDataConsent = (granted: boolean) => apiJson<Profile>('PUT', '/api/profile/consents/utility-data', { granted });

export const listSessions = () => apiJson<ConnectedSession[]>('GET', '/api/sessions');

export const revokeSession = (id: string) => apiJson<null>('DELETE', `/api/sessions/${encodeURIComponent(id)}`);

export const deleteAccount = () => apiJson<null>('DELETE', '/api/account', { confirmation: DELETE_ACCOUNT_CONFIRMATION });

export const changePassword = (input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) =>
  apiJson<unknown>('POST', '/api/auth/change-password', input);

/** Step 1 of enrolment: the secret (as an otpauth:// URI) and one-time backup codes; not on yet. */
export const enableTwoFactor = (password: string) =>
  apiJson<{ totpURI: string; backupCodes: string[] }>('POST', '/api/auth/two-factor/enable', { password });

/** Step 2: the first good code from the app turns two-factor on. */
export const confirmTwoFactor = (code: string) => apiJson<unknown>('POST', '/api/auth/two-factor/verify-totp', { code });

export const disableTwoFactor = (password: string) => apiJson<unknown>('POST', '/api/auth/two-factor/disable', { password });
