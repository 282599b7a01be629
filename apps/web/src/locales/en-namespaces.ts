import type { en } from './en';

export type Namespace = keyof typeof en;

/**
 * Each English namespace as a chunk of its own, so a screen downloads the strings it shows and not
 * the whole portal's (docs/decisions/058-dashboard-javascript-budget.md), but the public pages'
 * namespaces, which are one chunk (en-public.ts) as in French and Spanish, and the portal shell's
 * and the Dashboard's, one more (en-first-screen.ts); `common` comes with the
 * app (lib/i18n.ts), so its import here costs nothing. scripts/check-bundle-budget.mjs reads the
 * module each namespace is imported from here: keep one `name: () => import('./…')` a line.
 */
export const englishNamespaces: { [N in Namespace]: () => Promise<(typeof en)[N]> } = {
  common: () => import('./common.en').then((m) => m.commonEn),
  portal: () => import('./en-first-screen').then((m) => m.portalEn),
  help: () => import('./en-public').then((m) => m.enPublic.help),
  marketing: () => import('./en-public').then((m) => m.enPublic.marketing),
  auth: () => import('./en-public').then((m) => m.enPublic.auth),
  settings: () => import('./settings.en').then((m) => m.settingsEn),
  charts: () => import('./en-first-screen').then((m) => m.chartsEn),
  dashboard: () => import('./en-first-screen').then((m) => m.dashboardEn),
  solar: () => import('./solar.en').then((m) => m.solarEn),
  usage: () => import('./usage.en').then((m) => m.usageEn),
  devices: () => import('./devices.en').then((m) => m.devicesEn),
  plumbing: () => import('./plumbing.en').then((m) => m.plumbingEn),
  plugs: () => import('./plugs.en').then((m) => m.plugsEn),
  manageDevices: () => import('./manage-devices.en').then((m) => m.manageDevicesEn),
  alerts: () => import('./en-first-screen').then((m) => m.alertsEn),
  maintenance: () => import('./maintenance.en').then((m) => m.maintenanceEn),
  ops: () => import('./ops.en').then((m) => m.opsEn),
  events: () => import('./events.en').then((m) => m.eventsEn),
  rewards: () => import('./rewards.en').then((m) => m.rewardsEn),
  payouts: () => import('./payouts.en').then((m) => m.payoutsEn),
  notifications: () => import('./notifications.en').then((m) => m.notificationsEn),
  eventAutomation: () => import('./event-automation.en').then((m) => m.eventAutomationEn),
  greenButton: () => import('./green-button.en').then((m) => m.greenButtonEn),
  firstSteps: () => import('./en-first-steps').then((m) => m.firstStepsEn),
  utilityGuide: () => import('./utility-guide.en').then((m) => m.utilityGuideEn),
  billing: () => import('./billing.en').then((m) => m.billingEn),
  billingPayments: () => import('./billing-payments.en').then((m) => m.billingPaymentsEn),
  memberApi: () => import('./member-api.en').then((m) => m.memberApiEn),
  programs: () => import('./programs.en').then((m) => m.programsEn),
};
