import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { MeterCounterSample } from './shelly-pro-3em';

/**
 * How a first-generation Shelly EM's channels become one household meter (decision 107). A
 * split-phase Canadian panel has a clamp on each leg, and the home is what both legs carry: the
 * meter reading is the sum of the channels in use. Each channel's values arrive as messages of
 * their own, so a sum is made only once every channel in use has a value recent enough to stand
 * beside the one just received.
 */

/** A channel's power older than this is not added to another's: the firmware reports every 30 s by default. */
export const GEN1_POWER_FRESH_MS = 60_000;

/** One channel's newest values (times in ms), as stored. */
export type Gen1ChannelValues = { channel: number; powerW: number | null; powerMs: number | null; totalWh: number | null; totalMs: number | null; returnedWh: number | null; returnedMs: number | null };

/** The home's power now, the channels' sum (never below zero: an exporting home draws nothing), or null while a channel in use has no recent power. */
export function gen1PowerNow(channels: readonly Gen1ChannelValues[], clamps: number, atMs: number): number | null {
  let sum = 0;
  for (let channel = 0; channel < clamps; channel++) {
    const c = channels.find((x) => x.channel === channel);
    if (!c || c.powerW === null || c.powerMs === null || Math.abs(atMs - c.powerMs) > GEN1_POWER_FRESH_MS) return null;
    sum += c.powerW;
  }
  return Math.max(0, sum);
}

/**
 * The household's import and export totals as of the 5-minute boundary before `atMs`: the sum of
 * the channels' Wh totals, once every channel in use has reported both inside this interval (the
 * first such report after a boundary stands for the boundary, as with the Pro 3EM). Null until then.
 */
export function gen1CountersAt(channels: readonly Gen1ChannelValues[], clamps: number, atMs: number): MeterCounterSample | null {
  const boundary = Math.floor(atMs / INTERVAL_MS) * INTERVAL_MS;
  let importWh = 0;
  let exportWh = 0;
  for (let channel = 0; channel < clamps; channel++) {
    const c = channels.find((x) => x.channel === channel);
    if (!c || c.totalWh === null || c.totalMs === null || c.returnedWh === null || c.returnedMs === null) return null;
    if (c.totalMs < boundary || c.returnedMs < boundary) return null;
    importWh += c.totalWh;
    exportWh += c.returnedWh;
  }
  // Wh with two decimals at most; rounding to 1e-6 kWh drops float noise.
  return { ts: new Date(boundary), importKwh: Math.round(importWh * 1000) / 1e6, exportKwh: Math.round(exportWh * 1000) / 1e6 };
}
