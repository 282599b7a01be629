import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { readingAt } from './http-gateway';

export type StoreCheck = {
  /** Readings made by the gateways (every one was acknowledged before the check: they drain first). */
  expected: number;
  stored: number;
  /** Acknowledged but absent: the loss the suite exists to find. */
  lost: number;
  /** Stored with a value other than the one sent. */
  wrong: number;
  /** Stored twice for one interval; the primary key should make this impossible, and it is counted anyway. */
  duplicated: number;
  /** Hourly and daily rollup rows that differ from the raw sums (or exist on one side only). */
  rollupMismatches: number;
};

type Row = { household_id: string; ts: string | Date; production_kwh: number; consumption_kwh: number; grid_import_kwh: number; grid_export_kwh: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * After the faults: compares what is stored with what the gateways sent, recomputed here from the
 * same deterministic generator, and the rollups with sums taken straight from the raw rows.
 * The run's database holds only the run's households, so nothing needs filtering by household.
 */
export async function checkStore(
  db: Db,
  households: { id: string; index: number; generated: number }[],
  /** Only rows before this instant are the gateways' (the load bench also seeds recent history, which is not checked reading by reading). */
  options: { before?: Date } = {},
): Promise<StoreCheck> {
  const before = options.before ? sql`where ts < ${options.before.toISOString()}::timestamptz` : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`select household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh from meter_readings ${before}`),
  );
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.household_id} ${new Date(row.ts).toISOString()}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const byKey = new Map(rows.map((r) => [`${r.household_id} ${new Date(r.ts).toISOString()}`, r]));
  let expected = 0;
  let lost = 0;
  let wrong = 0;
  for (const household of households) {
    for (let n = 0; n < household.generated; n++) {
      expected++;
      const sent = readingAt(household.index, n);
      const stored = byKey.get(`${household.id} ${sent.ts}`);
      if (!stored) {
        lost++;
        continue;
      }
      const same =
        close(stored.production_kwh, sent.productionKwh) &&
        close(stored.consumption_kwh, sent.consumptionKwh) &&
        close(stored.grid_import_kwh, sent.gridImportKwh) &&
        close(stored.grid_export_kwh, sent.gridExportKwh);
      if (!same) wrong++;
    }
  }
  const duplicated = [...seen.values()].filter((count) => count > 1).length;

  const mismatch = (bucket: ReturnType<typeof sql>, table: ReturnType<typeof sql>, column: ReturnType<typeof sql>) => sql`
    with raw as (
      select r.household_id, ${bucket} as bucket,
             sum(r.production_kwh) as p, sum(r.consumption_kwh) as c, sum(r.grid_import_kwh) as i, sum(r.grid_export_kwh) as e, count(*) as n
      from meter_readings r join households h on h.id = r.household_id
      group by 1, 2
    )
    select count(*)::int as n
    from raw full join ${table} m on m.household_id = raw.household_id and m.${column} = raw.bucket
    where raw.household_id is null or m.household_id is null
       or abs(m.production_kwh - raw.p) > 1e-6 or abs(m.consumption_kwh - raw.c) > 1e-6
       or abs(m.grid_import_kwh - raw.i) > 1e-6 or abs(m.grid_export_kwh - raw.e) > 1e-6
       or m.interval_count <> raw.n`;
  const hourly = rowsOf<{ n: number }>(await db.execute(mismatch(sql`date_trunc('hour', r.ts, 'UTC')`, sql`meter_hourly`, sql.raw('hour_start'))));
  const daily = rowsOf<{ n: number }>(await db.execute(mismatch(sql`(r.ts at time zone h.time_zone)::date`, sql`meter_daily`, sql.raw('local_date'))));
  return { expected, stored: rows.length, lost, wrong, duplicated, rollupMismatches: Number(hourly[0]!.n) + Number(daily[0]!.n) };
}
