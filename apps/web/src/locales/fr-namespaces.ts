import type { Namespace } from './en-namespaces';
import type { Resources } from './resources';

/**
 * Each French namespace and where it comes from, fetched the first time i18next asks for it
 * (languages.ts), so a screen downloads the French it shows and not the whole portal's
 * (docs/decisions/086-settings-sections-and-every-language-on-budget.md). The public pages'
 * namespaces are one chunk (docs/decisions/068-french-public-pages-and-a-steady-dashboard.md),
 * `common` one of its own (every page needs it, the portal none of the others), and the
 * portal shell's and the Dashboard's one more (fr-first-screen.ts). scripts/check-bundle-budget.mjs
 * reads the module each namespace is imported from here: keep one `name: () => import('./…')` a line.
 */
export const frenchNamespaces: { [N in Namespace]: () => Promise<Resources[N]> } = {
  common: () => import('./common.fr').then((m) => m.commonFr),
  help: () => import('./fr-public').then((m) => m.frPublic.help),
  marketing: () => import('./fr-public').then((m) => m.frPublic.marketing),
  auth: () => import('./fr-public').then((m) => m.frPublic.auth),
  portal: () => import('./fr-first-screen').then((m) => m.portalFr),
  settings: () => import('./settings.fr').then((m) => m.settingsFr),
  charts: () => import('./fr-first-screen').then((m) => m.chartsFr),
  dashboard: () => import('./fr-first-screen').then((m) => m.dashboardFr),
  solar: () => import('./solar.fr').then((m) => m.solarFr),
  usage: () => import('./usage.fr').then((m) => m.usageFr),
  devices: () => import('./devices.fr').then((m) => m.devicesFr),
  plumbing: () => import('./plumbing.fr').then((m) => m.plumbingFr),
  plugs: () => import('./plugs.fr').then((m) => m.plugsFr),
  manageDevices: () => import('./manage-devices.fr').then((m) => m.manageDevicesFr),
  alerts: () => import('./fr-first-screen').then((m) => m.alertsFr),
  maintenance: () => import('./maintenance.fr').then((m) => m.maintenanceFr),
  ops: () => import('./ops.fr').then((m) => m.opsFr),
  events: () => import('./events.fr').then((m) => m.eventsFr),
  rewards: () => import('./rewards.fr').then((m) => m.rewardsFr),
  payouts: () => import('./payouts.fr').then((m) => m.payoutsFr),
  notifications: () => import('./notifications.fr').then((m) => m.notificationsFr),
  eventAutomation: () => import('./event-automation.fr').then((m) => m.eventAutomationFr),
  greenButton: () => import('./green-button.fr').then((m) => m.greenButtonFr),
  firstSteps: () => import('./fr-first-steps').then((m) => m.firstStepsFr),
  utilityGuide: () => import('./utility-guide.fr').then((m) => m.utilityGuideFr),
  billing: () => import('./billing.fr').then((m) => m.billingFr),
  billingPayments: () => import('./billing-payments.fr').then((m) => m.billingPaymentsFr),
  memberApi: () => import('./member-api.fr').then((m) => m.memberApiFr),
  programs: () => import('./programs.fr').then((m) => m.programsFr),
};
