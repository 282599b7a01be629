import { deleteAccountSchema, marketingConsentSchema, profileSchema, updatePreferencesSchema, updateProfileSchema, utilityDataConsentSchema } from '@peakwise/contracts/account.contract';
import { createRouter, errorResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import type { ProfileService } from './profile.service';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const profileAnswer = { description: 'The profile', content: json(profileSchema) };

export function createProfileRoutes(deps: { auth: Auth; service: ProfileService }) {
  const { auth, service } = deps;
  const member = requireAuth(auth);

  const getProfile = signedInRoute({
    method: 'get',
    path: '/api/profile',
    tags: ['account'],
    summary: 'The signed-in member’s profile',
    middleware: [member] as const,
    responses: { 200: profileAnswer },
  });

  const putProfile = signedInRoute({
    method: 'put',
    path: '/api/profile',
    tags: ['account'],
    summary: 'Save name and email; a new email is confirmed by a link sent to it',
    middleware: [member] as const,
    request: { body: { required: true, content: json(updateProfileSchema) } },
    responses: { 200: profileAnswer, 400: errorResponse('Invalid body'), 403: errorResponse('Demo account') },
  });

  const putPreferences = signedInRoute({
    method: 'put',
    path: '/api/profile/preferences',
    tags: ['account'],
    summary: 'Language and time zone',
    middleware: [member] as const,
    request: { body: { required: true, content: json(updatePreferencesSchema) } },
    responses: { 200: profileAnswer, 400: errorResponse('Invalid body') },
  });

  const putMarketingConsent = signedInRoute({
    method: 'put',
    path: '/api/profile/consents/marketing',
    tags: ['account'],
    summary: 'Grant or withdraw the marketing data-sharing consent (appends a record)',
    middleware: [member] as const,
    request: { body: { required: true, content: json(marketingConsentSchema) } },
    responses: { 200: profileAnswer, 400: errorResponse('Invalid body') },
  });

  const putUtilityDataConsent = signedInRoute({
    method: 'put',
    path: '/api/profile/consents/utility-data',
    tags: ['account'],
    summary: 'Grant or withdraw sending the home’s own event figures, under a pseudonym, to a utility that asks (appends a record)',
    middleware: [member] as const,
    request: { body: { required: true, content: json(utilityDataConsentSchema) } },
    responses: { 200: profileAnswer, 400: errorResponse('Invalid body') },
  });

  const deleteAccount = signedInRoute({
    method: 'delete',
    path: '/api/account',
    tags: ['account'],
    summary: 'Delete the account: personal data erased, every session ended',
    middleware: [member] as const,
    request: { body: { required: true, content: json(deleteAccountSchema) } },
    responses: { 204: { description: 'Deleted; the session cookie is cleared' }, 400: errorResponse('Confirmation missing'), 403: errorResponse('Demo account') },
  });

  return createRouter()
    .openapi(getProfile, async (c) => c.json(await service.get(c.var.user.id), 200))
    .openapi(putProfile, async (c) => c.json(await service.update(c.var.user, c.req.valid('json'), c.req.raw.headers), 200))
    .openapi(putPreferences, async (c) => c.json(await service.updatePreferences(c.var.user.id, c.req.valid('json')), 200))
    .openapi(putMarketingConsent, async (c) => c.json(await service.setMarketingConsent(c.var.user.id, c.req.valid('json').granted), 200))
    .openapi(putUtilityDataConsent, async (c) => c.json(await service.setUtilityDataConsent(c.var.user.id, c.req.valid('json').granted), 200))
    .openapi(deleteAccount, async (c) => {
      await service.deleteAccount(c.var.user.id);
      const { sessionToken } = (await auth.$context).authCookies;
      const cookie = `${sessionToken.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${sessionToken.attributes.secure ? '; Secure' : ''}`;
      return c.body(null, 204, { 'Set-Cookie': cookie });
    });
}
