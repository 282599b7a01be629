/**
 * The demo household's sign-in, pre-filled and shown in the login panel (docs/product/routes-and-screens.md#log-in-panel).
 * Public on purpose: anyone may look around the demo home.
 */
export const DEMO_EMAIL = 'demo@peakwise.ca';
export const DEMO_PASSWORD = 'peakwise-demo';

/**
 * The demo operator for the /ops console, created beside the demo member outside production
 * (decision 034). Public for the same reason: anyone trying Peakwise can schedule an event.
 */
export const DEMO_OPERATOR_EMAIL = 'ops@peakwise.ca';
export const DEMO_OPERATOR_PASSWORD = 'peakwise-ops-demo';

/** Shared accounts a visitor must not be able to lock the next visitor out of. */
export const SHARED_DEMO_EMAILS: ReadonlySet<string> = new Set([DEMO_EMAIL, DEMO_OPERATOR_EMAIL]);

/**
 * The answer when a visitor to a shared demo account enters personal details (a phone, a card, an
 * address, a payout address, a name) that the next visitor would see (decision 082).
 */
export const DEMO_ACCOUNT_SHARED = {
  code: 'demo_account_shared',
  message: 'The demo account is shared by every visitor, so it keeps no personal details. Create your own account to add them.',
} as const;
