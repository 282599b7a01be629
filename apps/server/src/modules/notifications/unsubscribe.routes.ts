import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import { NOTIFICATION_MESSAGES, unsubscribeResultSchema } from '@peakwise/contracts/notifications.contract';
import { createRouter } from '../../lib/create-router';
import { errorBody } from '../../lib/errors';
import { guardedBy, SMS_PROVIDER_SCHEME } from '../../lib/route-security';
import { timingSafeEqual } from 'node:crypto';
import type { NotificationChannels } from './notification-channels.service';
import type { NotificationPreferencesService } from './notification-preferences.service';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: json(apiErrorSchema) });
const tokenQuery = z.object({ token: z.string().max(512).optional() });

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page a person can read, in English and French; it posts back to itself, which the CSP's form-action allows. */
function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;line-height:1.5;color:#111827">
<h1 style="font-size:22px">Peakwise</h1>
${body}
</body></html>`;
}

/**
 * One-click unsubscribe (RFC 8058) and the SMS provider's inbound webhook. Neither signs in:
 * the first is authorised by its signed token, the second by a shared secret.
 */
export function createUnsubscribeRoutes(deps: { service: NotificationPreferencesService; channels: NotificationChannels; clock: () => Date }) {
  const { service, channels, clock } = deps;

  // Before the body is read: an unauthorised caller learns nothing from validation messages.
  const providerOnly: MiddlewareHandler = guardedBy(
    async (c, next) => {
      if (!channels.smsInboundSecret) return c.json(errorBody('not_found', 'Not found'), 404);
      const given = Buffer.from(c.req.header('authorization') ?? '');
      const expected = Buffer.from(`Bearer ${channels.smsInboundSecret}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return c.json(errorBody('unauthorized', NOTIFICATION_MESSAGES.inboundUnauthorized), 401);
      return next();
    },
    { scheme: SMS_PROVIDER_SCHEME },
  );

  const post = createRoute({
    method: 'post',
    path: '/api/unsubscribe',
    tags: ['notifications'],
    summary: 'One-click unsubscribe (RFC 8058): turns the link’s preference off, without signing in',
    request: {
      query: tokenQuery,
      // What a mail client posts (RFC 8058); the link's token alone decides, so the body is not read.
      body: {
        required: false,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } } } },
      },
    },
    responses: { 200: { description: 'Turned off', content: { ...json(unsubscribeResultSchema), 'text/html': { schema: z.string() } } }, 400: problem('Missing or invalid token') },
  });
  const inbound = createRoute({
    method: 'post',
    path: '/api/sms/inbound',
    tags: ['notifications'],
    summary: 'The SMS provider’s inbound messages: STOP or ARRÊT turns texts off for that number',
    middleware: [providerOnly] as const,
    request: { body: { required: true, content: json(z.object({ from: z.string().max(32), body: z.string().max(1600) })) } },
    responses: { 200: { description: 'Handled', content: json(z.object({ stopped: z.number().int() })) }, 400: problem('Invalid body'), 401: problem('Wrong or missing secret'), 404: problem('Not configured') },
  });

  return (
    createRouter()
      .openapi(post, async (c) => {
        const { token } = c.req.valid('query');
        if (!token) return c.json(errorBody('unsubscribe_invalid', NOTIFICATION_MESSAGES.unsubscribeInvalid), 400);
        const result = await service.unsubscribe(token, clock());
        if ((c.req.header('accept') ?? '').includes('text/html')) {
          return c.html(page('Unsubscribed', `<p>Done: you will no longer receive these emails. You can turn them back on in Settings.</p><p lang="fr">C’est fait : vous ne recevrez plus ces courriels. Vous pouvez les réactiver dans les paramètres.</p>`), 200);
        }
        return c.json(result, 200);
      })
      .openapi(inbound, async (c) => {
        const { from, body } = c.req.valid('json');
        return c.json({ stopped: await service.inboundSms(from, body, clock()) }, 200);
      })
      // Mail scanners and link previewers fetch every link: GET only explains, and changes nothing.
      .get('/api/unsubscribe', (c) => {
        const token = c.req.query('token') ?? '';
        const form = `<p>To stop these emails, confirm below. Nothing changes until you do.</p>
<p lang="fr">Pour ne plus recevoir ces courriels, confirmez ci-dessous. Rien ne change avant.</p>
<form method="post" action="/api/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="padding:10px 18px">Unsubscribe / Me désabonner</button></form>`;
        return c.html(page('Unsubscribe', form), 200);
      })
  );
}
