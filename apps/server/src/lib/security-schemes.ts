import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  INGEST_TOKEN_SCHEME,
  MEMBER_TOKEN_SCHEME,
  OPENADR_VTN_SCHEME,
  OPERATOR_ROLE,
  PAYMENT_SIGNATURE_SCHEME,
  PAYOUT_PROVIDER_SCHEME,
  SESSION_SCHEME,
  SMS_PROVIDER_SCHEME,
} from './route-security';

type Registry = Pick<OpenAPIHono['openAPIRegistry'], 'registerComponent'>;

/**
 * The schemes every route's security names (lib/route-security.ts, decision 083). Cookie and
 * signature header are named as this server sets and reads them, so a client built from the
 * document sends what the server expects.
 */
export function registerSecuritySchemes(registry: Registry, names: { sessionCookie: string; paymentSignatureHeader: string }) {
  registry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: names.sessionCookie,
    description: `The web app’s session, set by signing in (POST /api/auth/sign-in/email). Routes for Peakwise staff (/api/ops) name the role \`${OPERATOR_ROLE}\`; a session without it gets 404 there, as for a path that does not exist.`,
  });
  registry.registerComponent('securitySchemes', MEMBER_TOKEN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token from Settings (pwk_…). Only routes that list this scheme accept one, with any one of the scopes listed; every other route answers 403 (docs/member-api.md).',
  });
  registry.registerComponent('securitySchemes', INGEST_TOKEN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'A household ingest token or a device credential (pwi_…) from Settings, for meters and gateways sending readings (docs/ingestion.md).',
  });
  registry.registerComponent('securitySchemes', PAYOUT_PROVIDER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The payout provider’s shared secret (PAYOUT_WEBHOOK_SECRET); without it set, its callback answers 404.',
  });
  registry.registerComponent('securitySchemes', SMS_PROVIDER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The SMS provider’s shared secret (SMS_INBOUND_SECRET); without it set, its inbound webhook answers 404.',
  });
  registry.registerComponent('securitySchemes', OPENADR_VTN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The bearer token the VEN gave an OpenADR VTN with its subscription (decision 110); missing or not the subscription’s answers 401.',
  });
  registry.registerComponent('securitySchemes', PAYMENT_SIGNATURE_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: names.paymentSignatureHeader,
    description: 'The payment processor’s signature over the raw body (decision 048): missing answers 401, not matching the body 400.',
  });
}
