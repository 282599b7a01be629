import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notHeldOut } from './event-holdout.filter';
import { inArea } from './events.repository';

export async function optInEveryEvent(db: DbOrTx, householdId: string): Promise<boolean> {
  const [row] = rowsOf<{ on: boolean }>(await db.execute(sql`select opt_in_every_event as on from household_event_settings where household_id = ${householdId}::uuid`));
  return row?.on ?? false;
}

export async function setOptInEveryEvent(db: DbOrTx, householdId: string, on: boolean, userId: string, now: Date) {
  await db.execute(sql`
    insert into household_event_settings (household_id, opt_in_every_event, updated_at, updated_by)
    values (${householdId}::uuid, ${on}, ${now.toISOString()}::timestamptz, ${userId})
    on conflict (household_id) do update set opt_in_every_event = excluded.opt_in_every_event, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/**
 * Events `a` and `b` (aliases of energy_events) are of two programs, at least one exclusive, and
 * share a 5-minute interval: the domain's stackingConflict, in SQL for the set-based opt-in.
 */
const exclusiveOverlap = (a: string, b: string) =>
  sql.raw(
    `(${b}.program_id <> ${a}.program_id and not (${a}.stacks and ${b}.stacks)` +
      ` and date_bin('5 minutes', ${b}.starts_at, timestamptz '1970-01-01T00:00:00Z') < ${a}.ends_at` +
      ` and date_bin('5 minutes', ${a}.starts_at, timestamptz '1970-01-01T00:00:00Z') < ${b}.ends_at)`,
  );

/**
 * Opts households whose "every event" choice is on into scheduled events of their area that have
 * not started, in one statement, except those it is held out of (decision 100). A household that already answered for an event (in or out) keeps
 * its answer: ON CONFLICT DO NOTHING, so re-running adds nothing. Narrowed to one event (when it is
 * scheduled) or one household (when it turns the choice on).
 */
export async function autoOptIn(db: DbOrTx, scope: { eventId: string } | { householdId: string }, now: Date): Promise<number> {
  const rows = rowsOf<{ eventId: string }>(
    await db.execute(sql`
      insert into event_participations (event_id, household_id, opted_in, source, changed_at)
      select e.id, h.id, true, 'always', ${now.toISOString()}::timestamptz
      from energy_events e
      join event_programs p on p.id = e.program_id
      join households h on ${inArea('p', 'h')}
      join household_event_settings s on s.household_id = h.id and s.opt_in_every_event
      where e.status = 'scheduled' and e.starts_at > ${now.toISOString()}::timestamptz and ${notHeldOut('e.id', 'h.id')}
        and ${'eventId' in scope ? sql`e.id = ${scope.eventId}::uuid` : sql`h.id = ${scope.householdId}::uuid`}
        -- Never beside another program's event at the same time when either program is exclusive (decision 108).
        and not exists (
          select 1 from event_participations op join energy_events oe on oe.id = op.event_id
          where op.household_id = h.id and op.opted_in and oe.status <> 'cancelled' and ${exclusiveOverlap('e', 'oe')})
        ${
          'eventId' in scope
            ? sql``
            : // Turning the choice on opts in to several events at once: of two that exclude each other, the earlier only.
              sql`and not exists (
                select 1 from energy_events ce join event_programs cp on cp.id = ce.program_id
                where ce.status = 'scheduled' and ce.starts_at > ${now.toISOString()}::timestamptz and ${inArea('cp', 'h')} and ${notHeldOut('ce.id', 'h.id')}
                  and (ce.starts_at, ce.id) < (e.starts_at, e.id) and ${exclusiveOverlap('e', 'ce')})`
        }
      on conflict (event_id, household_id) do nothing
      returning event_id as "eventId"`),
  );
  return rows.length;
}

export type PlugChoiceRow = { deviceId: string; name: string; neverSwitch: boolean; powerDown: boolean };

/** The household's live smart plugs, with whether each is chosen to power down during events. */
export async function householdPlugChoices(db: DbOrTx, householdId: string): Promise<PlugChoiceRow[]> {
  return rowsOf<PlugChoiceRow>(
    await db.execute(sql`
      select d.id as "deviceId", d.name, d.never_switch as "neverSwitch", (c.device_id is not null) as "powerDown"
      from devices d left join event_plug_choices c on c.device_id = d.id
      where d.household_id = ${householdId}::uuid and d.kind = 'smart_plug' and d.removed_at is null
      order by d.name, d.id`),
  );
}

export async function findHouseholdDevice(db: DbOrTx, householdId: string, deviceId: string): Promise<{ kind: string; neverSwitch: boolean } | null> {
  const [row] = rowsOf<{ kind: string; neverSwitch: boolean }>(
    await db.execute(sql`
      select kind, never_switch as "neverSwitch" from devices
      where id = ${deviceId}::uuid and household_id = ${householdId}::uuid and removed_at is null for update`),
  );
  return row ?? null;
}

export async function setPlugChoice(db: DbOrTx, householdId: string, deviceId: string, powerDown: boolean, now: Date) {
  if (powerDown) {
    await db.execute(sql`
      insert into event_plug_choices (device_id, household_id, chosen_at) values (${deviceId}::uuid, ${householdId}::uuid, ${now.toISOString()}::timestamptz)
      on conflict (device_id) do nothing`);
  } else {
    await db.execute(sql`delete from event_plug_choices where device_id = ${deviceId}::uuid and household_id = ${householdId}::uuid`);
  }
}

/** Chooses every switchable smart plug of the household (the demo household's set-up). */
export async function chooseAllSwitchablePlugs(db: DbOrTx, householdId: string, now: Date) {
  await db.execute(sql`
    insert into event_plug_choices (device_id, household_id, chosen_at)
    select d.id, d.household_id, ${now.toISOString()}::timestamptz from devices d
    where d.household_id = ${householdId}::uuid and d.kind = 'smart_plug' and not d.never_switch and d.removed_at is null
    on conflict (device_id) do nothing`);
}
