/**
 * The Spanish a member sees first, one chunk: the portal shell's and the Dashboard's namespaces
 * (es-namespaces.ts). Six chunks of their own would cost six requests of about 1 kB of headers each
 * on the Dashboard's first load (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 */
export { portalEs } from './portal.es';
export { dashboardEs } from './dashboard.es';
export { chartsEs } from './charts.es';
export { alertsEs } from './alerts.es';
export { eventsEs } from './events.es';
export { eventAutomationEs } from './event-automation.es';
