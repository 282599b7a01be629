import type { DEMO_NEIGHBOURS } from '@peakwise/contracts/demo-account';
import { CALGARY_CLIMATE, MONTREAL_CLIMATE, VANCOUVER_CLIMATE, type Climate } from './climate';
import type { ApplianceDevice, HouseholdProfile, Room } from './household-profile';
import type { HeatedRoom } from './room-thermal-model';

export type DemoNeighbour = (typeof DEMO_NEIGHBOURS)[number];

/**
 * How each province's demo member lives (decision 103): what makes their events worth joining is
 * their heating. Montréal heats with electric baseboards, as most Québec homes do; Vancouver with a
 * heat pump that carries about half of its heat; Calgary with a gas furnace, as most of Alberta.
 * A few plugs each, so an event has something to switch; none has panels.
 */
const PLACES: Record<DemoNeighbour['province'], { latitude: number; longitude: number; climate: Climate; occupants: number; electricHeatingShare: number; hasCentralAc: boolean; standbyW: number }> = {
  QC: { latitude: 45.51, longitude: -73.57, climate: MONTREAL_CLIMATE, occupants: 2, electricHeatingShare: 1, hasCentralAc: false, standbyW: 110 },
  BC: { latitude: 49.28, longitude: -123.12, climate: VANCOUVER_CLIMATE, occupants: 3, electricHeatingShare: 0.5, hasCentralAc: false, standbyW: 120 },
  AB: { latitude: 51.05, longitude: -114.07, climate: CALGARY_CLIMATE, occupants: 4, electricHeatingShare: 0, hasCentralAc: true, standbyW: 140 },
};

function plug(id: string, name: string, room: Room, behaviour: ApplianceDevice['behaviour'], ratedW: number, neverSwitch = false): ApplianceDevice {
  return { id, name, room, kind: 'smart_plug', behaviour, ratedW, switchable: !neverSwitch, neverSwitch };
}

/**
 * Montréal's living room heats on its own baseboard, on a relay the member marks as heating, with
 * a thermometer beside it: the room an event lets cool (decision 109). Held at 21 °C; 20 W/K to
 * outdoors and τ = 12 h are our estimate for a living room of a 1970s bungalow (see 109).
 */
const MONTREAL_LIVING_ROOM: HeatedRoom = { heaterId: 'home-baseboard-living', setpointC: 21, lossWPerK: 20, timeConstantHours: 12 };

const MONTREAL_HEATING: ApplianceDevice[] = [
  { id: MONTREAL_LIVING_ROOM.heaterId, name: 'Living Room Baseboard', room: 'Living Room', kind: 'smart_plug', behaviour: 'baseboard', ratedW: 1500, switchable: true, neverSwitch: false },
  { id: 'home-thermo-living', name: 'Living Room Thermometer', room: 'Living Room', kind: 'temperature', behaviour: 'room_thermometer', ratedW: 1, switchable: false, neverSwitch: false },
];

/** The simulated home behind a province's demo member, reported through ingestion like the demo household's. */
export function neighbourProfile(who: DemoNeighbour): HouseholdProfile {
  const place = PLACES[who.province];
  return {
    name: `${who.city} home`,
    postalCode: who.postalCode,
    city: who.city,
    province: who.province,
    timeZone: who.timeZone,
    ...place,
    solar: { tiltDeg: 30, azimuthDeg: 180, panels: [] },
    appliances: [
      plug('home-plug-fridge', 'Refrigerator', 'Kitchen', 'fridge', 120, true),
      plug('home-plug-tv', 'TV & Entertainment', 'Living Room', 'tv', 140),
      plug('home-plug-office', 'Office Computer', 'Office', 'computer', 110),
      plug('home-plug-washer', 'Washing Machine', 'Bathroom', 'washer', 500),
      ...(who.province === 'QC' ? MONTREAL_HEATING : []),
    ],
    ...(who.province === 'QC' ? { heatedRoom: MONTREAL_LIVING_ROOM } : {}),
    water: {
      meter: { id: 'home-water-meter', name: 'Water Meter', room: 'Bathroom', kind: 'water_meter' },
      // A plain electric tank, the common kind in all three provinces: the element does the work.
      heater: { id: 'home-water-heater', name: 'Water Heater', room: 'Bathroom', kind: 'water_heater', tankLitres: 180, setpointC: 55, heatPumpW: 0, elementW: 3000 },
    },
  };
}

/**
 * Days of history each is given at its first start: enough for its baseline's ten weekdays
 * (within the 45 days it looks back) and a month of charts, without tripling the demo's back-fill.
 */
export const NEIGHBOUR_BACKFILL_DAYS = 30;
