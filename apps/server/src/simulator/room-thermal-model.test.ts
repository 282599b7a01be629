import { describe, expect, it } from 'vitest';
import { stepRoom, type HeatedRoom } from './room-thermal-model';

// The Montréal demo's living room: 1.5 kW of baseboard, 20 W/K to outdoors, τ = 12 h, held at 21 °C.
const room: HeatedRoom = { heaterId: 'heater', setpointC: 21, lossWPerK: 20, timeConstantHours: 12 };
const RATED_W = 1500;
const FIVE_MINUTES = 5 / 60;

/** Five-minute steps at a steady outdoor temperature, as the simulator takes them. */
function run(fromC: number, outdoorC: number, heaterOn: boolean, steps: number) {
  const trace: { tempC: number; heaterW: number }[] = [];
  let tempC = fromC;
  for (let i = 0; i < steps; i += 1) {
    const step = stepRoom(room, RATED_W, tempC, outdoorC, heaterOn, FIVE_MINUTES);
    trace.push(step);
    tempC = step.tempC;
  }
  return trace;
}

describe('a baseboard-heated room', () => {
  it('an hour with its heater off at −15 °C outdoors takes it from 21 °C through a 19 °C floor', () => {
    const trace = run(21, -15, false, 12);
    // By hand: T(t) = −15 + 36·e^(−t/12 h). At 40 min 19.05 °C, at 45 min 18.82 °C, at 60 min 18.12 °C.
    expect(trace[7]!.tempC).toBeCloseTo(19.05, 2);
    expect(trace[8]!.tempC).toBeCloseTo(18.82, 2);
    expect(trace[11]!.tempC).toBeCloseTo(18.12, 2);
    expect(trace.findIndex((s) => s.tempC < 19)).toBe(8);
    expect(trace.every((s) => s.heaterW === 0)).toBe(true);
  });

  it('recovers when its heater is back on: past the floor’s 1 °C margin within 35 minutes, at its setpoint within the hour', () => {
    const trace = run(18.122, -15, true, 12);
    // By hand: towards −15 + 1500/20 = 60 °C. 20 °C after 12·ln(41.878/40) h = 33.0 min; 21 °C after 12·ln(41.878/39) h = 51.3 min.
    expect(trace[5]!.tempC).toBeLessThan(20);
    expect(trace[6]!.tempC).toBeGreaterThan(20);
    expect(trace[9]!.tempC).toBeLessThan(21);
    expect(trace[10]!.tempC).toBe(21);
    expect(trace[11]!.tempC).toBe(21);
    // Full power until it gets there, then what holds 21 °C against −15 °C: 20 W/K × 36 K = 720 W.
    expect(trace.slice(0, 10).every((s) => s.heaterW === RATED_W)).toBe(true);
    expect(trace[11]!.heaterW).toBeCloseTo(720, 6);
    // The step that reaches it: 1.3 min at 1500 W and 3.7 min at 720 W (51.27 − 50 min at full power).
    const fullMinutes = 12 * 60 * Math.log((60 - 18.122) / 39) - 50;
    expect(trace[10]!.heaterW).toBeCloseTo((1500 * fullMinutes + 720 * (5 - fullMinutes)) / 5, 3);
  });

  it('a room above its setpoint with the heater on drifts down to it without drawing', () => {
    expect(stepRoom(room, RATED_W, 22, -15, true, FIVE_MINUTES)).toEqual({ tempC: -15 + 37 * Math.exp(-FIVE_MINUTES / 12), heaterW: 0 });
  });

  it('a baseboard too small for the cold only slows the fall', () => {
    const step = stepRoom(room, 500, 21, -15, true, 1);
    // Towards −15 + 500/20 = 10 °C.
    expect(step).toEqual({ tempC: 10 + 11 * Math.exp(-1 / 12), heaterW: 500 });
  });
});
