import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from './use-auth-dialog';

describe('destinationAfterSignIn', () => {
  it('follows the portal’s and the operator console’s paths', () => {
    expect(destinationAfterSignIn('/app/rewards')).toBe('/app/rewards');
    expect(destinationAfterSignIn('/ops')).toBe('/ops');
    expect(destinationAfterSignIn('/ops?tab=events')).toBe('/ops?tab=events');
  });

  it('goes to the dashboard for anything else, so `next` cannot lead off-site', () => {
    for (const next of [null, '', '//evil.example', 'https://evil.example/ops', '/opsevil', '/', '/app']) {
      expect(destinationAfterSignIn(next)).toBe('/app/dashboard');
    }
  });
});
