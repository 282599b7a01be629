import { sql } from 'drizzle-orm';
import type { EventComfortActionView } from '@peakwise/contracts/event-automation.contract';
import type { ComfortLoad } from '@peakwise/domain/room-comfort';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { roomComfortSql } from '../comfort/room-comfort.repository';

const iso = (date: Date) => date.toISOString();

export type ComfortLoadState = {
  householdId: string;
  deviceId: string;
  load: ComfortLoad;
  relayOn: boolean | null;
  floorC: number;
  ceilingC: number;
  hasSensor: boolean;
  temperatureC: number | null;
  measuredAt: Date | null;
  /** The plug automation's own first action for this plug in this event (decision 037), if any. */
  plugAction: 'switched_off' | 'skipped_already_off' | 'switch_off_failed' | null;
  /** When the event switched it off first. */
  switchedOffAt: Date | null;
  /** The member took over, or the end already restored it: comfort leaves it alone. */
  settled: boolean;
  lastComfort: { action: 'switched_off' | 'restored'; at: Date } | null;
  notAutomatedLogged: boolean;
};

/**
 * Every heating or cooling plug chosen to power down in a household opted in to this event, with
 * its room's limits (the defaults where none are saved), its room's newest temperature, and what
 * the event has done to it so far.
 */
export async function comfortLoadsOfEvent(db: DbOrTx, eventId: string): Promise<ComfortLoadState[]> {
  const room = roomComfortSql(sql`d.room_id`);
  const rows = rowsOf<Omit<ComfortLoadState, 'measuredAt' | 'switchedOffAt' | 'lastComfort'> & { measuredAt: string | null; switchedOffAt: string | null; lastAction: 'switched_off' | 'restored' | null; lastAt: string | null }>(
    await db.execute(sql`
      select ep.household_id as "householdId", d.id as "deviceId", cl.load, d.relay_on as "relayOn",
        ${room.columns}, t.measured_at as "measuredAt",
        (select a.action from event_plug_actions a where a.event_id = ep.event_id and a.device_id = d.id
           and a.action in ('switched_off', 'skipped_already_off', 'switch_off_failed') order by a.at limit 1) as "plugAction",
        (select a.at from event_plug_actions a where a.event_id = ep.event_id and a.device_id = d.id and a.action = 'switched_off') as "switchedOffAt",
        exists (select 1 from event_plug_actions a where a.event_id = ep.event_id and a.device_id = d.id and a.action in ('overridden', 'restored', 'restore_failed')) as settled,
        lc.action as "lastAction", lc.at as "lastAt",
        exists (select 1 from event_comfort_actions x where x.event_id = ep.event_id and x.device_id = d.id and x.action = 'not_automated') as "notAutomatedLogged"
      from event_participations ep
      join event_plug_choices c on c.household_id = ep.household_id
      join comfort_loads cl on cl.device_id = c.device_id
      join devices d on d.id = c.device_id and d.kind = 'smart_plug' and not d.never_switch and d.removed_at is null
      ${room.joins}
      left join lateral (
        select x.action, x.at from event_comfort_actions x
        where x.event_id = ep.event_id and x.device_id = d.id and x.action in ('switched_off', 'restored')
        order by x.at desc limit 1) lc on true
      where ep.event_id = ${eventId}::uuid and ep.opted_in
      order by ep.household_id, d.id`),
  );
  const date = (value: string | null) => (value == null ? null : new Date(value));
  return rows.map(({ lastAction, lastAt, ...r }) => ({
    ...r,
    // A plug in no room has no thermometer either.
    hasSensor: r.hasSensor === true,
    measuredAt: date(r.measuredAt),
    switchedOffAt: date(r.switchedOffAt),
    lastComfort: lastAction && lastAt ? { action: lastAction, at: new Date(lastAt) } : null,
  }));
}

export type ComfortActionInput = {
  eventId: string;
  householdId: string;
  deviceId: string;
  action: 'switched_off' | 'restored' | 'not_automated';
  reason: string;
  temperatureC: number | null;
  limitC: number | null;
  at: Date;
};

/** One line of the event log; a check run twice at the same moment adds nothing. */
export async function recordComfortAction(db: DbOrTx, a: ComfortActionInput): Promise<void> {
  await db.execute(sql`
    insert into event_comfort_actions (event_id, household_id, device_id, action, reason, temperature_c, limit_c, at, sent_at)
    values (${a.eventId}::uuid, ${a.householdId}::uuid, ${a.deviceId}::uuid, ${a.action}, ${a.reason}, ${a.temperatureC}, ${a.limitC}, ${iso(a.at)}::timestamptz,
      ${a.action === 'not_automated' ? sql`${iso(a.at)}::timestamptz` : sql`null`})
    on conflict (event_id, device_id, at) do nothing`);
}

export type ComfortCommand = { ids: string[]; householdId: string; deviceId: string; externalId: string; on: boolean; overridden: boolean };

/**
 * The comfort switches not sent yet, one command per plug (the newest decision wins if several
 * waited), with whether the member has taken the plug over since.
 */
export async function unsentComfortCommands(db: DbOrTx, eventId: string): Promise<ComfortCommand[]> {
  return rowsOf<ComfortCommand>(
    await db.execute(sql`
      select array_agg(x.id::text order by x.at) as ids, x.household_id as "householdId", x.device_id as "deviceId", d.external_id as "externalId",
        (array_agg(x.action order by x.at desc))[1] = 'restored' as on,
        exists (select 1 from event_plug_actions o where o.event_id = x.event_id and o.device_id = x.device_id and o.action = 'overridden') as overridden
      from event_comfort_actions x join devices d on d.id = x.device_id
      where x.event_id = ${eventId}::uuid and x.sent_at is null and x.failed_at is null and x.action in ('switched_off', 'restored')
      group by x.event_id, x.household_id, x.device_id, d.external_id
      order by x.household_id, x.device_id`),
  );
}

export async function markComfortSent(db: DbOrTx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update event_comfort_actions set sent_at = ${iso(now)}::timestamptz where id = any(${sql.param([...ids])}::uuid[]) and sent_at is null`);
}

/** Commands that missed their deadline: failed, so they are neither sent late nor left waiting unsaid. */
export async function markComfortFailed(db: DbOrTx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update event_comfort_actions set failed_at = ${iso(now)}::timestamptz where id = any(${sql.param([...ids])}::uuid[]) and sent_at is null and failed_at is null`);
}

export type ComfortLogRow = EventComfortActionView;

/**
 * What comfort did to the household's heating and cooling plugs in this event, oldest first. An
 * "off" marked sent in the same sending as a later restore of the same plug never went out (only
 * the newest decision is sent): it is `superseded`, and the plug stayed on (decision 120).
 */
export async function householdComfortActions(db: DbOrTx, eventId: string, householdId: string): Promise<ComfortLogRow[]> {
  const rows = rowsOf<ComfortLogRow & { failed: boolean; superseded: boolean }>(
    await db.execute(sql`
      select x.device_id as "deviceId", d.name as "deviceName", x.action, x.reason, x.temperature_c as "temperatureC", x.limit_c::float8 as "limitC",
        to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, x.failed_at is not null as failed,
        (x.action = 'switched_off' and exists (
          select 1 from event_comfort_actions r where r.event_id = x.event_id and r.device_id = x.device_id and r.action = 'restored'
            and r.at > x.at and r.sent_at = x.sent_at)) as superseded
      from event_comfort_actions x join devices d on d.id = x.device_id
      where x.event_id = ${eventId}::uuid and x.household_id = ${householdId}::uuid
      order by x.at, d.name`),
  );
  return rows.map(({ failed, superseded, ...row }) => ({ ...row, ...(failed ? { failed } : {}), ...(superseded ? { superseded } : {}) }));
}
