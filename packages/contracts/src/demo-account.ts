/**
 * The demo household's sign-in, pre-filled and shown in the login panel (docs/product/routes-and-screens.md#log-in-panel).
 * Public on purpose: anyone may look around the demo home.
 */
export const DEMO_EMAIL = 'demo@peakwise.ca';
export const DEMO_PASSWORD = 'peakwise-demo';
