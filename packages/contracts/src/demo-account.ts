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

/**
 * Demo members in the other served provinces (decision 103), each in a program of its own province,
 * with the demo member's password. Their homes have no simulated meter: they show programs and events.
 */
export const DEMO_NEIGHBOURS = [
  { email: 'demo.montreal@peakwise.ca', name: 'Camille Tremblay', language: 'fr', province: 'QC', postalCode: 'H2X 1Y4', timeZone: 'America/Toronto', city: 'Montréal' },
  { email: 'demo.vancouver@peakwise.ca', name: 'Jordan Lee', language: 'en', province: 'BC', postalCode: 'V6B 1A1', timeZone: 'America/Vancouver', city: 'Vancouver' },
  { email: 'demo.calgary@peakwise.ca', name: 'Sam Patel', language: 'en', province: 'AB', postalCode: 'T2P 1J9', timeZone: 'America/Edmonton', city: 'Calgary' },
] as const;

/** Shared accounts a visitor must not be able to lock the next visitor out of. */
export const SHARED_DEMO_EMAILS: ReadonlySet<string> = new Set([DEMO_EMAIL, DEMO_OPERATOR_EMAIL, ...DEMO_NEIGHBOURS.map((n) => n.email)]);

/**
 * The answer when a visitor to a shared demo account enters personal details (a phone, a card, an
 * address, a payout address, a name) that the next visitor would see (decision 082).
 */
export const DEMO_ACCOUNT_SHARED = {
  code: 'demo_account_shared',
  message: 'The demo account is shared by every visitor, so it keeps no personal details. Create your own account to add them.',
} as const;
