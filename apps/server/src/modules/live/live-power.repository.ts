import { sql } from 'drizzle-orm';
import { MAX_FUTURE_SKEW_MS } from '@peakwise/contracts/ingest.contract';
import type { DbOrTx } from '../../db/client';
import { POWER_CHANNEL } from '../../lib/notify';

/**
 * Keeps the newest sample per household and, when it is newer than the stored one, notifies
 * `peakwise_power` in the same statement (delivered on commit). An older or equal sample —
 * a redelivery — changes nothing and notifies nobody. Returns whether it was stored.
 */
export async function recordLivePower(db: DbOrTx, householdId: string, sample: { ts: Date; powerW: number }, now = new Date()): Promise<'stored' | 'stale' | 'future'> {
  if (sample.ts.getTime() > now.getTime() + MAX_FUTURE_SKEW_MS) return 'future';
  const [stored] = await recordLivePowers(db, [{ householdId, ...sample }], now);
  return stored ? 'stored' : 'stale';
}

/**
 * recordLivePower for many samples (households) in one statement. Samples must not be from the
 * future (the caller refuses those). Returns, per sample, whether it is the one now stored: only
 * the newest of a household's samples can be, and only if it is newer than the stored one.
 */
export async function recordLivePowers(db: DbOrTx, samples: readonly { householdId: string; ts: Date; powerW: number }[], now = new Date()): Promise<boolean[]> {
  const newest = new Map<string, number>();
  samples.forEach((sample, i) => {
    const best = newest.get(sample.householdId);
    if (best === undefined || sample.ts.getTime() > samples[best]!.ts.getTime()) newest.set(sample.householdId, i);
  });
  if (newest.size === 0) return [];
  const chosen = [...newest.values()].sort((a, b) => (samples[a]!.householdId < samples[b]!.householdId ? -1 : 1)).map((i) => samples[i]!);
  const result = (await db.execute(sql`
    with up as (
      insert into household_live_power as t (household_id, ts, power_w, received_at)
      select u.h, u.ts, u.w, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(chosen.map((s) => s.householdId))}::uuid[], ${sql.param(chosen.map((s) => s.ts.toISOString()))}::timestamptz[], ${sql.param(chosen.map((s) => s.powerW))}::float8[]) as u(h, ts, w)
      on conflict (household_id) do update set ts = excluded.ts, power_w = excluded.power_w, received_at = excluded.received_at
      where excluded.ts > t.ts
      returning household_id, ts, power_w
    )
    select household_id, pg_notify(${POWER_CHANNEL}, json_build_object('householdId', household_id, 'ts', to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'powerW', power_w)::text) from up`)) as {
    rows: { household_id: string }[];
  };
  const stored = new Set(result.rows.map((r) => r.household_id));
  return samples.map((sample, i) => newest.get(sample.householdId) === i && stored.has(sample.householdId.toLowerCase()));
}

export async function getLivePower(db: DbOrTx, householdId: string): Promise<{ ts: Date; powerW: number } | null> {
  const result = (await db.execute(sql`select ts, power_w from household_live_power where household_id = ${householdId}::uuid`)) as { rows: { ts: string | Date; power_w: number }[] };
  const row = result.rows[0];
  return row ? { ts: new Date(row.ts), powerW: row.power_w } : null;
}
