/**
 * Manual benchmark, not a test: `npx tsx apps/server/src/simulator/simulator-benchmark.ts`.
 * Times a 90-day back-fill of the demo household (every interval, every device series).
 */

import { DEMO_HOUSEHOLD } from './household-profile';
import { simulateRange } from './household-simulator';

const from = new Date(Date.UTC(2026, 0, 1, 5));
const to = new Date(from.getTime() + 90 * 86_400_000);
const started = performance.now();
let intervals = 0;
let series = 0;
let kwh = 0;
for (const iv of simulateRange(DEMO_HOUSEHOLD, from, to, 1)) {
  intervals += 1;
  series = iv.devices.length + 1;
  kwh += iv.meter.consumptionKwh;
}
const ms = performance.now() - started;
console.log(`${intervals} intervals × ${series} series in ${ms.toFixed(0)} ms (${((ms * 1000) / intervals).toFixed(1)} µs/interval); ${kwh.toFixed(0)} kWh consumed`);
