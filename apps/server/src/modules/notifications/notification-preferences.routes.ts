import {
  deletePushSubscriptionSchema,
  notificationPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  setPhoneSchema,
  updateNotificationPreferencesSchema,
  verifyPhoneSchema,
} from '@peakwise/contracts/notifications.contract';
import { createRouter, errorResponse as problem, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import type { NotificationChannels } from './notification-channels.service';
import type { NotificationPreferencesService } from './notification-preferences.service';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const answer = { description: 'The member’s notification preferences', content: json(notificationPreferencesSchema) };

/** Settings → Notifications: the channel × kind grid, the mobile number, and this browser's push subscription. */
export function createNotificationPreferencesRoutes(deps: { auth: Auth; service: NotificationPreferencesService; channels: NotificationChannels; clock: () => Date }) {
  const { service, channels, clock } = deps;
  const member = requireAuth(deps.auth);

  const get = signedInRoute({ method: 'get', path: '/api/notification-preferences', tags: ['notifications'], summary: 'What the member hears about, and how', middleware: [member] as const, responses: { 200: answer } });
  const put = signedInRoute({
    method: 'put',
    path: '/api/notification-preferences',
    tags: ['notifications'],
    summary: 'Turn channels × kinds on or off (each change is added to the consent record)',
    middleware: [member] as const,
    request: { body: { required: true, content: json(updateNotificationPreferencesSchema) } },
    responses: { 200: answer, 400: problem('Invalid body'), 409: problem('SMS without a verified number, or push without a subscription') },
  });
  const putPhone = signedInRoute({
    method: 'put',
    path: '/api/notification-preferences/phone',
    tags: ['notifications'],
    summary: 'Set the mobile number; a 6-digit code is texted to it',
    middleware: [member] as const,
    request: { body: { required: true, content: json(setPhoneSchema) } },
    responses: { 200: answer, 400: problem('Not a Canadian mobile number'), 403: problem('The shared demo account keeps no phone number (decision 082)'), 429: problem('A code was sent less than a minute ago'), 502: problem('The SMS provider refused') },
  });
  const verifyPhone = signedInRoute({
    method: 'post',
    path: '/api/notification-preferences/phone/verify',
    tags: ['notifications'],
    summary: 'Verify the mobile number with the texted code',
    middleware: [member] as const,
    request: { body: { required: true, content: json(verifyPhoneSchema) } },
    responses: {
      200: answer,
      400: problem('Wrong or malformed code'),
      409: problem('No code was asked for'),
      410: problem('The code expired'),
      429: problem('Too many wrong codes'),
    },
  });
  const pushKey = signedInRoute({ method: 'get', path: '/api/push-subscriptions/key', tags: ['notifications'], summary: 'The VAPID public key to subscribe with', middleware: [member] as const, responses: { 200: { description: 'Key', content: json(pushPublicKeySchema) } } });
  const subscribe = signedInRoute({
    method: 'post',
    path: '/api/push-subscriptions',
    tags: ['notifications'],
    summary: 'Save this browser’s push subscription',
    middleware: [member] as const,
    request: { body: { required: true, content: json(pushSubscriptionSchema) } },
    responses: { 201: answer, 400: problem('Invalid subscription'), 403: problem('The shared demo account keeps no browser’s subscription (decision 082)') },
  });
  const unsubscribe = signedInRoute({
    method: 'delete',
    path: '/api/push-subscriptions',
    tags: ['notifications'],
    summary: 'Forget this browser’s push subscription',
    middleware: [member] as const,
    request: { body: { required: true, content: json(deletePushSubscriptionSchema) } },
    responses: { 200: answer, 400: problem('Invalid body'), 404: problem('No such subscription of this member') },
  });

  return createRouter()
    .openapi(get, async (c) => c.json(await service.get(c.var.user.id), 200))
    .openapi(put, async (c) => c.json(await service.update(c.var.user.id, c.req.valid('json'), clock()), 200))
    .openapi(putPhone, async (c) => {
      refuseOnSharedDemo(c.var.user);
      return c.json(await service.setPhone(c.var.user.id, c.req.valid('json').phone, clock()), 200);
    })
    .openapi(verifyPhone, async (c) => c.json(await service.verifyPhone(c.var.user.id, c.req.valid('json').code, clock()), 200))
    .openapi(pushKey, async (c) => c.json({ publicKey: await channels.push.publicKey() }, 200))
    .openapi(subscribe, async (c) => {
      // Every visitor's browser would receive the shared demo's notifications (decision 082).
      refuseOnSharedDemo(c.var.user);
      return c.json(await service.subscribePush(c.var.user.id, c.req.valid('json')), 201);
    })
    .openapi(unsubscribe, async (c) => c.json(await service.unsubscribePush(c.var.user.id, c.req.valid('json').endpoint), 200));
}

