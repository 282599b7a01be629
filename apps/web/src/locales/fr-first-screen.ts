/**
 * The French a member sees first, one chunk: the portal shell's and the Dashboard's namespaces
 * (fr-namespaces.ts). Six chunks of their own would cost six requests of about 1 kB of headers each
 * on the Dashboard's first load (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 */
export { portalFr } from './portal.fr';
export { dashboardFr } from './dashboard.fr';
export { chartsFr } from './charts.fr';
export { alertsFr } from './alerts.fr';
export { eventsFr } from './events.fr';
export { eventAutomationFr } from './event-automation.fr';
