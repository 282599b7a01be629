import type { ComponentStatus, MaintenanceAlert, MaintenanceOverview, MaintenanceRange } from '@peakwise/contracts/maintenance.contract';
import { maintenanceOverviewSchema } from '@peakwise/contracts/maintenance.contract';

/** Test data for the Maintenance screen, shaped (and checked) by the contract. "Now" is 2025-11-24 12:00 in Toronto. */
export const NOW = new Date('2025-11-24T17:00:00.000Z');
export const TODAY = '2025-11-24';

const component = (c: Partial<ComponentStatus> & Pick<ComponentStatus, 'id' | 'name' | 'kind' | 'task'>): ComponentStatus => ({
  deviceId: null,
  room: null,
  healthPct: null,
  status: 'unknown',
  mtbfHours: null,
  mttrHours: null,
  reliabilitySource: null,
  lastMaintenance: null,
  nextMaintenance: null,
  nextMaintenanceSource: 'interval',
  intervalDays: 90,
  ...c,
});

export const panel3 = component({
  id: 'c-panel-3', name: 'Panel 3', kind: 'solar_panel', task: 'clean_panel', room: 'Roof', deviceId: 'd-p3',
  healthPct: 98.4, status: 'operational', mtbfHours: 4176, mttrHours: 2.5, reliabilitySource: 'observed',
  lastMaintenance: '2025-09-01', nextMaintenance: '2025-12-01',
});
export const waterHeater = component({
  id: 'c-heater', name: 'Water heater', kind: 'water_heater', task: 'flush_water_heater', room: 'Basement', deviceId: 'd-wh',
  healthPct: 91, status: 'operational', mtbfHours: 2880, mttrHours: null, reliabilitySource: 'no_failures',
  lastMaintenance: '2025-05-10', nextMaintenance: '2025-11-29', intervalDays: 365,
});
export const furnace = component({
  id: 'c-hvac', name: 'Furnace', kind: 'hvac', task: 'replace_hvac_filter', room: 'Basement', deviceId: 'd-th',
  healthPct: 84.5, status: 'warning', mtbfHours: 1200, mttrHours: 6, reliabilitySource: 'observed',
  lastMaintenance: '2025-08-20', nextMaintenance: '2025-11-20',
});
export const panel13 = component({
  id: 'c-panel-13', name: 'Panel 13', kind: 'solar_panel', task: 'clean_panel', room: 'Roof', deviceId: 'd-p13',
  healthPct: 72, status: 'critical', mtbfHours: 12, mttrHours: 4, reliabilitySource: 'observed',
  nextMaintenance: '2026-01-15', nextMaintenanceSource: 'scheduled',
});
export const camera = component({ id: 'c-camera', name: 'Front door camera', kind: 'camera', task: 'clean_camera_lens', room: 'Entrance', intervalDays: 180 });

const alert = (a: Partial<MaintenanceAlert> & Pick<MaintenanceAlert, 'id' | 'componentId' | 'component' | 'type' | 'priority' | 'cause' | 'metric'>): MaintenanceAlert => ({
  device: a.component,
  componentKind: 'solar_panel',
  params: {},
  detectedAt: '2025-11-24T15:00:00.000Z',
  updatedAt: '2025-11-24T16:55:00.000Z',
  scheduledFor: null,
  ...a,
});

export const alerts: MaintenanceAlert[] = [
  alert({ id: 'a-decline', componentId: 'c-panel-13', component: 'Panel 13', type: 'predictive', priority: 'high', cause: 'health_decline', metric: { kind: 'degradation_pct', value: 12.5 }, params: { windowDays: 14 } }),
  alert({
    id: 'a-leak', componentId: 'c-water', component: 'Water supply', device: 'Water meter', componentKind: 'water_supply', type: 'leak', priority: 'high', cause: 'night_flow',
    metric: { kind: 'litres_per_hour', value: 1.8 }, params: { night: '2025-11-23' }, detectedAt: '2025-11-24T11:00:00.000Z',
  }),
  alert({
    id: 'a-filter', componentId: 'c-hvac', component: 'Furnace', componentKind: 'hvac', type: 'preventive', priority: 'medium', cause: 'maintenance_due',
    metric: { kind: 'days_until_due', value: -4 }, params: { task: 'replace_hvac_filter' }, detectedAt: '2025-11-20T10:00:00.000Z',
  }),
  alert({
    id: 'a-soiling', componentId: 'c-panel-3', component: 'Panel 3', type: 'cleaning', priority: 'low', cause: 'panel_soiling',
    metric: { kind: 'hours_to_clean', value: 0.5 }, params: { shortfallPct: 14 }, scheduledFor: '2025-12-01', detectedAt: '2025-11-22T17:00:00.000Z',
  }),
];

/** 30/90/365 daily points ending today; one missing day (a gap) and one day whose weakest component fell below the axis. */
function performance(range: MaintenanceRange): MaintenanceOverview['performance'] {
  const days = { '30d': 30, '90d': 90, '365d': 365 }[range];
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.parse(`${TODAY}T12:00:00Z`) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const missing = i === days - 10;
    return { date, averageHealthPct: missing ? null : 88 + (i % 5), lowestHealthPct: missing ? null : i === days - 4 ? 72 : 84 };
  });
}

export function overview(range: MaintenanceRange = '30d', patch: Partial<MaintenanceOverview> = {}): MaintenanceOverview {
  return maintenanceOverviewSchema.parse({
    timeZone: 'America/Toronto',
    today: TODAY,
    range,
    cards: {
      averageHealthPct: 86.475,
      componentCount: 5,
      nextMaintenance: { componentId: 'c-hvac', component: 'Furnace', date: '2025-11-20' },
      averageMttrHours: 25 / 6,
    },
    alerts,
    components: [panel3, waterHeater, furnace, panel13, camera],
    upcoming: [furnace, waterHeater, panel3],
    performance: performance(range),
    ...patch,
  });
}
