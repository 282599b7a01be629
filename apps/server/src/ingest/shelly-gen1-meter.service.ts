import type { DbOrTx } from '../db/client';
import type { StoreContext } from '../modules/readings/readings.repository';
import { lockGen1Meters, readGen1Channels, saveGen1Value, type Gen1Meter } from '../modules/readings/shelly-gen1.repository';
import type { Gen1Leaf } from '../telemetry/shelly-gen1-em';
import type { MeterCounterSample } from '../telemetry/shelly-pro-3em';
import { gen1CountersAt, gen1PowerNow } from '../telemetry/shelly-gen1-sum';

/** One value a first-generation Shelly EM published, for the meter its topic's id names. */
export type Gen1Write = { meter: Gen1Meter; context: StoreContext; channel: number; leaf: Gen1Leaf; value: number; at: Date };

export type Gen1Outcome = {
  /** The channels' summed totals, for the household meter's intervals (as a Pro 3EM's emdata:0). */
  counters: { householdId: string; deviceId: string; context: StoreContext; sample: MeterCounterSample }[];
  /** The channels' summed power, the household's power right now. */
  power: { householdId: string; ts: Date; powerW: number }[];
  /** The meter heard from, with its summed power: what the pairing screen's "Connected" shows. */
  reports: { deviceId: string; at: Date; powerW: number }[];
};

/**
 * Keeps each channel's newest value and, after each, sums what the channels in use say together
 * (shelly-gen1-sum.ts). Inside the batch's transaction, with the meters' rows locked first, so a
 * channel's value and the other's are read as one transaction left them.
 */
export async function writeGen1Values(tx: DbOrTx, writes: readonly Gen1Write[]): Promise<Gen1Outcome> {
  const outcome: Gen1Outcome = { counters: [], power: [], reports: [] };
  if (writes.length === 0) return outcome;
  await lockGen1Meters(
    tx,
    writes.map((w) => w.meter.deviceId),
  );
  for (const { meter, context, channel, leaf, value, at } of writes) {
    await saveGen1Value(tx, meter.deviceId, channel, leaf, value, at);
    const channels = await readGen1Channels(tx, meter.deviceId);
    if (leaf === 'power') {
      const powerW = gen1PowerNow(channels, meter.clamps, at.getTime());
      if (powerW === null) continue;
      outcome.power.push({ householdId: meter.householdId, ts: at, powerW });
      outcome.reports.push({ deviceId: meter.deviceId, at, powerW });
      continue;
    }
    const sample = gen1CountersAt(channels, meter.clamps, at.getTime());
    if (sample) outcome.counters.push({ householdId: meter.householdId, deviceId: meter.deviceId, context, sample });
  }
  return outcome;
}
