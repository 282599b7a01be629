import { commonEn } from './common.en';
import { commonFr } from './common.fr';
import { commonEs } from './common.es';
import { portalEn } from './portal.en';
import { portalFr } from './portal.fr';
import { portalEs } from './portal.es';
import { helpEn } from './help.en';
import { helpFr } from './help.fr';
import { helpEs } from './help.es';
import { marketingEn } from './marketing.en';
import { marketingFr } from './marketing.fr';
import { marketingEs } from './marketing.es';
import { authEn } from './auth.en';
import { authFr } from './auth.fr';
import { authEs } from './auth.es';
import { settingsEn } from './settings.en';
import { settingsFr } from './settings.fr';
import { settingsEs } from './settings.es';
import { chartsEn } from './charts.en';
import { chartsFr } from './charts.fr';
import { chartsEs } from './charts.es';
import { dashboardEn } from './dashboard.en';
import { dashboardFr } from './dashboard.fr';
import { dashboardEs } from './dashboard.es';
import { solarEn } from './solar.en';
import { solarFr } from './solar.fr';
import { solarEs } from './solar.es';
import { usageEn } from './usage.en';
import { usageFr } from './usage.fr';
import { usageEs } from './usage.es';
import { devicesEn } from './devices.en';
import { devicesFr } from './devices.fr';
import { devicesEs } from './devices.es';
import { plumbingEn } from './plumbing.en';
import { plumbingFr } from './plumbing.fr';
import { plumbingEs } from './plumbing.es';
import { plugsEn } from './plugs.en';
import { plugsFr } from './plugs.fr';
import { plugsEs } from './plugs.es';
import { manageDevicesEn } from './manage-devices.en';
import { manageDevicesFr } from './manage-devices.fr';
import { manageDevicesEs } from './manage-devices.es';
import { alertsEn } from './alerts.en';
import { alertsFr } from './alerts.fr';
import { alertsEs } from './alerts.es';
import { maintenanceEn } from './maintenance.en';
import { maintenanceFr } from './maintenance.fr';
import { maintenanceEs } from './maintenance.es';

export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

// Every namespace is registered here for all three languages; the Translation<> type on the
// French and Spanish files makes a missing key a type error.
export const resources = {
  en: { common: commonEn, portal: portalEn, help: helpEn, marketing: marketingEn, auth: authEn, settings: settingsEn, charts: chartsEn, dashboard: dashboardEn, solar: solarEn, usage: usageEn, devices: devicesEn, plumbing: plumbingEn, plugs: plugsEn, manageDevices: manageDevicesEn, alerts: alertsEn, maintenance: maintenanceEn },
  fr: { common: commonFr, portal: portalFr, help: helpFr, marketing: marketingFr, auth: authFr, settings: settingsFr, charts: chartsFr, dashboard: dashboardFr, solar: solarFr, usage: usageFr, devices: devicesFr, plumbing: plumbingFr, plugs: plugsFr, manageDevices: manageDevicesFr, alerts: alertsFr, maintenance: maintenanceFr },
  es: { common: commonEs, portal: portalEs, help: helpEs, marketing: marketingEs, auth: authEs, settings: settingsEs, charts: chartsEs, dashboard: dashboardEs, solar: solarEs, usage: usageEs, devices: devicesEs, plumbing: plumbingEs, plugs: plugsEs, manageDevices: manageDevicesEs, alerts: alertsEs, maintenance: maintenanceEs },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
