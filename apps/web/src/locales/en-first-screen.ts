/**
 * The English a member sees first, one chunk: the portal shell's and the Dashboard's namespaces
 * (en-namespaces.ts), as fr-first-screen.ts is for French. Four chunks of their own cost four
 * requests of about 1 kB of headers each on the Dashboard's first load, 3.2 kB more than one
 * (docs/decisions/106-a-dialog-drawn-before-it-is-asked-for.md).
 */
export { portalEn } from './portal.en';
export { dashboardEn } from './dashboard.en';
export { chartsEn } from './charts.en';
export { alertsEn } from './alerts.en';
