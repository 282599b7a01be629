import { sql } from 'drizzle-orm';
import type { EventPlugAction } from '../../db/schema/event-automation.schema';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

const iso = (date: Date) => date.toISOString();

/**
 * Decides, in one statement, what the start of an event does to each chosen plug of each opted-in
 * household, from the state the plug last reported: on → switched off (previous state on), off →
 * left alone, never reported → not touched (we could not restore what we do not know). A plug
 * that already has an action for this event is left out, so a re-run decides nothing new.
 */
export async function planPowerDown(db: DbOrTx, eventId: string, now: Date): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into event_plug_actions (event_id, household_id, device_id, action, previous_on, detail, at)
      select ${eventId}::uuid, c.household_id, d.id,
        case when d.relay_on then 'switched_off' when not d.relay_on then 'skipped_already_off' else 'switch_off_failed' end,
        d.relay_on,
        case when d.relay_on is null then 'The plug has not reported its state yet.' end,
        ${iso(now)}::timestamptz
      from event_participations ep
      join event_plug_choices c on c.household_id = ep.household_id
      join devices d on d.id = c.device_id and d.kind = 'smart_plug' and not d.never_switch and d.removed_at is null
      where ep.event_id = ${eventId}::uuid and ep.opted_in
        and not exists (select 1 from event_plug_actions a where a.event_id = ${eventId}::uuid and a.device_id = d.id)
        -- Heating and cooling plugs follow their room's temperature instead (event-comfort.service).
        and not exists (select 1 from comfort_loads cl where cl.device_id = d.id)
      on conflict (event_id, device_id, action) do nothing
      returning id`),
  );
  return rows.length;
}

export type PlugToCommand = { householdId: string; deviceId: string; externalId: string };

/** The plugs an action of this event asks to switch (switched_off → off, restored → on), unless the member took over or the end came first. */
export async function plugsToCommand(db: DbOrTx, eventId: string, action: 'switched_off' | 'restored'): Promise<PlugToCommand[]> {
  return rowsOf<PlugToCommand>(
    await db.execute(sql`
      select a.household_id as "householdId", d.id as "deviceId", d.external_id as "externalId"
      from event_plug_actions a join devices d on d.id = a.device_id and d.removed_at is null
      where a.event_id = ${eventId}::uuid and a.action = ${action}
        and not exists (
          select 1 from event_plug_actions o where o.event_id = a.event_id and o.device_id = a.device_id
            and (o.action = 'overridden' or (a.action = 'switched_off' and o.action in ('restored', 'restore_failed', 'switch_off_failed'))))
        -- A heating or cooling plug's switches during the event are comfort's to send; only the end's restore is sent here.
        and not (a.action = 'switched_off' and exists (select 1 from event_comfort_actions x where x.event_id = a.event_id and x.device_id = a.device_id))
      order by a.household_id, d.id`),
  );
}

export type SwitchedOffPlug = {
  householdId: string;
  deviceId: string;
  switchedOffAt: Date;
  relayOn: boolean | null;
  lastSeenAt: Date | null;
  /** The first switch the member asked for since the event switched it off. */
  memberSwitchAt: Date | null;
  /** Whether the "off" command actually went out (the device service may have been down). */
  offSent: boolean;
  /** Comfort's newest switch of this plug during the event (decision 109), if it switched it. */
  comfortLast: { action: 'switched_off' | 'restored'; at: Date } | null;
};

/** Plugs the event switched off that nothing has settled yet (not restored, not overridden, not failed). */
export async function switchedOffPlugs(db: DbOrTx, eventId: string): Promise<SwitchedOffPlug[]> {
  const rows = rowsOf<{ householdId: string; deviceId: string; switchedOffAt: string; relayOn: boolean | null; lastSeenAt: string | null; memberSwitchAt: string | null; offSent: boolean; comfortAction: 'switched_off' | 'restored' | null; comfortAt: string | null }>(
    await db.execute(sql`
      select a.household_id as "householdId", a.device_id as "deviceId", a.at as "switchedOffAt", d.relay_on as "relayOn", d.last_seen_at as "lastSeenAt",
        (select min(s.requested_at) from plug_switch_events s where s.device_id = a.device_id and s.source = 'member' and s.requested_at >= a.at) as "memberSwitchAt",
        exists (select 1 from plug_switch_events s where s.device_id = a.device_id and s.source = 'event_automation' and not s.requested_on and s.requested_at >= a.at) as "offSent",
        lc.action as "comfortAction", lc.at as "comfortAt"
      from event_plug_actions a join devices d on d.id = a.device_id
      left join lateral (
        select x.action, x.at from event_comfort_actions x
        where x.event_id = a.event_id and x.device_id = a.device_id and x.action in ('switched_off', 'restored')
        order by x.at desc limit 1) lc on true
      where a.event_id = ${eventId}::uuid and a.action = 'switched_off'
        and not exists (
          select 1 from event_plug_actions o where o.event_id = a.event_id and o.device_id = a.device_id
            and o.action in ('overridden', 'restored', 'restore_failed', 'switch_off_failed'))
      order by a.household_id, a.device_id`),
  );
  const date = (value: string | null) => (value == null ? null : new Date(value));
  return rows.map(({ comfortAction, comfortAt, ...r }) => ({
    ...r,
    switchedOffAt: new Date(r.switchedOffAt),
    lastSeenAt: date(r.lastSeenAt),
    memberSwitchAt: date(r.memberSwitchAt),
    comfortLast: comfortAction && comfortAt ? { action: comfortAction, at: new Date(comfortAt) } : null,
  }));
}

export async function recordPlugAction(
  db: DbOrTx,
  action: { eventId: string; householdId: string; deviceId: string; action: EventPlugAction; previousOn: boolean | null; at: Date; detail?: string },
) {
  await db.execute(sql`
    insert into event_plug_actions (event_id, household_id, device_id, action, previous_on, detail, at)
    values (${action.eventId}::uuid, ${action.householdId}::uuid, ${action.deviceId}::uuid, ${action.action}, ${action.previousOn}, ${action.detail ?? null}, ${iso(action.at)}::timestamptz)
    on conflict (event_id, device_id, action) do nothing`);
}

/**
 * A member's own switch of a plug the running event switched off takes it over (decision 037):
 * logged as overridden at once, so the end of the event leaves the plug as the member set it.
 */
export async function recordMemberOverride(db: DbOrTx, householdId: string, deviceId: string, at: Date): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into event_plug_actions (event_id, household_id, device_id, action, previous_on, at)
      select a.event_id, a.household_id, a.device_id, 'overridden', a.previous_on, ${iso(at)}::timestamptz
      from event_plug_actions a join energy_events e on e.id = a.event_id
      where a.household_id = ${householdId}::uuid and a.device_id = ${deviceId}::uuid and a.action = 'switched_off'
        and a.at <= ${iso(at)}::timestamptz and e.ends_at > ${iso(at)}::timestamptz
        and not exists (select 1 from event_plug_actions o where o.event_id = a.event_id and o.device_id = a.device_id and o.action in ('restored', 'restore_failed'))
      on conflict (event_id, device_id, action) do nothing
      returning id`),
  );
  return rows.length;
}

export type PlugActionRow = { deviceId: string; deviceName: string; action: EventPlugAction; at: string };

/**
 * What automation did to the household's plugs in this event, oldest first. The "off" of a plug
 * whose off was overtaken before it was sent is left out: the plug was never switched off, and its
 * `off_superseded` line says so (the row stays, as the end's record of the previous state).
 */
export async function householdPlugActions(db: DbOrTx, eventId: string, householdId: string): Promise<PlugActionRow[]> {
  return rowsOf<PlugActionRow>(
    await db.execute(sql`
      select a.device_id as "deviceId", d.name as "deviceName", a.action,
        to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from event_plug_actions a join devices d on d.id = a.device_id
      where a.event_id = ${eventId}::uuid and a.household_id = ${householdId}::uuid
        and not (a.action = 'switched_off' and exists (
          select 1 from event_plug_actions o where o.event_id = a.event_id and o.device_id = a.device_id and o.action = 'off_superseded'))
      order by a.at, d.name, a.action`),
  );
}

export type ResolvedSwitch = { householdId: string; deviceId: string; requestedOn: boolean; confirmed: boolean };

/**
 * Settles automation's switches of this event's plugs that are still pending: confirmed when the
 * plug has since reported the asked-for state (plugs stamp whole seconds), timed out otherwise.
 */
export async function resolveAutomationSwitches(db: DbOrTx, eventId: string, now: Date): Promise<ResolvedSwitch[]> {
  return rowsOf<ResolvedSwitch>(
    await db.execute(sql`
      update plug_switch_events s
      set outcome = case when d.relay_on = s.requested_on and d.last_seen_at >= date_trunc('second', s.requested_at) then 'confirmed' else 'timed_out' end,
        resolved_at = ${iso(now)}::timestamptz
      from devices d
      where d.id = s.device_id and s.source = 'event_automation' and s.outcome = 'pending' and s.requested_at <= ${iso(now)}::timestamptz
        and s.device_id in (select a.device_id from event_plug_actions a where a.event_id = ${eventId}::uuid)
      returning s.household_id as "householdId", s.device_id as "deviceId", s.requested_on as "requestedOn", (s.outcome = 'confirmed') as confirmed`),
  );
}
