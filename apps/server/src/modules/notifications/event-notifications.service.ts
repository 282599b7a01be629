import { languageSchema, type Language } from '@peakwise/contracts/account.contract';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../email/mailer';
import { eventNotificationShortText, eventNotificationTemplate, eventWindow } from '../email/templates/event-notification.template';
import { findEvent } from '../events/events.repository';
import { eventCalendar } from './event-calendar';
import {
  fanOutCancellation,
  fanOutToArea,
  fanOutReschedule,
  lockDelivery,
  type DeliveryContext,
  type DeliveryKind,
} from './event-notifications.repository';
import { markDeliveryAttemptFailed, markDeliverySent, markDeliverySkipped } from './delivery-outcome.repository';
import type { NotificationChannels } from './notification-channels.service';
import { unsubscribeToken } from './unsubscribe-token';

/** A delivery is given up after this many failed tries (1, 2, 4, 8 … minutes apart). */
export const DELIVERY_MAX_ATTEMPTS = 6;
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/**
 * Each message about an event carries the same calendar UID and a SEQUENCE that grows in the
 * order they go out, so a calendar applies the latest (RFC 5546 §2.1.4): within one revision of
 * the event's window, announcement (or the notice of the move) < reminder < cancellation, and
 * every move of the window (decision 084) starts a revision above all of those.
 */
const SEQUENCE_STEP = { announced: 0, rescheduled: 0, reminder: 1, cancelled: 2 } as const;
const SEQUENCES_PER_REVISION = 3;
export const calendarSequence = (kind: DeliveryKind, revision: number) => revision * SEQUENCES_PER_REVISION + SEQUENCE_STEP[kind];

/** Carriers expect every text to say how to stop them; the inbound webhook honours both words. */
export const SMS_STOP_HINT: Record<Language, string> = { en: 'Reply STOP to stop.', fr: 'Répondez ARRÊT pour arrêter.', es: 'Responde STOP para no recibir más.' };

export type EventNotifier = ReturnType<typeof createEventNotifier>;

/**
 * Telling members about events (decision 035). Fan-out writes one delivery row per member and
 * channel, and a durable send job per row. Sending runs in that job's transaction: the message
 * is handed over and recorded, and the row marked sent, in one commit. A crash after the
 * hand-over and before the commit re-sends once on the retry, carrying the delivery id as its
 * idempotency key (Message-ID, Idempotency-Key, push Topic).
 */
export function createEventNotifier(deps: { mailer: Mailer; channels: NotificationChannels }) {
  const { mailer, channels } = deps;

  async function announce(tx: DbOrTx, eventId: string, now: Date): Promise<number> {
    const event = await findEvent(tx, eventId, true);
    if (!event || event.status !== 'scheduled' || event.startsAt.getTime() <= now.getTime()) return 0;
    return fanOutToArea(tx, eventId, 'announced', now);
  }

  async function remind(tx: DbOrTx, eventId: string, now: Date): Promise<number> {
    const event = await findEvent(tx, eventId, true);
    if (!event || event.status !== 'scheduled' || event.startsAt.getTime() <= now.getTime()) return 0;
    return fanOutToArea(tx, eventId, 'reminder', now);
  }

  async function announceReschedule(tx: DbOrTx, eventId: string, revision: number, now: Date): Promise<number> {
    const event = await findEvent(tx, eventId, true);
    if (!event || event.status !== 'scheduled' || event.startsAt.getTime() <= now.getTime()) return 0;
    return fanOutReschedule(tx, eventId, revision, now);
  }

  async function announceCancellation(tx: DbOrTx, eventId: string, now: Date): Promise<number> {
    const event = await findEvent(tx, eventId, true);
    if (!event || event.status !== 'cancelled') return 0;
    return fanOutCancellation(tx, eventId, now);
  }

  /** Why this delivery should not go out (any more), or null when it should. */
  function skipReason(d: DeliveryContext, now: Date): string | null {
    if (d.deleted) return 'account deleted';
    if (!d.enabled) return 'turned off by the member';
    if (d.kind === 'cancelled' ? d.eventStatus !== 'cancelled' : d.eventStatus !== 'scheduled' || d.startsAt.getTime() <= now.getTime()) return 'event no longer upcoming';
    if (d.channel === 'sms' && (!d.phone || !d.phoneVerified)) return 'no verified mobile number';
    return null;
  }

  async function sendEmail(tx: DbOrTx, d: DeliveryContext, language: Language, window: string, now: Date): Promise<string | null> {
    const unsubscribeUrl = `${channels.publicUrl}/api/unsubscribe?token=${unsubscribeToken(channels.linkSecret, { userId: d.userId, channel: 'email', kind: 'events' })}`;
    const rendered = eventNotificationTemplate(language, d.kind, { name: d.name, window, rewardPoints: d.rewardPoints, eventUrl: `${channels.publicUrl}/app/dashboard`, unsubscribeUrl });
    const short = eventNotificationShortText(language, d.kind, window);
    const calendar = eventCalendar({
      eventId: d.eventId,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      summary: short.title,
      description: short.body,
      organizer: channels.senderAddress,
      attendee: d.email,
      method: d.kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
      sequence: calendarSequence(d.kind, d.eventRevision),
      now,
    });
    const sent = await mailer.sendRecorded(
      {
        to: d.email,
        kind: 'event-notification',
        language,
        ...rendered,
        messageId: `<notification-${d.id}@peakwise.ca>`,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        calendar: { method: d.kind === 'cancelled' ? 'CANCEL' : 'REQUEST', content: calendar },
      },
      tx,
    );
    return sent.providerId ?? sent.outboxId;
  }

  /** One delivery, inside its durable job's transaction; `retryAt` asks the job to run again then. */
  async function deliver(tx: DbOrTx, deliveryId: string, now: Date): Promise<{ retryAt: Date } | void> {
    const d = await lockDelivery(tx, deliveryId);
    if (!d || d.status !== 'pending') return;
    const reason = skipReason(d, now);
    if (reason) return markDeliverySkipped(tx, 'event_notifications', d.id, reason, now);
    const parsed = languageSchema.safeParse(d.language);
    const language = parsed.success ? parsed.data : 'en';
    const window = eventWindow(language, d.startsAt, d.endsAt, d.timeZone);
    let providerId: string | null;
    try {
      if (d.channel === 'email') providerId = await sendEmail(tx, d, language, window, now);
      else if (d.channel === 'sms') {
        const short = eventNotificationShortText(language, d.kind, window);
        const body = `Peakwise – ${short.title}: ${short.body} ${SMS_STOP_HINT[language]}`;
        providerId = (await channels.sms.send(tx, { to: d.phone!, body, purpose: 'event_notification', idempotencyKey: d.id })).providerId;
      } else {
        const short = eventNotificationShortText(language, d.kind, window);
        const devices = await channels.push.sendToMember(tx, d.userId, { ...short, url: '/app/dashboard', tag: `event-${d.eventId}` }, d.id);
        if (devices === 0) return markDeliverySkipped(tx, 'event_notifications', d.id, 'no push subscription', now);
        providerId = `${devices} device${devices === 1 ? '' : 's'}`;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = d.attempts + 1 >= DELIVERY_MAX_ATTEMPTS;
      await markDeliveryAttemptFailed(tx, 'event_notifications', d.id, message, giveUp, now);
      return giveUp ? undefined : { retryAt: new Date(now.getTime() + retryDelayMs(d.attempts + 1)) };
    }
    await markDeliverySent(tx, 'event_notifications', d.id, providerId, now);
  }

  return { announce, remind, announceReschedule, announceCancellation, deliver };
}
