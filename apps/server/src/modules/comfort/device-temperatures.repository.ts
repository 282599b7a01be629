import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type TemperatureSample = { deviceId: string; atMs: number; temperatureC: number };

/**
 * Keeps each temperature device's newest reading (decision 109): the comfort rule needs the
 * room's latest figure and its age, not a history (the 5-minute device readings keep that). Only
 * devices of kind `temperature` count, so a plug's own `temperatureC` (its relay's heat) never
 * passes for the room's. An implausible figure is left out here rather than refused by the
 * table's check, which would roll back the whole ingest batch.
 */
export async function recordDeviceTemperatures(tx: DbOrTx, samples: readonly TemperatureSample[]): Promise<void> {
  if (samples.length === 0) return;
  const newest = new Map<string, TemperatureSample>();
  for (const s of samples) if ((newest.get(s.deviceId)?.atMs ?? -Infinity) <= s.atMs) newest.set(s.deviceId, s);
  const rows = [...newest.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1)).map((s) => ({ d: s.deviceId, ms: s.atMs, t: s.temperatureC }));
  await tx.execute(sql`
    insert into device_temperatures (device_id, household_id, temperature_c, measured_at)
    select d.id, d.household_id, r.t, to_timestamp(r.ms / 1000.0)
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(d uuid, ms float8, t float8)
    join devices d on d.id = r.d and d.kind = 'temperature'
    where r.t between -60 and 80
    on conflict (device_id) do update set temperature_c = excluded.temperature_c, measured_at = excluded.measured_at
    where excluded.measured_at >= device_temperatures.measured_at`);
}
