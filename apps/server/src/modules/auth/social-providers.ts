import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SocialProvider } from '@peakwise/contracts/account.contract';
import type { Config, OAuthProviderConfig } from '../../lib/config';

// Facebook publishes an OpenID configuration for its Limited Login only (no token endpoint), so
// the real Facebook is reached through its Graph API endpoints; any other issuer (a local
// OpenID provider in tests and development) is discovered like Google.
const FACEBOOK_ISSUER = 'https://www.facebook.com';
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';

function endpoints(provider: SocialProvider, issuer: string): Partial<GenericOAuthConfig> {
  if (provider === 'facebook' && issuer === FACEBOOK_ISSUER) {
    return {
      authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      tokenUrl: `${FACEBOOK_GRAPH}/oauth/access_token`,
      userInfoUrl: `${FACEBOOK_GRAPH}/me?fields=id,name,email,picture`,
      scopes: ['email', 'public_profile'],
    };
  }
  return { discoveryUrl: `${issuer}/.well-known/openid-configuration`, scopes: ['openid', 'email', 'profile'] };
}

function provider(providerId: SocialProvider, settings: OAuthProviderConfig): GenericOAuthConfig {
  return {
    providerId,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    pkce: true,
    ...endpoints(providerId, settings.issuer),
    // A provider that omits the name still signs in; the email's local part stands in.
    mapProfileToUser: (profile) => ({
      name: typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : String(profile.email ?? '').split('@')[0],
    }),
  };
}

/** The configured providers; a provider whose variables are unset is simply absent. */
export function socialProviderConfigs(config: Config): GenericOAuthConfig[] {
  const { google, facebook } = config.oauth;
  return [...(google ? [provider('google', google)] : []), ...(facebook ? [provider('facebook', facebook)] : [])];
}
