/**
 * The Spanish a member sees first, one chunk: the portal shell's and the Dashboard's namespaces
 * (es-namespaces.ts). Four chunks of their own would cost four requests of about 1 kB of headers each
 * on the Dashboard's first load (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 * The event card's strings (`events`, `eventAutomation`) are not here: they come with the card,
 * on the days there is an event (features/dashboard/components/event-banner.tsx).
 */
export { portalEs } from './portal.es';
export { dashboardEs } from './dashboard.es';
export { chartsEs } from './charts.es';
export { alertsEs } from './alerts.es';
