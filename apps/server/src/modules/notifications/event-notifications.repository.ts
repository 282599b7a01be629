import { sql } from 'drizzle-orm';
import { DEFAULT_CHANNEL_ON } from '@peakwise/contracts/notifications.contract';
import type { EventStatusValue } from '@peakwise/contracts/events.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notHeldOut } from '../events/event-holdout.filter';
import { inArea } from '../events/events.repository';

export type DeliveryKind = 'announced' | 'reminder' | 'rescheduled' | 'cancelled';
export type DeliveryChannel = 'email' | 'sms' | 'push';
export const DELIVER_JOB = 'notification.deliver';

/** The preference in force for (member, channel, kind): the stored choice, else the channel's default. Bill reminders (decision 049) use it too. */
export const preferenceInForce = (user: string, channel: string, kind: 'events' | 'bill_reminders') =>
  sql.raw(`coalesce((select np.enabled from notification_preferences np where np.user_id = ${user} and np.channel = ${channel} and np.kind = '${kind}'),
    case ${channel} when 'email' then ${DEFAULT_CHANNEL_ON.email} when 'sms' then ${DEFAULT_CHANNEL_ON.sms} else ${DEFAULT_CHANNEL_ON.push} end)`);

const eventsPreference = (user: string, channel: string) => preferenceInForce(user, channel, 'events');

/** A channel the member can be reached on at all: a verified number for SMS, a subscription for push. */
export const reachable = (user: string, channel: string) =>
  sql.raw(`(${channel} = 'email'
    or (${channel} = 'sms' and exists (select 1 from notification_phones ph where ph.user_id = ${user} and ph.verified_at is not null))
    or (${channel} = 'push' and exists (select 1 from push_subscriptions ps where ps.user_id = ${user})))`);

/**
 * Every delivery row an announcement or reminder needs, in one statement: each household of the
 * event's area that is not held out of it (decision 100), its owner's channels as their preferences say. Rows already there (a re-run)
 * are left alone by the unique key, and only the new ones get a send job, so running it twice
 * adds nothing. Returns how many rows were added.
 */
export async function fanOutToArea(tx: DbOrTx, eventId: string, kind: 'announced' | 'reminder', runAt: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into event_notifications (event_id, user_id, household_id, channel, kind)
        select e.id, pr.id, h.id, c.channel, ${kind}
        from energy_events e
        join event_programs p on p.id = e.program_id
        join households h on ${inArea('p', 'h')}
        join profiles pr on pr.id = h.owner_user_id and pr.deleted_at is null
        cross join (values ('email'), ('sms'), ('push')) as c(channel)
        where e.id = ${eventId}::uuid and ${notHeldOut('e.id', 'h.id')} and ${eventsPreference('pr.id', 'c.channel')} and ${reachable('pr.id', 'c.channel')}
        on conflict (event_id, user_id, channel, kind, revision) do nothing
        returning id, event_id
      ), jobs as (
        ${deliveryJobsFor(runAt)}
      )
      select count(*)::int as n from added`),
  );
  return row!.n;
}

/** A send job per new delivery, keyed under the event so cancelling the event cancels the ones still waiting. */
const deliveryJobsFor = (runAt: Date) => sql`
  insert into durable_jobs (name, key, run_at, payload)
  select ${DELIVER_JOB}, 'event:' || a.event_id || ':notify:' || a.id, ${runAt.toISOString()}::timestamptz, jsonb_build_object('deliveryId', a.id)
  from added a
  on conflict (key) do nothing`;

/**
 * The cancellation: each member who was told (an announcement or reminder that went out) hears
 * of it on the channels that told them, if those are still on; what was waiting to go is
 * skipped, so nobody is invited after the event is gone.
 */
export async function fanOutCancellation(tx: DbOrTx, eventId: string, runAt: Date): Promise<number> {
  await tx.execute(sql`
    update event_notifications set status = 'skipped', last_error = 'event cancelled', updated_at = ${runAt.toISOString()}::timestamptz
    where event_id = ${eventId}::uuid and kind in ('announced', 'reminder', 'rescheduled') and status = 'pending'`);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into event_notifications (event_id, user_id, household_id, channel, kind)
        select distinct n.event_id, n.user_id, n.household_id, n.channel, 'cancelled'
        from event_notifications n
        where n.event_id = ${eventId}::uuid and n.kind in ('announced', 'reminder') and n.status = 'sent'
          and ${eventsPreference('n.user_id', 'n.channel')} and ${reachable('n.user_id', 'n.channel')}
        on conflict (event_id, user_id, channel, kind, revision) do nothing
        returning id, event_id
      ), jobs as (
        ${deliveryJobsFor(runAt)}
      )
      select count(*)::int as n from added`),
  );
  return row!.n;
}

/**
 * The window moved (decision 084): each member who was told about the event (a message that went
 * out, of any kind) hears of it on the channels that told them, if those are still on, with an
 * updated invitation. A notice of an earlier move still waiting is skipped: it would say the
 * same as this one. Running it twice adds nothing (the revision is in the unique key).
 */
export async function fanOutReschedule(tx: DbOrTx, eventId: string, revision: number, runAt: Date): Promise<number> {
  await tx.execute(sql`
    update event_notifications set status = 'skipped', last_error = 'superseded by a later change', updated_at = ${runAt.toISOString()}::timestamptz
    where event_id = ${eventId}::uuid and kind = 'rescheduled' and revision < ${revision} and status = 'pending'`);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into event_notifications (event_id, user_id, household_id, channel, kind, revision)
        select distinct n.event_id, n.user_id, n.household_id, n.channel, 'rescheduled', ${revision}::int
        from event_notifications n
        where n.event_id = ${eventId}::uuid and n.kind in ('announced', 'reminder', 'rescheduled') and n.status = 'sent'
          and ${eventsPreference('n.user_id', 'n.channel')} and ${reachable('n.user_id', 'n.channel')}
        on conflict (event_id, user_id, channel, kind, revision) do nothing
        returning id, event_id
      ), jobs as (
        ${deliveryJobsFor(runAt)}
      )
      select count(*)::int as n from added`),
  );
  return row!.n;
}

export type DeliveryContext = {
  id: string;
  eventId: string;
  userId: string;
  channel: DeliveryChannel;
  kind: DeliveryKind;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  startsAt: Date;
  endsAt: Date;
  rewardPoints: number;
  eventStatus: EventStatusValue;
  /** The event's calendar revision now (how many times its window moved). */
  eventRevision: number;
  timeZone: string;
  email: string;
  name: string;
  language: string;
  deleted: boolean;
  phone: string | null;
  phoneVerified: boolean;
  enabled: boolean;
};

/** The delivery with everything its message needs, locked for the sending transaction. */
export async function lockDelivery(tx: DbOrTx, id: string): Promise<DeliveryContext | null> {
  const [row] = rowsOf<DeliveryContext>(
    await tx.execute(sql`
      select n.id, n.event_id as "eventId", n.user_id as "userId", n.channel, n.kind, n.status, n.attempts,
        e.starts_at as "startsAt", e.ends_at as "endsAt", e.reward_points as "rewardPoints", e.status as "eventStatus", e.revision as "eventRevision",
        h.time_zone as "timeZone", pr.email, pr.name, pr.language, pr.deleted_at is not null as deleted,
        ph.phone, ph.verified_at is not null as "phoneVerified", ${eventsPreference('n.user_id', 'n.channel')} as enabled
      from event_notifications n
      join energy_events e on e.id = n.event_id
      join households h on h.id = n.household_id
      join profiles pr on pr.id = n.user_id
      left join notification_phones ph on ph.user_id = n.user_id
      where n.id = ${id}::uuid
      for update of n`),
  );
  return row ? { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) } : null;
}

export type DeliveryRow = { id: string; userId: string; channel: DeliveryChannel; kind: DeliveryKind; status: string; attempts: number; providerId: string | null };

export async function deliveriesOfEvent(db: DbOrTx, eventId: string): Promise<DeliveryRow[]> {
  return rowsOf<DeliveryRow>(
    await db.execute(sql`
      select id, user_id as "userId", channel, kind, status, attempts, provider_id as "providerId"
      from event_notifications where event_id = ${eventId}::uuid order by user_id, kind, channel`),
  );
}
