import { commonEs } from './common.es';
import { portalEs } from './portal.es';
import { helpEs } from './help.es';
import { marketingEs } from './marketing.es';
import { authEs } from './auth.es';
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
import type { Resources } from './resources';

/** Spanish, loaded when first chosen (its own chunk). */
export const es: Resources = { common: commonEs, portal: portalEs, help: helpEs, marketing: marketingEs, auth: authEs, settings: settingsEs, charts: chartsEs, dashboard: dashboardEs, solar: solarEs, usage: usageEs, devices: devicesEs, plumbing: plumbingEs, plugs: plugsEs, manageDevices: manageDevicesEs, alerts: alertsEs, maintenance: maintenanceEs, ops: opsEs, events: eventsEs, rewards: rewardsEs, payouts: payoutsEs, notifications: notificationsEs, eventAutomation: eventAutomationEs, greenButton: greenButtonEs, billing: billingEs, billingPayments: billingPaymentsEs };
