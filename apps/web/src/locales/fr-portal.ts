import { portalFr } from './portal.fr';
import { settingsFr } from './settings.fr';
import { chartsFr } from './charts.fr';
import { dashboardFr } from './dashboard.fr';
import { solarFr } from './solar.fr';
import { usageFr } from './usage.fr';
import { devicesFr } from './devices.fr';
import { plumbingFr } from './plumbing.fr';
import { plugsFr } from './plugs.fr';
import { manageDevicesFr } from './manage-devices.fr';
import { alertsFr } from './alerts.fr';
import { maintenanceFr } from './maintenance.fr';
import { opsFr } from './ops.fr';
import { eventsFr } from './events.fr';
import { rewardsFr } from './rewards.fr';
import { payoutsFr } from './payouts.fr';
import { notificationsFr } from './notifications.fr';
import { eventAutomationFr } from './event-automation.fr';
import { greenButtonFr } from './green-button.fr';
import { firstStepsFr } from './first-steps.fr';
import { utilityGuideFr } from './utility-guide.fr';
import { billingFr } from './billing.fr';
import { billingPaymentsFr } from './billing-payments.fr';
import { memberApiFr } from './member-api.fr';
import type { PublicNamespace } from './languages';
import type { Resources } from './resources';

/** The rest of French: the portal's and the console's namespaces, one chunk, fetched when one is first shown. */
export const frPortal: Omit<Resources, PublicNamespace> = { portal: portalFr, settings: settingsFr, charts: chartsFr, dashboard: dashboardFr, solar: solarFr, usage: usageFr, devices: devicesFr, plumbing: plumbingFr, plugs: plugsFr, manageDevices: manageDevicesFr, alerts: alertsFr, maintenance: maintenanceFr, ops: opsFr, events: eventsFr, rewards: rewardsFr, payouts: payoutsFr, notifications: notificationsFr, eventAutomation: eventAutomationFr, greenButton: greenButtonFr, firstSteps: firstStepsFr, utilityGuide: utilityGuideFr, billing: billingFr, billingPayments: billingPaymentsFr, memberApi: memberApiFr };
