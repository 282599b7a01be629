/**
 * What Peakwise maintains and how often. A component is a piece of equipment the member keeps in
 * working order; most stand for one device (a panel, the thermostat's HVAC, the water heater), the
 * solar array stands for all panels together. The intervals are common manufacturer and agency
 * guidance, rounded to whole days; the member can always schedule another date.
 */

import { addDays, type LocalDate } from './local-time';

export const COMPONENT_KINDS = [
  'solar_panel',
  'solar_array',
  'hvac',
  'water_heater',
  'water_supply',
  'sump_pump',
  'refrigerator',
  'freezer',
  'dehumidifier',
  'washer',
  'dryer',
  'camera',
  'ev_charger',
  'appliance',
] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

export const MAINTENANCE_TASKS = [
  'clean_panel',
  'inspect_array',
  'replace_hvac_filter',
  'flush_water_heater',
  'inspect_plumbing',
  'test_sump_pump',
  'clean_condenser_coils',
  'defrost_freezer',
  'clean_dehumidifier_filter',
  'clean_washer',
  'clean_dryer_vent',
  'clean_camera_lens',
  'inspect_ev_charger',
  'inspect',
] as const;
export type MaintenanceTask = (typeof MAINTENANCE_TASKS)[number];

/**
 * How a component's daily health is measured (maintenance-health.ts):
 * - peer_yield: a panel's energy per rated kW against the median panel of its array the same day
 *   (the same sun falls on all of them, so weather cancels out);
 * - reference_efficiency: the day's efficiency against the component's own usual clean level;
 * - uptime: the share of the day's 5-minute intervals the device reported.
 */
export type HealthMethod = 'peer_yield' | 'reference_efficiency' | 'uptime';

export type ComponentSpec = {
  task: MaintenanceTask;
  /** Days between routine maintenance; null = on demand only (an alert says when). */
  intervalDays: number | null;
  health: HealthMethod;
};

export const COMPONENT_CATALOGUE: Readonly<Record<ComponentKind, ComponentSpec>> = {
  // Panels are cleaned when the cleaning rule finds dirt, not on a calendar.
  solar_panel: { task: 'clean_panel', intervalDays: null, health: 'peer_yield' },
  // A yearly look at racking, wiring and inverters, as installers' O&M plans schedule it.
  solar_array: { task: 'inspect_array', intervalDays: 365, health: 'reference_efficiency' },
  // 1-inch furnace filters: replace about every three months.
  hvac: { task: 'replace_hvac_filter', intervalDays: 90, health: 'uptime' },
  // Draining sediment once a year keeps recovery efficient (tank manufacturers' manuals).
  water_heater: { task: 'flush_water_heater', intervalDays: 365, health: 'reference_efficiency' },
  water_supply: { task: 'inspect_plumbing', intervalDays: 365, health: 'uptime' },
  // Pour water in the pit and watch it cycle, every three months.
  sump_pump: { task: 'test_sump_pump', intervalDays: 90, health: 'uptime' },
  refrigerator: { task: 'clean_condenser_coils', intervalDays: 365, health: 'uptime' },
  freezer: { task: 'defrost_freezer', intervalDays: 365, health: 'uptime' },
  // Bucket and filter: about monthly in the humid season.
  dehumidifier: { task: 'clean_dehumidifier_filter', intervalDays: 30, health: 'uptime' },
  // A monthly tub-clean cycle for front loaders.
  washer: { task: 'clean_washer', intervalDays: 30, health: 'uptime' },
  // Lint in dryer vents is a leading cause of dryer fires: clean the vent yearly.
  dryer: { task: 'clean_dryer_vent', intervalDays: 365, health: 'uptime' },
  camera: { task: 'clean_camera_lens', intervalDays: 180, health: 'uptime' },
  ev_charger: { task: 'inspect_ev_charger', intervalDays: 365, health: 'uptime' },
  appliance: { task: 'inspect', intervalDays: null, health: 'uptime' },
};

/**
 * The component a newly paired device gets without asking: equipment whose kind says what it is.
 * A smart plug or power monitor could feed anything, so it gets one only when the member (or the
 * demo profile) says which appliance it is.
 */
export function componentKindForDevice(deviceKind: string): ComponentKind | null {
  switch (deviceKind) {
    case 'solar_panel':
      return 'solar_panel';
    case 'temperature':
      return 'hvac';
    case 'water_heater':
      return 'water_heater';
    case 'water_meter':
      return 'water_supply';
    case 'camera':
      return 'camera';
    default:
      return null;
  }
}

/** The next routine date: the interval after the last maintenance, or after `since` (pairing) when never maintained. */
export function nextRoutineDate(kind: ComponentKind, lastMaintenance: LocalDate | null, since: LocalDate): LocalDate | null {
  const interval = COMPONENT_CATALOGUE[kind].intervalDays;
  return interval === null ? null : addDays(lastMaintenance ?? since, interval);
}
