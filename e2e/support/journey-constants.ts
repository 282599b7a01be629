/*
 * What several journeys share: the demo accounts as the server seeds them, the password the
 * accounts they create are given, the demo's zone, the two screen sizes, time units and the time a
 * whole journey may take. Written out rather than imported from the app, as a visitor would type
 * them: a changed seed then fails a journey instead of passing unseen.
 */

/** The shared demo member's address, pre-filled in the login panel. */
export const DEMO_EMAIL = 'demo@peakwise.ca';
export const DEMO_MEMBER = { email: DEMO_EMAIL, password: 'peakwise-demo' } as const;
/** The demo operator for the /ops console, seeded beside the demo member. */
export const DEMO_OPERATOR = { email: 'ops@peakwise.ca', password: 'peakwise-ops-demo' } as const;
/** Demo members in other provinces, with the demo member's password. */
export const DEMO_MONTREAL = { email: 'demo.montreal@peakwise.ca', password: 'peakwise-demo' } as const;
export const DEMO_CALGARY = { email: 'demo.calgary@peakwise.ca', password: 'peakwise-demo' } as const;

/** Every account a journey signs up is given this one (it meets the sign-up form's rules). */
export const SIGN_UP_PASSWORD = 'Sturdy-meadow-42';

/** The demo household's zone (apps/server/src/simulator/household-profile.ts). */
export const DEMO_TIME_ZONE = 'America/Toronto';

type Viewport = Readonly<{ width: number; height: number }>;
export const PHONE: Viewport = { width: 390, height: 844 };
export const WIDE: Viewport = { width: 1440, height: 1000 };

export const MINUTE = 60_000;
export const FIVE_MINUTES = 5 * MINUTE;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A journey through a few screens and the database, on a shared host. */
export const JOURNEY_TIMEOUT = 180_000;
/** A journey that waits for an event to start, end and settle on the server's own schedule. */
export const EVENT_JOURNEY_TIMEOUT = 600_000;
