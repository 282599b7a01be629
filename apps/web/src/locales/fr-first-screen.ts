/**
 * The French a member sees first, one chunk: the portal shell's and the Dashboard's namespaces
 * (fr-namespaces.ts). Four chunks of their own would cost four requests of about 1 kB of headers each
 * on the Dashboard's first load (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 * The event card's strings (`events`, `eventAutomation`) are not here: they come with the card,
 * on the days there is an event (features/dashboard/components/event-banner.tsx).
 */
export { portalFr } from './portal.fr';
export { dashboardFr } from './dashboard.fr';
export { chartsFr } from './charts.fr';
export { alertsFr } from './alerts.fr';
