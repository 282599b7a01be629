import { sql } from 'drizzle-orm';
import { REMINDER_LEAD_DAYS } from '@peakwise/contracts/billing-preferences.contract';
import type { LocalDate } from '@peakwise/domain/local-time';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { uuidArray } from '../../lib/pg-array';
import { preferenceInForce, reachable } from '../notifications/event-notifications.repository';

/* Bill reminders (decision 049): who is owed one, the delivery rows, and their send jobs. */

export const BILL_REMINDER_SEND_JOB = 'billing.send-reminder';
export type ReminderChannel = 'email' | 'sms' | 'push';

/** The local hour a reminder goes out on its day (due date less the lead days), in the household's zone. */
export const REMINDER_LOCAL_HOUR = 9;

export type ReminderCandidate = { statementId: string; amountDueCents: number };

/**
 * Statements whose reminder time has come at `now` and which are not yet due past: the
 * household's reminders on, its lead days before the due date at the reminder hour, local time;
 * something owed; the owner's account not deleted; no reminder row yet.
 */
export async function statementsToRemind(db: DbOrTx, now: Date): Promise<ReminderCandidate[]> {
  const at = now.toISOString();
  return rowsOf<ReminderCandidate>(
    await db.execute(sql`
      select s.id as "statementId", s.amount_due_cents as "amountDueCents"
      from statements s
      join households h on h.id = s.household_id
      join profiles pr on pr.id = h.owner_user_id and pr.deleted_at is null
      left join billing_preferences bp on bp.household_id = h.id
      where s.due_date between (${at}::timestamptz at time zone 'UTC')::date - 1 and (${at}::timestamptz at time zone 'UTC')::date + ${REMINDER_LEAD_DAYS.max + 1}::int
        and coalesce(bp.reminders_enabled, true)
        and s.amount_due_cents > 0
        and ((s.due_date - coalesce(bp.reminder_lead_days, ${REMINDER_LEAD_DAYS.default}))::timestamp + make_interval(hours => ${REMINDER_LOCAL_HOUR})) at time zone h.time_zone <= ${at}::timestamptz
        and ((s.due_date + 1)::timestamp at time zone h.time_zone) > ${at}::timestamptz
        and not exists (select 1 from bill_reminders r where r.statement_id = s.id)`),
  );
}

/**
 * A delivery row per statement and channel the owner wants bill reminders on and can be reached
 * on, and a send job for each new row, in one statement. Rows already there are left alone by
 * the unique key, so running it twice adds nothing. Returns how many rows were added.
 */
export async function fanOutReminders(tx: DbOrTx, statementIds: readonly string[], runAt: Date): Promise<number> {
  if (statementIds.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with added as (
        insert into bill_reminders (statement_id, user_id, channel)
        select s.id, pr.id, c.channel
        from statements s
        join households h on h.id = s.household_id
        join profiles pr on pr.id = h.owner_user_id and pr.deleted_at is null
        cross join (values ('email'), ('sms'), ('push')) as c(channel)
        where s.id = any(${uuidArray(statementIds)}::uuid[]) and ${preferenceInForce('pr.id', 'c.channel', 'bill_reminders')} and ${reachable('pr.id', 'c.channel')}
        on conflict (statement_id, channel) do nothing
        returning id
      ), jobs as (
        insert into durable_jobs (name, key, run_at, payload)
        select ${BILL_REMINDER_SEND_JOB}, 'billing:reminder:' || a.id, ${runAt.toISOString()}::timestamptz, jsonb_build_object('reminderId', a.id)
        from added a
        on conflict (key) do nothing
      )
      select count(*)::int as n from added`),
  );
  return row!.n;
}

export type ReminderContext = {
  id: string;
  statementId: string;
  userId: string;
  channel: ReminderChannel;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  periodStart: LocalDate;
  dueDate: LocalDate;
  amountDueCents: number;
  timeZone: string;
  email: string;
  name: string;
  language: string;
  deleted: boolean;
  phone: string | null;
  phoneVerified: boolean;
  channelOn: boolean;
  remindersOn: boolean;
};

/** The reminder with everything its message needs and the choices in force now, locked for the sending transaction. */
export async function lockReminder(tx: DbOrTx, id: string): Promise<ReminderContext | null> {
  const [row] = rowsOf<ReminderContext>(
    await tx.execute(sql`
      select r.id, r.statement_id as "statementId", r.user_id as "userId", r.channel, r.status, r.attempts,
        s.period_start::text as "periodStart", s.due_date::text as "dueDate", s.amount_due_cents as "amountDueCents",
        h.time_zone as "timeZone", pr.email, pr.name, pr.language, pr.deleted_at is not null as deleted,
        ph.phone, ph.verified_at is not null as "phoneVerified",
        ${preferenceInForce('r.user_id', 'r.channel', 'bill_reminders')} as "channelOn",
        coalesce(bp.reminders_enabled, true) as "remindersOn"
      from bill_reminders r
      join statements s on s.id = r.statement_id
      join households h on h.id = s.household_id
      join profiles pr on pr.id = r.user_id
      left join billing_preferences bp on bp.household_id = h.id
      left join notification_phones ph on ph.user_id = r.user_id
      where r.id = ${id}::uuid
      for update of r`),
  );
  return row ?? null;
}

export type ReminderRow = { id: string; statementId: string; userId: string; channel: ReminderChannel; status: string; attempts: number; lastError: string | null };

export async function remindersOfStatement(db: DbOrTx, statementId: string): Promise<ReminderRow[]> {
  return rowsOf<ReminderRow>(
    await db.execute(sql`
      select id, statement_id as "statementId", user_id as "userId", channel, status, attempts, last_error as "lastError"
      from bill_reminders where statement_id = ${statementId}::uuid order by channel`),
  );
}
