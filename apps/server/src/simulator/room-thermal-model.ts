/**
 * One room heated by a baseboard on a switchable relay, as a first-order thermal model
 * (decision 109): C·dT/dt = UA·(T_out − T) + P, so the room moves exponentially, with time
 * constant τ = C/UA, toward T_out when the heater is off and toward T_out + P/UA when it is on,
 * until the baseboard's own thermostat holds it at its setpoint.
 */

export interface HeatedRoom {
  /** The appliance (a relay or plug) that powers the room's baseboard; its ratedW is the baseboard's power. */
  heaterId: string;
  /** Where the baseboard's own thermostat holds the room, °C. */
  setpointC: number;
  /** The room's heat loss to outdoors, W/K. */
  lossWPerK: number;
  /** τ = C/UA, hours. */
  timeConstantHours: number;
}

/** The room's temperature carried from one interval to the next by whoever simulates it in order. */
export interface RoomState {
  tempC: number;
}

export interface RoomStep {
  /** At the end of the step, °C. */
  tempC: number;
  /** The heater's mean draw over the step, W. */
  heaterW: number;
}

/**
 * The room after `hours` with the heater on (its relay closed) or off, from `tempC`, at a steady
 * `outdoorC`. Exact for the linear model; with the heater on, the thermostat clips at the
 * setpoint and then draws only what holds it there (never more than its rating).
 */
export function stepRoom(room: HeatedRoom, ratedW: number, tempC: number, outdoorC: number, heaterOn: boolean, hours: number): RoomStep {
  const decay = Math.exp(-hours / room.timeConstantHours);
  const driftedC = outdoorC + (tempC - outdoorC) * decay;
  if (!heaterOn) return { tempC: driftedC, heaterW: 0 };
  const heatedC = outdoorC + ratedW / room.lossWPerK;
  if (tempC >= room.setpointC) {
    // Warm enough that its thermostat is open: the room drifts down to the setpoint, where the
    // thermostat closes and draws only what holds it there (if the baseboard can).
    if (driftedC >= room.setpointC) return { tempC: driftedC, heaterW: 0 };
    if (heatedC >= room.setpointC) return { tempC: room.setpointC, heaterW: room.lossWPerK * (room.setpointC - outdoorC) };
  }
  const reachedC = heatedC + (tempC - heatedC) * decay;
  if (reachedC <= room.setpointC) return { tempC: reachedC, heaterW: ratedW };
  // Full power until the setpoint, at t* = τ·ln((T_h − T)/(T_h − T_set)), then what holds it.
  const toSetpointHours = room.timeConstantHours * Math.log((heatedC - tempC) / (heatedC - room.setpointC));
  const holdW = Math.max(0, room.lossWPerK * (room.setpointC - outdoorC));
  return { tempC: room.setpointC, heaterW: (ratedW * toSetpointHours + holdW * (hours - toSetpointHours)) / hours };
}
