/**
 * The demo household as data: where it is, its solar array, and every device the portal shows.
 * Device ids are the external ids the simulator sends through ingestion (MQTT/HTTP), so they
 * follow the ingest id pattern [A-Za-z0-9_.:-]{1,64}.
 */

import { type Climate, TORONTO_CLIMATE } from './climate';
import type { ComponentKind } from '@peakwise/domain/maintenance-catalogue';
import type { OutageSpec } from './device-outages';
import type { HeatedRoom } from './room-thermal-model';
import type { PanelSpec, PvArray } from './solar-model';

export type Room = 'Living Room' | 'Kitchen' | 'Bedroom' | 'Bathroom' | 'Office';

export type DeviceKind =
  | 'smart_plug'
  | 'lighting'
  | 'temperature'
  | 'camera'
  | 'power'
  | 'solar_panel'
  | 'water_meter'
  | 'water_heater';

/** Which power trace drives an appliance (see appliance-traces.ts). */
export type ApplianceBehaviour =
  | 'fridge'
  | 'freezer'
  | 'sump_pump'
  | 'cpap'
  | 'tv'
  | 'computer'
  | 'space_heater'
  | 'dehumidifier'
  | 'washer'
  | 'dryer'
  | 'ev_charger'
  | 'lighting'
  | 'camera'
  | 'thermostat'
  /** A baseboard on a relay: its draw is the heated room's (room-thermal-model.ts). */
  | 'baseboard'
  /** A room's own thermometer, reporting the heated room's temperature. */
  | 'room_thermometer';

export interface ApplianceDevice {
  id: string;
  name: string;
  room: Room;
  kind: Exclude<DeviceKind, 'solar_panel' | 'water_meter' | 'water_heater'>;
  behaviour: ApplianceBehaviour;
  /** Nameplate or typical running power, W. */
  ratedW: number;
  /** The member can switch it off from the portal (smart plugs, smart EV charger). */
  switchable: boolean;
  /** Must never be switched off remotely: food storage, sump pump, medical equipment. */
  neverSwitch: boolean;
  /** How often it drops off the network (its readings go missing); never for plugs the member switches. */
  outage?: OutageSpec;
}

export interface SolarPanelDevice extends PanelSpec {
  kind: 'solar_panel';
  location: 'Roof';
}

export interface WaterDevices {
  meter: { id: string; name: string; room: Room; kind: 'water_meter' };
  heater: {
    id: string;
    name: string;
    room: Room;
    kind: 'water_heater';
    tankLitres: number;
    setpointC: number;
    /** Heat-pump compressor electrical draw, W; larger recoveries fall back to the element. */
    heatPumpW: number;
    elementW: number;
    outage?: OutageSpec;
  };
}

/** Equipment the household maintains: the device it is (null for the whole solar array) and when it was last serviced. */
export interface MaintainedEquipment {
  deviceId: string | null;
  kind: ComponentKind;
  /** Days before the household was set up; null = never. */
  lastDoneDaysAgo: number | null;
}

export interface HouseholdProfile {
  name: string;
  postalCode: string;
  city: string;
  province: 'ON' | 'BC' | 'AB' | 'QC';
  latitude: number;
  longitude: number;
  timeZone: string;
  occupants: number;
  climate: Climate;
  solar: Omit<PvArray, 'panels'> & { panels: readonly SolarPanelDevice[] };
  appliances: readonly ApplianceDevice[];
  water: WaterDevices;
  /** Always-on load not on any plug (router, furnace controls, clocks, chargers), W. */
  standbyW: number;
  /** Share of space heating that is electric (0 for a gas furnace home, 1 for baseboards). */
  electricHeatingShare: number;
  hasCentralAc: boolean;
  maintenance?: readonly MaintainedEquipment[];
  /** A room whose temperature is simulated, heated by one of the appliances (a baseboard on a relay). */
  heatedRoom?: HeatedRoom;
}

function panels(count: number, ratedW: number): SolarPanelDevice[] {
  return Array.from({ length: count }, (_, i) => ({
    externalId: `demo-panel-${String(i + 1).padStart(2, '0')}`,
    name: `Panel ${i + 1}`,
    ratedW,
    kind: 'solar_panel' as const,
    location: 'Roof' as const,
  }));
}

const DEMO_PANELS = panels(16, 400).map((p) => {
  // Two panels carry faults so maintenance alerts have something real to find: bird droppings
  // on panel 7 (cleaning) and, on panel 13, a cell string that loses up to 20 % over four months
  // before the panel is replaced (predictive). The phase puts late 2026 mid-cycle.
  if (p.name === 'Panel 7') return { ...p, soilingLoss: 0.08 };
  if (p.name === 'Panel 13') return { ...p, degradationCycle: { maxLoss: 0.2, periodDays: 120, phaseDays: 41 } };
  return p;
});

function plug(
  id: string,
  name: string,
  room: Room,
  behaviour: ApplianceBehaviour,
  ratedW: number,
  neverSwitch = false,
  outage?: OutageSpec,
): ApplianceDevice {
  return { id, name, room, kind: 'smart_plug', behaviour, ratedW, switchable: !neverSwitch, neverSwitch, ...(outage ? { outage } : {}) };
}

export const DEMO_HOUSEHOLD: HouseholdProfile = {
  name: 'Demo household',
  postalCode: 'M5V 3L9',
  city: 'Toronto',
  province: 'ON',
  latitude: 43.64,
  longitude: -79.39,
  timeZone: 'America/Toronto',
  occupants: 3,
  climate: TORONTO_CLIMATE,
  // 6.4 kWp on a south roof; tilt ≈ latitude − 10°, a common compromise that favours summer.
  solar: { tiltDeg: 34, azimuthDeg: 180, panels: DEMO_PANELS },
  appliances: [
    // The kitchen plug sits at the edge of the router's range.
    plug('demo-plug-fridge', 'Refrigerator', 'Kitchen', 'fridge', 120, true, { perDay: 0.02, maxHours: 2 }),
    plug('demo-plug-freezer', 'Chest Freezer', 'Kitchen', 'freezer', 90, true),
    plug('demo-plug-sump', 'Sump Pump', 'Bathroom', 'sump_pump', 800, true, { perDay: 0.01, maxHours: 3 }),
    plug('demo-plug-cpap', 'CPAP Machine', 'Bedroom', 'cpap', 45, true),
    plug('demo-plug-tv', 'TV & Entertainment', 'Living Room', 'tv', 140),
    plug('demo-plug-office', 'Office Computer', 'Office', 'computer', 110),
    plug('demo-plug-heater', 'Space Heater', 'Office', 'space_heater', 1500),
    plug('demo-plug-dehumidifier', 'Dehumidifier', 'Bathroom', 'dehumidifier', 300),
    plug('demo-plug-washer', 'Washing Machine', 'Bathroom', 'washer', 500),
    {
      id: 'demo-dryer-monitor',
      name: 'Clothes Dryer',
      room: 'Bathroom',
      kind: 'power',
      behaviour: 'dryer',
      ratedW: 3000,
      // 240 V appliance on a current-clamp monitor: measured, not switchable.
      switchable: false,
      neverSwitch: false,
    },
    { id: 'demo-light-living', name: 'Living Room Lights', room: 'Living Room', kind: 'lighting', behaviour: 'lighting', ratedW: 60, switchable: true, neverSwitch: false },
    { id: 'demo-light-bedroom', name: 'Bedroom Lamp', room: 'Bedroom', kind: 'lighting', behaviour: 'lighting', ratedW: 20, switchable: true, neverSwitch: false },
    { id: 'demo-thermostat', name: 'Thermostat', room: 'Living Room', kind: 'temperature', behaviour: 'thermostat', ratedW: 3000, switchable: false, neverSwitch: false, outage: { perDay: 0.015, maxHours: 2 } },
    // Outdoors on Wi-Fi: the least reliable link in the house.
    { id: 'demo-camera-front', name: 'Front Door Camera', room: 'Living Room', kind: 'camera', behaviour: 'camera', ratedW: 6, switchable: false, neverSwitch: false, outage: { perDay: 0.05, maxHours: 6 } },
  ],
  water: {
    meter: { id: 'demo-water-meter', name: 'Water Meter', room: 'Bathroom', kind: 'water_meter' },
    heater: {
      id: 'demo-water-heater',
      name: 'Heat Pump Water Heater',
      room: 'Bathroom',
      kind: 'water_heater',
      tankLitres: 190,
      setpointC: 57,
      heatPumpW: 500,
      elementW: 4500,
      outage: { perDay: 0.01, maxHours: 4 },
    },
  },
  standbyW: 150,
  electricHeatingShare: 0,
  hasCentralAc: true,
  // Service dates spread so the calendar has something in every state: the furnace filter due
  // within a week, the sump pump test overdue, the washer's monthly clean coming up.
  maintenance: [
    { deviceId: null, kind: 'solar_array', lastDoneDaysAgo: 150 },
    { deviceId: 'demo-thermostat', kind: 'hvac', lastDoneDaysAgo: 83 },
    { deviceId: 'demo-water-heater', kind: 'water_heater', lastDoneDaysAgo: 340 },
    { deviceId: 'demo-water-meter', kind: 'water_supply', lastDoneDaysAgo: 200 },
    { deviceId: 'demo-camera-front', kind: 'camera', lastDoneDaysAgo: 150 },
    { deviceId: 'demo-plug-fridge', kind: 'refrigerator', lastDoneDaysAgo: 300 },
    { deviceId: 'demo-plug-freezer', kind: 'freezer', lastDoneDaysAgo: 100 },
    { deviceId: 'demo-plug-sump', kind: 'sump_pump', lastDoneDaysAgo: 95 },
    { deviceId: 'demo-plug-dehumidifier', kind: 'dehumidifier', lastDoneDaysAgo: 12 },
    { deviceId: 'demo-plug-washer', kind: 'washer', lastDoneDaysAgo: 20 },
    { deviceId: 'demo-dryer-monitor', kind: 'dryer', lastDoneDaysAgo: 330 },
  ],
};

/** The same household with a 7.2 kW Level 2 EV charger, charging overnight on the ULO rate. */
export function withEvCharger(profile: HouseholdProfile): HouseholdProfile {
  const charger: ApplianceDevice = {
    id: 'demo-ev-charger',
    name: 'EV Charger',
    room: 'Office',
    kind: 'power',
    behaviour: 'ev_charger',
    ratedW: 7200,
    switchable: true,
    neverSwitch: false,
  };
  return { ...profile, appliances: [...profile.appliances, charger] };
}

/** Every device id the simulator reports for a profile, panels first. */
export function deviceIds(profile: HouseholdProfile): string[] {
  return [
    ...profile.solar.panels.map((p) => p.externalId),
    ...profile.appliances.map((a) => a.id),
    profile.water.meter.id,
    profile.water.heater.id,
  ];
}
