import { sql } from 'drizzle-orm';
import { FROZEN_BASELINE_METHOD, isFrozenBaselineMethod, type FrozenBaseline } from '@peakwise/domain/event-baseline-frozen';
import type { GroupPeer } from '@peakwise/domain/event-baseline-group';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { EventRow, Participant } from './events.repository';

/**
 * The frozen baselines of events (decision 099): written set-based, one statement per batch of
 * households, and read only for the event's current window (a row frozen for a window the event
 * no longer has is as good as none).
 */

type Row = {
  eventId: string;
  householdId: string;
  method: string;
  status: FrozenBaseline['status'];
  dayKind: 'weekday' | 'weekend-or-holiday' | null;
  days: string[] | string;
  baselineKwh: number | null;
  eventKwh: number[] | null;
  windowKwh: number[] | null;
  groupIds: string[] | string | null;
  groupKwh: (number | string | null)[] | null;
  windowGrossKwh: (number | string | null)[] | null;
  eventGrossKwh: (number | string | null)[] | null;
  eventGrossDayKwh: (number | string | null)[] | null;
  sunProducedKwh: (number | string | null)[] | null;
  sunEventDayKwh: (number | string | null)[] | null;
  noiseKwh: number | string | null;
};

export type StoredFrozenBaseline = { eventId: string; householdId: string; frozen: FrozenBaseline };

/** Drivers hand date[] and uuid[] back as an array or as its text ("{2025-07-11,2025-07-10}"). */
const datesOf = (days: string[] | string): string[] => (Array.isArray(days) ? days.map(String) : days.replace(/[{}]/g, '').split(',').filter(Boolean));

/** The peers of a comparison group, each with its usual use per event slot (stored peer-major). */
function groupOf(row: Row): GroupPeer[] | undefined {
  if (row.groupIds === null || row.groupKwh === null) return undefined;
  const ids = datesOf(row.groupIds);
  const kwh = numbersOf(row.groupKwh);
  const slots = ids.length === 0 ? 0 : kwh.length / ids.length;
  return ids.map((id, i) => ({ id, usualKwh: kwh.slice(i * slots, (i + 1) * slots) }));
}
const numbersOf = (values: readonly (number | string | null)[]): number[] => values.map((v) => (v === null ? NaN : Number(v)));

/** A row of a rule this code does not know (a newer one, rolled back) is as good as none: the caller computes anew. */
function frozenOf(row: Row): FrozenBaseline | null {
  const days = datesOf(row.days);
  if (row.status !== 'ok') return { status: row.status, days };
  if (!isFrozenBaselineMethod(row.method)) return null;
  const group = groupOf(row);
  return {
    status: 'ok', method: row.method, kind: row.dayKind!, days, eventKwh: numbersOf(row.eventKwh!), windowKwh: numbersOf(row.windowKwh!), baselineKwh: Number(row.baselineKwh),
    ...(group ? { group } : {}),
    // A gross-load row (decision 138), with its days' own gross load since decision 141.
    ...(row.eventGrossKwh && row.windowGrossKwh
      ? { gross: { windowKwh: numbersOf(row.windowGrossKwh), eventKwh: numbersOf(row.eventGrossKwh), ...(row.eventGrossDayKwh ? { eventDaysKwh: numbersOf(row.eventGrossDayKwh) } : {}) } }
      : {}),
    // A sun-matched row (decision 147): each day's production before the start and draw over the event.
    ...(row.sunProducedKwh && row.sunEventDayKwh ? { sun: { producedKwh: numbersOf(row.sunProducedKwh), eventDaysKwh: numbersOf(row.sunEventDayKwh) } } : {}),
    // σ for the held-until-proven rule (decision 140); null on rows frozen before it or with too few days.
    noiseKwh: row.noiseKwh === null || row.noiseKwh === undefined ? null : Number(row.noiseKwh),
  };
}

function byKey<K>(rows: readonly Row[], key: (row: Row) => K): Map<K, FrozenBaseline> {
  const out = new Map<K, FrozenBaseline>();
  for (const row of rows) {
    const frozen = frozenOf(row);
    if (frozen) out.set(key(row), frozen);
  }
  return out;
}

/**
 * The arrays as JSON: settlement reads some 80 numbers a household, and the driver's parser of an
 * array's text (a string per element, then parseFloat) cost more Node time than the statement; JSON
 * is parsed natively. The same figures either way (each element printed by float8out).
 */
const columns = sql`b.event_id as "eventId", b.household_id as "householdId", b.method, b.status, b.day_kind as "dayKind", to_json(b.days) as days, b.baseline_kwh as "baselineKwh",
  to_json(b.event_kwh) as "eventKwh", to_json(b.window_kwh) as "windowKwh", to_json(b.group_ids) as "groupIds", to_json(b.group_kwh) as "groupKwh",
  to_json(b.window_gross_kwh) as "windowGrossKwh", to_json(b.event_gross_kwh) as "eventGrossKwh", to_json(b.event_gross_day_kwh) as "eventGrossDayKwh",
  to_json(b.sun_produced_kwh) as "sunProducedKwh", to_json(b.sun_event_day_kwh) as "sunEventDayKwh", b.noise_kwh as "noiseKwh"`;

/**
 * The opted-in households of an event whose baseline still has to be frozen: no row, a row of
 * another window, or one without a baseline yet (a new member gains days until the start).
 */
export async function householdsToFreeze(db: DbOrTx, event: EventRow, householdIds?: readonly string[]): Promise<Participant[]> {
  return rowsOf<Participant>(
    await db.execute(sql`
      select h.id as "householdId", h.time_zone as "timeZone", h.province, h.has_battery as "hasBattery"
      from event_participations ep join households h on h.id = ep.household_id
      left join event_baselines b on b.event_id = ep.event_id and b.household_id = ep.household_id
      where ep.event_id = ${event.id}::uuid and ep.opted_in
        ${householdIds ? sql`and ep.household_id = any(${sql.param(householdIds)}::uuid[])` : sql``}
        and (b.household_id is null or b.status <> 'ok'
          or b.event_starts_at <> ${event.startsAt.toISOString()}::timestamptz or b.event_ends_at <> ${event.endsAt.toISOString()}::timestamptz)
      order by h.id`),
  );
}

/**
 * Stores what was frozen, in one statement. A baseline once frozen for this window is never
 * replaced (what the member was shown is what they are paid against); a row without one, or of
 * another window, is, but only when something changed, so running the fan-out again writes nothing.
 */
export async function saveFrozenBaselines(db: DbOrTx, event: EventRow, rows: readonly { householdId: string; frozen: FrozenBaseline }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map(({ householdId, frozen }) => ({
      household_id: householdId,
      method: frozen.status === 'ok' ? frozen.method : FROZEN_BASELINE_METHOD,
      status: frozen.status,
      day_kind: frozen.status === 'ok' ? frozen.kind : null,
      days: frozen.days,
      baseline_kwh: frozen.status === 'ok' ? frozen.baselineKwh : null,
      event_kwh: frozen.status === 'ok' ? frozen.eventKwh : null,
      window_kwh: frozen.status === 'ok' ? frozen.windowKwh : null,
      group_ids: frozen.status === 'ok' && frozen.group ? frozen.group.map((peer) => peer.id) : null,
      group_kwh: frozen.status === 'ok' && frozen.group ? frozen.group.flatMap((peer) => peer.usualKwh) : null,
      window_gross_kwh: frozen.status === 'ok' && frozen.gross ? frozen.gross.windowKwh : null,
      event_gross_kwh: frozen.status === 'ok' && frozen.gross ? frozen.gross.eventKwh : null,
      event_gross_day_kwh: frozen.status === 'ok' && frozen.gross?.eventDaysKwh ? frozen.gross.eventDaysKwh : null,
      sun_produced_kwh: frozen.status === 'ok' && frozen.sun ? frozen.sun.producedKwh : null,
      sun_event_day_kwh: frozen.status === 'ok' && frozen.sun ? frozen.sun.eventDaysKwh : null,
      noise_kwh: frozen.status === 'ok' ? (frozen.noiseKwh ?? null) : null,
    })),
  );
  await db.execute(sql`
    insert into event_baselines (event_id, household_id, method, status, day_kind, days, baseline_kwh, event_kwh, window_kwh, group_ids, group_kwh, window_gross_kwh, event_gross_kwh, event_gross_day_kwh, sun_produced_kwh, sun_event_day_kwh, noise_kwh, event_starts_at, event_ends_at, frozen_at)
    select ${event.id}::uuid, x.household_id, x.method, x.status, x.day_kind, x.days, x.baseline_kwh, x.event_kwh, x.window_kwh, x.group_ids, x.group_kwh, x.window_gross_kwh, x.event_gross_kwh, x.event_gross_day_kwh, x.sun_produced_kwh, x.sun_event_day_kwh, x.noise_kwh,
      ${event.startsAt.toISOString()}::timestamptz, ${event.endsAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as x(household_id uuid, method text, status text, day_kind text, days date[], baseline_kwh float8, event_kwh float8[], window_kwh float8[], group_ids uuid[], group_kwh float8[], window_gross_kwh float8[], event_gross_kwh float8[], event_gross_day_kwh float8[], sun_produced_kwh float8[], sun_event_day_kwh float8[], noise_kwh float8)
    on conflict (event_id, household_id) do update set method = excluded.method, status = excluded.status, day_kind = excluded.day_kind, days = excluded.days,
      baseline_kwh = excluded.baseline_kwh, event_kwh = excluded.event_kwh, window_kwh = excluded.window_kwh, group_ids = excluded.group_ids, group_kwh = excluded.group_kwh,
      window_gross_kwh = excluded.window_gross_kwh, event_gross_kwh = excluded.event_gross_kwh, event_gross_day_kwh = excluded.event_gross_day_kwh,
      sun_produced_kwh = excluded.sun_produced_kwh, sun_event_day_kwh = excluded.sun_event_day_kwh, noise_kwh = excluded.noise_kwh,
      event_starts_at = excluded.event_starts_at, event_ends_at = excluded.event_ends_at, frozen_at = excluded.frozen_at
    where event_baselines.event_starts_at <> excluded.event_starts_at or event_baselines.event_ends_at <> excluded.event_ends_at
      or (event_baselines.status <> 'ok' and (excluded.status <> event_baselines.status or excluded.days <> event_baselines.days))`);
}

/** The households' frozen baselines for the event's current window, in one statement. */
export async function frozenBaselinesFor(db: DbOrTx, event: EventRow, householdIds: readonly string[]): Promise<Map<string, FrozenBaseline>> {
  if (householdIds.length === 0) return new Map();
  return frozenBaselinesFromRows(rowsOf(await db.execute(frozenBaselinesSql(event, householdIds))));
}

/** The statement behind frozenBaselinesFor, for a read that sends it with others (readTogether). */
export const frozenBaselinesSql = (event: EventRow, householdIds: readonly string[]) => sql`
  select ${columns} from event_baselines b
  where b.event_id = ${event.id}::uuid and b.household_id = any(${sql.param(householdIds)}::uuid[])
    and b.event_starts_at = ${event.startsAt.toISOString()}::timestamptz and b.event_ends_at = ${event.endsAt.toISOString()}::timestamptz`;

/** Rows of frozenBaselinesSql by household (as rows or as JSON: arrays are read either way). */
export const frozenBaselinesFromRows = (rows: readonly unknown[]) => byKey(rows as Row[], (row) => row.householdId);

/** One household's frozen baselines for several events (the upcoming list), each for its current window. */
export async function frozenBaselinesOfHousehold(db: DbOrTx, householdId: string, eventIds: readonly string[]): Promise<Map<string, FrozenBaseline>> {
  if (eventIds.length === 0) return new Map();
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${columns} from event_baselines b join energy_events e on e.id = b.event_id
      where b.household_id = ${householdId}::uuid and b.event_id = any(${sql.param(eventIds)}::uuid[])
        and b.event_starts_at = e.starts_at and b.event_ends_at = e.ends_at`),
  );
  return byKey(rows, (row) => row.eventId);
}
