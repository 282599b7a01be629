import { sql } from 'drizzle-orm';
import type { UsageHistory } from '@peakwise/contracts/energy.contract';
import type { LocalDate } from '@peakwise/domain/local-time';
import type { TariffRow } from '@peakwise/domain/tariff-history';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import { jsonRowsSql } from '../../db/read-together';
import { rowsOf } from '../../db/rows';
import { parseNumberArray } from '../../lib/pg-array';
import { tariffHistorySql } from './energy-daily-cost.repository';

/** Device kinds whose energy is not household consumption: production and water volume. */
const NOT_CONSUMPTION = ['solar_panel', 'water_meter'];

/** Consumption of one device kind over the days read: [kind, kWh]. */
export type UsageKindRow = [UsageHistory['breakdown'][number]['category'], number];

/**
 * One round trip for a range of days: the days with data as columns (offset from `first`,
 * consumption, interval count, price), which of them are unpriced, the tariff history when asked,
 * and (when asked) consumption by device kind over the days with data.
 *
 * A year is read as array text, the cheapest way to move 365 rows of numbers: PostgreSQL prints
 * each value once, as it would in a row, and the server parses one string per column instead
 * of a row object per day. The arrays are not sorted: aggregates of one scan see the rows in the same
 * order, so they stay aligned, and each day is placed by its offset. It runs as a prepared
 * statement, since planning it cost as much as running it.
 */
export async function readUsageDays(db: DbOrTx, householdId: string, first: LocalDate, last: LocalDate, options: { breakdown: boolean; tariffs: boolean }) {
  const h = sql`${householdId}::uuid`;
  const kinds = options.breakdown
    ? sql`(select coalesce(json_agg(json_build_array(k.kind, k.kwh)), '[]'::json) from (
          select d.kind, sum(dd.energy_kwh)::float8 as kwh
          from device_daily dd join devices d on d.id = dd.device_id
          join meter_daily md on md.household_id = ${h} and md.local_date = dd.local_date and md.interval_count > 0
          where d.household_id = ${h} and d.kind not in (${sql.join(NOT_CONSUMPTION.map((k) => sql`${k}`), sql`, `)})
            and dd.local_date between ${first}::date and ${last}::date and dd.energy_kwh is not null
          group by d.kind) k)::text`
    : sql`'[]'`;
  const tariffs = options.tariffs ? sql`${jsonRowsSql(tariffHistorySql(householdId))}::text` : sql`'[]'`;
  const day = sql`m.local_date - ${first}::date`;
  const [row] = rowsOf<{ o: string | null; c: string | null; n: string | null; k: string | null; u: string | null; kinds: string; tariffs: string }>(
    await executePrepared(
      db,
      sql`
      select array_agg(${day})::text as o, array_agg(m.consumption_kwh)::text as c, array_agg(m.interval_count)::text as n, array_agg(m.cost_cents)::text as k,
        (array_agg(${day}) filter (where m.cost_plan_id is null))::text as u,
        ${kinds} as kinds, ${tariffs} as tariffs
      from meter_daily m
      where m.household_id = ${h} and m.local_date between ${first}::date and ${last}::date and m.interval_count > 0`,
    ),
  );
  return {
    offsets: parseNumberArray(row!.o) as number[],
    kwh: parseNumberArray(row!.c) as number[],
    intervals: parseNumberArray(row!.n) as number[],
    cents: parseNumberArray(row!.k),
    unpriced: parseNumberArray(row!.u) as number[],
    kinds: JSON.parse(row!.kinds) as UsageKindRow[],
    history: JSON.parse(row!.tariffs) as TariffRow[],
  };
}
