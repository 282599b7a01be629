import type { IngestRejection, IngestResult } from '@peakwise/contracts/ingest.contract';
import type { Db } from '../db/client';
import type { IngestPrincipal } from '../modules/devices/ingest-credential.service';
import { storeBatch } from '../modules/readings/reading-store';
import { loadStoreContext } from '../modules/readings/readings.repository';
import { validateBatch, type BatchRefusal } from '../telemetry/validate-readings';

export type IngestOutcome = { ok: true; result: IngestResult } | BatchRefusal;

const DEVICE_TOKEN_METER_DETAIL = 'a device token cannot write the household meter';

/**
 * One batch from an authenticated sender, whatever the transport: validate against the devices
 * the principal may write, then store. A device token's meter readings are refused one by one.
 */
export async function ingestReadings(db: Db, principal: IngestPrincipal, body: unknown, now: Date = new Date()): Promise<IngestOutcome> {
  const context = await loadStoreContext(db, principal.householdId, principal.device?.id);
  if (!context) throw new Error(`Credential ${principal.credentialId} names a missing household`);
  const validated = validateBatch(body, now, { knownDevices: new Set(context.deviceIds.keys()) });
  if (!validated.ok) return validated;

  if (principal.device && validated.meter.length > 0) {
    const refused: IngestRejection[] = validated.meter.map((r) => ({
      index: r.index,
      series: 'meter',
      reason: 'unknown_device',
      message: `No device with this id belongs to the authenticated household or token. (${DEVICE_TOKEN_METER_DETAIL})`,
    }));
    const result = await storeBatch(db, principal.householdId, { ...validated, meter: [], rejected: [...validated.rejected, ...refused] }, { context, now });
    return { ok: true, result };
  }
  return { ok: true, result: await storeBatch(db, principal.householdId, validated, { context, now }) };
}
