import { z } from 'zod';
import type { IngestRejectionReason } from '@peakwise/contracts/ingest.contract';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import { reasonFromIssues } from './issue-reason';

/**
 * A Shelly Pro 3EM at the service entrance, on the same MQTT prefix as a Gen2 plug, publishes its
 * EM status on `<prefix>/status/em:0` (phase and total active power in W, `total_act_power`
 * negative while the home exports: https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/EM)
 * and its counters on `<prefix>/status/emdata:0` (`total_act` imported and `total_act_ret`
 * returned energy, Wh since the meter was installed:
 * https://shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/EMData). It sees the grid only,
 * so what it says becomes the household meter: import and export, power right now.
 */

const emSchema = z.looseObject({ id: z.number().int().optional(), total_act_power: z.number() });
const emDataSchema = z.looseObject({ id: z.number().int().optional(), total_act: z.number().min(0), total_act_ret: z.number().min(0) });

export type MeterCounterSample = {
  /** The 5-minute boundary at or before the report: the counters are read as of that instant. */
  ts: Date;
  importKwh: number;
  exportKwh: number;
};

type Parsed<T> = { ok: true; value: T | null } | { ok: false; reason: IngestRejectionReason; message: string };

/** The whole-home power a status/em:0 reports, never below zero (an exporting home draws nothing from the grid). */
export function parseEmStatus(payload: unknown): Parsed<number> {
  const parsed = emSchema.safeParse(payload, { reportInput: true });
  if (!parsed.success) return fail(parsed.error.issues);
  if (parsed.data.id !== undefined && parsed.data.id !== 0) return { ok: true, value: null };
  return { ok: true, value: Math.max(0, parsed.data.total_act_power) };
}

/** The import and export counters of a status/emdata:0, in kWh, stamped with the boundary before `receivedAt`. */
export function parseEmDataStatus(payload: unknown, receivedAt: Date): Parsed<MeterCounterSample> {
  const parsed = emDataSchema.safeParse(payload, { reportInput: true });
  if (!parsed.success) return fail(parsed.error.issues);
  if (parsed.data.id !== undefined && parsed.data.id !== 0) return { ok: true, value: null };
  return {
    ok: true,
    value: {
      ts: new Date(Math.floor(receivedAt.getTime() / INTERVAL_MS) * INTERVAL_MS),
      // Wh with two decimals; rounding to 1e-6 kWh drops float noise.
      importKwh: Math.round(parsed.data.total_act * 1000) / 1e6,
      exportKwh: Math.round(parsed.data.total_act_ret * 1000) / 1e6,
    },
  };
}

function fail<T>(issues: readonly z.core.$ZodIssue[]): Parsed<T> {
  const { reason, detail } = reasonFromIssues(issues);
  return { ok: false, reason, message: detail };
}
