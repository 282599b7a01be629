import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a home has solar, the one rule the Solar page and the events' comparison group share
 * (decision 112): a panel that was not removed, or a meter that reported production or export on
 * some day. A home whose panels report only through the meter (a Green Button file has received
 * energy but no production column, a whole-home meter has a return counter) has solar too.
 *
 * `householdId` is an SQL expression for the home's id (a column of the outer query, or a
 * parameter). `days` bounds the meter's part to the daily rollups of those local dates (an event
 * reads its look-back: the status as it stood then, and a few dozen rows a home); without it,
 * any day the meter has reported.
 */
export function hasSolarSql(householdId: SQL, days?: { from: SQL; to: SQL }): SQL {
  const within = days ? sql` and md.local_date >= ${days.from} and md.local_date <= ${days.to}` : sql``;
  return sql`(exists (select 1 from devices sd where sd.household_id = ${householdId} and sd.kind = 'solar_panel' and sd.removed_at is null)
    or exists (select 1 from meter_daily md where md.household_id = ${householdId}${within} and (md.production_kwh > 0 or md.grid_export_kwh > 0)))`;
}
