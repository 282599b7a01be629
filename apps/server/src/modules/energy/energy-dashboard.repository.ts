import { sql } from 'drizzle-orm';
import type { LocalDate } from '@peakwise/domain/local-time';
import type { DbOrTx } from '../../db/client';
import { jsonRowsSql, readTogether } from '../../db/read-together';
import { tariffHistorySql } from './energy-daily-cost.repository';
import { rangeSumsFromRows, rangeSumsSql, type MeterSums } from './energy-rollups.repository';

/** Kinds that never count as an active (consuming) device: panels produce, the water meter measures water. */
const NOT_CONSUMERS = ['solar_panel', 'water_meter'];

type SnapshotRow = {
  name: string | null;
  first_visit: boolean | null;
  live_ts: string | null;
  live_w: number | null;
  tariffs: { planId: string; effectiveFrom: string }[];
  p: number | null;
  c: number | null;
  i: number | null;
  e: number | null;
  n: number | null;
  plan: string | null;
  cents: number | null;
};
type DeviceRow = { id: string; name: string; kind: string; status: string; room: string | null; power_w: number | null };

/**
 * The Dashboard cards' reads in one round trip: the snapshot (profile name, live power, tariff
 * history, today's meter_daily row and its price), the meter totals of `todaySoFar` (what
 * "consumed today" counts, read as the Solar screen reads its totals) and the active devices,
 * highest draw first.
 */
export async function readDashboard(
  db: DbOrTx,
  household: { id: string; timeZone: string },
  member: { userId: string; sessionId: string },
  today: LocalDate,
  todaySoFar: { from: Date; to: Date },
  since: Date,
) {
  const read = await readTogether(db, {
    snapshot: snapshotSql(household.id, member, today),
    todaySoFar: rangeSumsSql(household.id, household.timeZone, [todaySoFar]),
    devices: activeDevicesSql(household.id, since),
  });
  return {
    snapshot: parseSnapshot(read.snapshot[0] as SnapshotRow | undefined, today),
    todaySoFar: rangeSumsFromRows(read.todaySoFar, 1)[0]!,
    devices: (read.devices as DeviceRow[]).map((r) => ({ id: r.id, name: r.name, kind: r.kind, room: r.room, status: r.status, powerKw: r.power_w === null ? null : r.power_w / 1000 })),
  };
}

/**
 * Everything the Dashboard cards read except the devices, as one row: the member's profile
 * name and whether this is their first session, the newest live power sample, the tariff history, and today's meter_daily row with its
 * price.
 */
const snapshotSql = (householdId: string, member: { userId: string; sessionId: string }, today: LocalDate) => sql`
  select pr.name, pr.first_session_id is not null and pr.first_session_id = ${member.sessionId} as first_visit, lp.ts as live_ts, lp.power_w as live_w,
    ${jsonRowsSql(tariffHistorySql(householdId))} as tariffs,
    m.production_kwh as p, m.consumption_kwh as c, m.grid_import_kwh as i, m.grid_export_kwh as e, m.interval_count as n,
    m.cost_plan_id as plan, m.cost_cents as cents
  from (select 1) as one
  left join profiles pr on pr.id = ${member.userId}
  left join household_live_power lp on lp.household_id = ${householdId}::uuid
  left join meter_daily m on m.household_id = ${householdId}::uuid and m.local_date = ${today}::date`;

function parseSnapshot(row: SnapshotRow | undefined, today: LocalDate) {
  const sums = new Map<LocalDate, MeterSums>();
  if (row?.n != null) sums.set(today, { productionKwh: row.p!, consumptionKwh: row.c!, gridImportKwh: row.i!, gridExportKwh: row.e!, intervalCount: row.n });
  return {
    profileName: row?.name ?? null,
    firstVisit: row?.first_visit === true,
    live: row?.live_ts != null && row.live_w !== null ? { ts: new Date(row.live_ts), powerW: row.live_w } : null,
    history: row?.tariffs ?? [],
    sums,
    priced: row?.plan != null,
    cents: row?.cents ?? null,
  };
}

/**
 * Live devices whose latest reading since `since` drew power, or whose relay is on: the plug is
 * switched on even if its appliance idles. Highest draw first. The IoT Devices screen counts with
 * the same rule (decision 019), including its subtleties: a plug that reported its relay open
 * after that reading draws nothing now, though the reading (up to 5 minutes old) shows a draw, and
 * one that reported its power since draws what it said last (docs/ingestion.md).
 */
const activeDevicesSql = (householdId: string, since: Date) => sql`
  select d.id, d.name, d.kind, d.status, rm.name as room, now_w.power_w
  from devices d
  left join rooms rm on rm.id = d.room_id
  cross join lateral (
    select r.ts, r.power_w from device_readings_in(d.id, ${since.toISOString()}::timestamptz, 'infinity') r
    order by r.ts desc limit 1
  ) lr
  cross join lateral (
    select case when d.relay_on is false and d.last_seen_at > lr.ts then 0
                when d.live_power_at >= lr.ts then d.live_power_w
                else lr.power_w end as power_w
  ) now_w
  where d.household_id = ${householdId}::uuid and d.removed_at is null
    and d.kind not in (${sql.join(NOT_CONSUMERS.map((k) => sql`${k}`), sql`, `)})
    and (now_w.power_w > 0 or d.relay_on is true)
  order by now_w.power_w desc nulls last, d.name`;
