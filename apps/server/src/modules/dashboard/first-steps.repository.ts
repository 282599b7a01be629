import { sql } from 'drizzle-orm';
import type { FirstStepId } from '@peakwise/contracts/first-steps.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { preferenceInForce, reachable } from '../notifications/event-notifications.repository';
import { freePlugOrderJson, type FreePlugOrderRow } from '../rewards/free-plug.repository';

type FirstStepsRow = { [K in Exclude<FirstStepId, 'freePlug'>]: boolean } & { dismissed: boolean; freePlugOrder: FreePlugOrderRow | null; freePlugSkipped: boolean };

/**
 * Each first step read from the rows that do it, in one statement: the account's verified flag;
 * a device, a meter reading or an imported day (a Green Button file writes meter rows too); an
 * events channel in force that reaches the member (the same test event announcements use); and
 * "opt me in to every event" or an opt-in to one event; the household's free-plug order, or its
 * "I already have a plug".
 */
export async function readFirstSteps(db: DbOrTx, userId: string, householdId: string): Promise<FirstStepsRow> {
  const [row] = rowsOf<FirstStepsRow>(
    await db.execute(sql`
      select
        coalesce((select email_verified from users where id = ${userId}), false) as "confirmEmail",
        (exists (select 1 from devices where household_id = ${householdId}::uuid and removed_at is null)
          or exists (select 1 from meter_readings where household_id = ${householdId}::uuid)
          or exists (select 1 from meter_reading_days where household_id = ${householdId}::uuid)
          or exists (select 1 from meter_daily where household_id = ${householdId}::uuid)) as "connectData",
        exists (
          select 1 from (values ('email'), ('sms'), ('push')) as w(channel)
          where ${preferenceInForce('me.id', 'w.channel', 'events')} and ${reachable('me.id', 'w.channel')}
        ) as "eventNotifications",
        (coalesce((select opt_in_every_event from household_event_settings where household_id = ${householdId}::uuid), false)
          or exists (select 1 from event_participations where household_id = ${householdId}::uuid and opted_in)) as "eventOptIn",
        coalesce((select first_steps_dismissed_at is not null from profiles where id = ${userId}), false) as dismissed,
        ${freePlugOrderJson(householdId)} as "freePlugOrder",
        coalesce((select free_plug_skipped_at is not null from households where id = ${householdId}::uuid), false) as "freePlugSkipped"
      from (select ${userId}::text as id) as me`),
  );
  return row!;
}

/** Closes the checklist for good; the first close is the one kept. */
export async function dismissFirstSteps(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.execute(sql`update profiles set first_steps_dismissed_at = ${now.toISOString()}::timestamptz where id = ${userId} and first_steps_dismissed_at is null`);
}

/** When the newest confirmation email to this address was produced, if ever. */
export async function lastVerificationEmailAt(db: DbOrTx, email: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`select max(created_at) as at from email_outbox where "to" = ${email} and kind = 'verify-email'`),
  );
  return row?.at ? new Date(row.at) : null;
}
