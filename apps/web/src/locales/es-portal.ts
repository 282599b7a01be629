import { portalEs } from './portal.es';
import { settingsEs } from './settings.es';
import { chartsEs } from './charts.es';
import { dashboardEs } from './dashboard.es';
import { solarEs } from './solar.es';
import { usageEs } from './usage.es';
import { devicesEs } from './devices.es';
import { plumbingEs } from './plumbing.es';
import { plugsEs } from './plugs.es';
import { manageDevicesEs } from './manage-devices.es';
import { alertsEs } from './alerts.es';
import { maintenanceEs } from './maintenance.es';
import { opsEs } from './ops.es';
import { eventsEs } from './events.es';
import { rewardsEs } from './rewards.es';
import { payoutsEs } from './payouts.es';
import { notificationsEs } from './notifications.es';
import { eventAutomationEs } from './event-automation.es';
import { greenButtonEs } from './green-button.es';
import { billingEs } from './billing.es';
import { billingPaymentsEs } from './billing-payments.es';
import { memberApiEs } from './member-api.es';
import type { PublicNamespace } from './languages';
import type { Resources } from './resources';

/** The rest of Spanish: the portal's and the console's namespaces, one chunk, fetched when one is first shown. */
export const esPortal: Omit<Resources, PublicNamespace> = { portal: portalEs, settings: settingsEs, charts: chartsEs, dashboard: dashboardEs, solar: solarEs, usage: usageEs, devices: devicesEs, plumbing: plumbingEs, plugs: plugsEs, manageDevices: manageDevicesEs, alerts: alertsEs, maintenance: maintenanceEs, ops: opsEs, events: eventsEs, rewards: rewardsEs, payouts: payoutsEs, notifications: notificationsEs, eventAutomation: eventAutomationEs, greenButton: greenButtonEs, billing: billingEs, billingPayments: billingPaymentsEs, memberApi: memberApiEs };
