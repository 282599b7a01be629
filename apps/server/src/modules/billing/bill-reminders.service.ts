import { languageSchema, type Language } from '@peakwise/contracts/account.contract';
import { addDays, startOfLocalDate } from '@peakwise/domain/local-time';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Mailer } from '../email/mailer';
import { billReminderShortText, billReminderTemplate } from '../email/templates/bill-reminder.template';
import { DELIVERY_MAX_ATTEMPTS, retryDelayMs, SMS_STOP_HINT } from '../notifications/event-notifications.service';
import { markDeliveryAttemptFailed, markDeliverySent, markDeliverySkipped } from '../notifications/delivery-outcome.repository';
import type { NotificationChannels } from '../notifications/notification-channels.service';
import { unsubscribeToken } from '../notifications/unsubscribe-token';
import { paidByStatement } from '../payments/payments.repository';
import {
  fanOutReminders,
  lockReminder,
  statementsToRemind,
  type ReminderContext,
} from './bill-reminders.repository';
import { formatMoney } from './statement-text';

/**
 * Bill reminders (decision 049). An hourly durable sweep finds statements whose reminder time has
 * come (lead days before the due date, at the reminder hour, in the household's zone) and writes
 * one delivery row per channel the member wants bill reminders on, each with its own durable send
 * job: the same path, preferences and senders as event notifications (decision 035), so a message
 * is handed over and marked sent in one commit, and a restart neither loses nor repeats it.
 */

export const BILL_REMINDER_SWEEP_JOB = 'billing.remind';
const sweepKey = (hour: Date) => `billing:reminders:${hour.toISOString().slice(0, 13)}`;
const nextHour = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
const LOCALE: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA', es: 'es' };

/** The sweep for the hour now starting, once (the key); each sweep schedules the next hour's. */
export async function scheduleReminderSweep(db: DbOrTx, now: Date): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  await scheduleJob(db, { name: BILL_REMINDER_SWEEP_JOB, key: sweepKey(at), runAt: at });
}

/** One sweep: the statements whose reminder is due and still unpaid get their delivery rows. Returns how many rows were added. */
export async function sweepReminders(tx: DbOrTx, now: Date): Promise<number> {
  const candidates = await statementsToRemind(tx, now);
  const paid = await paidByStatement(tx, candidates.map((c) => c.statementId));
  const owing = candidates.filter((c) => (paid.get(c.statementId) ?? 0) < c.amountDueCents).map((c) => c.statementId);
  const added = await fanOutReminders(tx, owing, now);
  const next = nextHour(now);
  await scheduleJob(tx, { name: BILL_REMINDER_SWEEP_JOB, key: sweepKey(next), runAt: next });
  return added;
}

const dateText = (date: string, language: Language, withYear: boolean) =>
  new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', month: 'long', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) }).format(new Date(`${date}T12:00:00Z`));

export type BillReminderSender = ReturnType<typeof createBillReminderSender>;

export function createBillReminderSender(deps: { mailer: Mailer; channels: NotificationChannels }) {
  const { mailer, channels } = deps;

  /** Why this reminder should not go out (any more), or null when it should. Checked again at send time: a choice may change after the sweep. */
  async function skipReason(tx: DbOrTx, r: ReminderContext, now: Date): Promise<string | null> {
    if (r.deleted) return 'account deleted';
    if (!r.remindersOn) return 'bill reminders turned off';
    if (!r.channelOn) return 'channel turned off by the member';
    if (r.channel === 'sms' && (!r.phone || !r.phoneVerified)) return 'no verified mobile number';
    const paid = (await paidByStatement(tx, [r.statementId])).get(r.statementId) ?? 0;
    if (paid >= r.amountDueCents) return 'statement paid';
    if (now.getTime() >= startOfLocalDate(addDays(r.dueDate, 1), r.timeZone).getTime()) return 'due date passed';
    return null;
  }

  /** One reminder, inside its durable job's transaction; `retryAt` asks the job to run again then. */
  async function deliver(tx: DbOrTx, reminderId: string, now: Date): Promise<{ retryAt: Date } | void> {
    const r = await lockReminder(tx, reminderId);
    if (!r || r.status !== 'pending') return;
    const reason = await skipReason(tx, r, now);
    if (reason) return markDeliverySkipped(tx, 'bill_reminders', r.id, reason, now);
    const parsed = languageSchema.safeParse(r.language);
    const language = parsed.success ? parsed.data : 'en';
    const amount = formatMoney(r.amountDueCents, language);
    const short = billReminderShortText(language, { amount, dueDate: dateText(r.dueDate, language, false) });
    const billingUrl = `${channels.publicUrl}/app/billing`;
    let providerId: string | null;
    try {
      if (r.channel === 'email') {
        const unsubscribeUrl = `${channels.publicUrl}/api/unsubscribe?token=${unsubscribeToken(channels.linkSecret, { userId: r.userId, channel: 'email', kind: 'bill_reminders' })}`;
        const month = new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${r.periodStart}T12:00:00Z`));
        const rendered = billReminderTemplate(language, { name: r.name, amount, dueDate: dateText(r.dueDate, language, true), month, billingUrl, unsubscribeUrl });
        const sent = await mailer.sendRecorded(
          {
            to: r.email,
            kind: 'bill-reminder',
            language,
            ...rendered,
            messageId: `<bill-reminder-${r.id}@peakwise.ca>`,
            headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          tx,
        );
        providerId = sent.providerId ?? sent.outboxId;
      } else if (r.channel === 'sms') {
        const body = `Peakwise – ${short.title}: ${short.body} ${SMS_STOP_HINT[language]}`;
        providerId = (await channels.sms.send(tx, { to: r.phone!, body, purpose: 'bill_reminder', idempotencyKey: r.id })).providerId;
      } else {
        const devices = await channels.push.sendToMember(tx, r.userId, { ...short, url: '/app/billing', tag: `bill-${r.statementId}` }, r.id);
        if (devices === 0) return markDeliverySkipped(tx, 'bill_reminders', r.id, 'no push subscription', now);
        providerId = `${devices} device${devices === 1 ? '' : 's'}`;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = r.attempts + 1 >= DELIVERY_MAX_ATTEMPTS;
      await markDeliveryAttemptFailed(tx, 'bill_reminders', r.id, message, giveUp, now);
      return giveUp ? undefined : { retryAt: new Date(now.getTime() + retryDelayMs(r.attempts + 1)) };
    }
    await markDeliverySent(tx, 'bill_reminders', r.id, providerId, now);
  }

  return { deliver };
}
