import type { Namespace } from './en-namespaces';
import type { Resources } from './resources';

/**
 * Each Spanish namespace and where it comes from, fetched the first time i18next asks for it
 * (languages.ts), so a screen downloads the Spanish it shows and not the whole portal's
 * (docs/decisions/086-settings-sections-and-every-language-on-budget.md). The public pages'
 * namespaces are one chunk (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md),
 * `common` one of its own (every page needs it, the portal none of the others), and the
 * portal shell's and the Dashboard's one more (es-first-screen.ts). scripts/check-bundle-budget.mjs
 * reads the module each namespace is imported from here: keep one `name: () => import('./…')` a line.
 */
export const spanishNamespaces: { [N in Namespace]: () => Promise<Resources[N]> } = {
  common: () => import('./common.es').then((m) => m.commonEs),
  help: () => import('./es-public').then((m) => m.esPublic.help),
  marketing: () => import('./es-public').then((m) => m.esPublic.marketing),
  auth: () => import('./es-public').then((m) => m.esPublic.auth),
  portal: () => import('./es-first-screen').then((m) => m.portalEs),
  settings: () => import('./settings.es').then((m) => m.settingsEs),
  charts: () => import('./es-first-screen').then((m) => m.chartsEs),
  dashboard: () => import('./es-first-screen').then((m) => m.dashboardEs),
  solar: () => import('./solar.es').then((m) => m.solarEs),
  usage: () => import('./usage.es').then((m) => m.usageEs),
  devices: () => import('./devices.es').then((m) => m.devicesEs),
  plumbing: () => import('./plumbing.es').then((m) => m.plumbingEs),
  plugs: () => import('./plugs.es').then((m) => m.plugsEs),
  manageDevices: () => import('./manage-devices.es').then((m) => m.manageDevicesEs),
  alerts: () => import('./es-first-screen').then((m) => m.alertsEs),
  maintenance: () => import('./maintenance.es').then((m) => m.maintenanceEs),
  ops: () => import('./ops.es').then((m) => m.opsEs),
  events: () => import('./events.es').then((m) => m.eventsEs),
  rewards: () => import('./rewards.es').then((m) => m.rewardsEs),
  payouts: () => import('./payouts.es').then((m) => m.payoutsEs),
  notifications: () => import('./notifications.es').then((m) => m.notificationsEs),
  eventAutomation: () => import('./event-automation.es').then((m) => m.eventAutomationEs),
  greenButton: () => import('./green-button.es').then((m) => m.greenButtonEs),
  firstSteps: () => import('./es-first-steps').then((m) => m.firstStepsEs),
  utilityGuide: () => import('./utility-guide.es').then((m) => m.utilityGuideEs),
  billing: () => import('./billing.es').then((m) => m.billingEs),
  billingPayments: () => import('./billing-payments.es').then((m) => m.billingPaymentsEs),
  memberApi: () => import('./member-api.es').then((m) => m.memberApiEs),
  programs: () => import('./programs.es').then((m) => m.programsEs),
};
