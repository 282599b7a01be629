/**
 * The better-auth endpoints reachable from outside, by method and path under /api/auth. Every
 * other endpoint the library registers answers 404: the app has its own routes for what they
 * would do, with its own validation (decision 030). `social/:provider` is ours (auth.routes.ts)
 * and reaches `sign-in/oauth2` in-process, so that one needs no public door either.
 */
const OPEN: readonly { method: 'GET' | 'POST'; path: RegExp }[] = [
  // Session: read on every page load; sign in, sign up and sign out.
  { method: 'GET', path: /^get-session$/ },
  { method: 'POST', path: /^sign-in\/email$/ },
  { method: 'POST', path: /^sign-up\/email$/ },
  { method: 'POST', path: /^sign-out$/ },
  // Links in account emails, and the OAuth provider's redirect back.
  { method: 'GET', path: /^verify-email$/ },
  { method: 'GET', path: /^oauth2\/callback\/[a-z]+$/ },
  // Forgotten password, and changing it in Settings.
  { method: 'POST', path: /^request-password-reset$/ },
  { method: 'POST', path: /^reset-password$/ },
  { method: 'POST', path: /^change-password$/ },
  // Two-factor: turned on and off in Settings; the second step of a sign-in.
  { method: 'POST', path: /^two-factor\/(enable|disable|verify-totp|verify-backup-code)$/ },
];

/** `path` is what follows `/api/auth/`. */
export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return OPEN.some((endpoint) => endpoint.method === method && endpoint.path.test(path));
}
