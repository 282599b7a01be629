import { commonEn } from './common.en';
import { portalEn } from './portal.en';
import { helpEn } from './help.en';
import { marketingEn } from './marketing.en';
import { authEn } from './auth.en';
import { settingsEn } from './settings.en';
import { chartsEn } from './charts.en';
import { dashboardEn } from './dashboard.en';
import { solarEn } from './solar.en';
import { usageEn } from './usage.en';
import { devicesEn } from './devices.en';
import { plumbingEn } from './plumbing.en';
import { plugsEn } from './plugs.en';
import { manageDevicesEn } from './manage-devices.en';
import { alertsEn } from './alerts.en';
import { maintenanceEn } from './maintenance.en';
import { opsEn } from './ops.en';
import { eventsEn } from './events.en';
import { rewardsEn } from './rewards.en';
import { payoutsEn } from './payouts.en';
import { notificationsEn } from './notifications.en';
import { eventAutomationEn } from './event-automation.en';
import { greenButtonEn } from './green-button.en';
import { billingEn } from './billing.en';
import { billingPaymentsEn } from './billing-payments.en';
import { memberApiEn } from './member-api.en';

/** English: the source language and the fallback, bundled with the app. */
export const en = { common: commonEn, portal: portalEn, help: helpEn, marketing: marketingEn, auth: authEn, settings: settingsEn, charts: chartsEn, dashboard: dashboardEn, solar: solarEn, usage: usageEn, devices: devicesEn, plumbing: plumbingEn, plugs: plugsEn, manageDevices: manageDevicesEn, alerts: alertsEn, maintenance: maintenanceEn, ops: opsEn, events: eventsEn, rewards: rewardsEn, payouts: payoutsEn, notifications: notificationsEn, eventAutomation: eventAutomationEn, greenButton: greenButtonEn, billing: billingEn, billingPayments: billingPaymentsEn, memberApi: memberApiEn } as const;
