import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_CHANNEL_ON,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  type PushSubscriptionInput,
  type UpdateNotificationPreferences,
} from '@peakwise/contracts/notifications.contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { endpointAddressRefused } from '../../lib/public-network';
import type { NotificationChannels } from './notification-channels.service';
import {
  countPushSubscriptions,
  countWrongCode,
  deletePushSubscription,
  findPhone,
  markPhoneVerified,
  saveCode,
  savePreferences,
  savePushSubscription,
  storedPreferences,
  usersWithVerifiedPhone,
  type PreferenceChange,
} from './notification-preferences.repository';
import { readUnsubscribeToken } from './unsubscribe-token';

const CODE_LIFETIME_MS = 10 * 60_000;
const CODE_RESEND_AFTER_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;

/** Keywords carriers and members use to stop texts, in English and French, compared without accents. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET']);

/**
 * A Canadian (NANP) mobile number in E.164, or null: 10 digits, or 11 starting with 1, with
 * the usual separators; area code and exchange cannot start with 0 or 1.
 */
export function normalizeCanadianPhone(input: string): string | null {
  const stripped = input.trim().replace(/[\s().-]/g, '');
  const digits = stripped.startsWith('+') ? stripped.slice(1) : stripped;
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  if (stripped.startsWith('+') && digits.length !== 11) return null;
  return `+1${national}`;
}

export function isStopMessage(body: string): boolean {
  const word = body.trim().normalize('NFD').replace(/\p{Diacritic}/gu, '').toUpperCase();
  return STOP_WORDS.has(word);
}

export function createNotificationPreferencesService(deps: { db: Db; channels: NotificationChannels }) {
  const { db, channels } = deps;
  const codeKey = createHmac('sha256', channels.linkSecret).update('peakwise:phone-code:v1').digest();
  const hashCode = (userId: string, phone: string, code: string) => createHmac('sha256', codeKey).update(`${userId}\n${phone}\n${code}`).digest('hex');

  async function get(userId: string): Promise<NotificationPreferences> {
    const stored = await storedPreferences(db, userId);
    const grid = Object.fromEntries(
      NOTIFICATION_CHANNELS.map((channel) => [
        channel,
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.find((p) => p.channel === channel && p.kind === kind)?.enabled ?? DEFAULT_CHANNEL_ON[channel]])),
      ]),
    ) as NotificationPreferences['channels'];
    const phone = await findPhone(db, userId);
    return { channels: grid, phone: phone ? { number: phone.phone, verified: phone.verifiedAt !== null } : null, pushSubscriptions: await countPushSubscriptions(db, userId) };
  }

  /** Turning SMS or push on needs a way to reach the member first; refused changes write nothing. */
  async function update(userId: string, input: UpdateNotificationPreferences, now: Date): Promise<NotificationPreferences> {
    const changes: PreferenceChange[] = NOTIFICATION_CHANNELS.flatMap((channel) =>
      Object.entries(input.channels[channel] ?? {}).map(([kind, enabled]) => ({ channel, kind: kind as PreferenceChange['kind'], enabled: enabled as boolean })),
    );
    await db.transaction(async (tx) => {
      if (changes.some((c) => c.channel === 'sms' && c.enabled)) {
        const phone = await findPhone(tx, userId);
        if (!phone?.verifiedAt) throw new AppError(409, 'phone_not_verified', NOTIFICATION_MESSAGES.phoneNotVerified);
      }
      if (changes.some((c) => c.channel === 'push' && c.enabled) && (await countPushSubscriptions(tx, userId)) === 0) {
        throw new AppError(409, 'no_push_subscription', NOTIFICATION_MESSAGES.noPushSubscription);
      }
      await savePreferences(tx, userId, changes, 'settings', now);
    });
    return get(userId);
  }

  /**
   * Sends a 6-digit code to the number; it is kept only as a keyed hash for 10 minutes. The
   * code is the one text that goes to a number before it is verified, and only on the member's
   * own request, at most once a minute.
   */
  async function setPhone(userId: string, rawPhone: string, now: Date): Promise<NotificationPreferences> {
    const phone = normalizeCanadianPhone(rawPhone);
    if (!phone) throw new AppError(400, 'phone_invalid', NOTIFICATION_MESSAGES.phoneInvalid);
    await db.transaction(async (tx) => {
      const current = await findPhone(tx, userId, true);
      if (current?.phone === phone && current.verifiedAt) return;
      if (current?.codeSentAt && now.getTime() - current.codeSentAt.getTime() < CODE_RESEND_AFTER_MS) {
        throw new AppError(429, 'code_too_soon', NOTIFICATION_MESSAGES.codeTooSoon);
      }
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await saveCode(tx, userId, phone, hashCode(userId, phone, code), new Date(now.getTime() + CODE_LIFETIME_MS), now);
      try {
        await channels.sms.send(tx, {
          to: phone,
          body: `Peakwise: your verification code is ${code}. It expires in 10 minutes.`,
          purpose: 'phone_verification',
          idempotencyKey: `phone-code:${userId}:${now.getTime()}`,
          secret: code,
        });
      } catch {
        throw new AppError(502, 'sms_failed', 'The code could not be sent. Please try again in a moment.');
      }
    });
    return get(userId);
  }

  async function verifyPhone(userId: string, code: string, now: Date): Promise<NotificationPreferences> {
    // The wrong-guess count must be saved even though the answer is an error, so the outcome is
    // decided inside the transaction and thrown after it commits.
    const outcome = await db.transaction(async (tx) => {
      const phone = await findPhone(tx, userId, true);
      if (!phone?.codeHash || !phone.codeExpiresAt) return phone?.verifiedAt ? 'verified' : 'no_code';
      if (phone.codeAttempts >= CODE_MAX_ATTEMPTS) return 'too_many';
      if (phone.codeExpiresAt.getTime() <= now.getTime()) return 'expired';
      const given = Buffer.from(hashCode(userId, phone.phone, code));
      const stored = Buffer.from(phone.codeHash);
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        await countWrongCode(tx, userId, now);
        return phone.codeAttempts + 1 >= CODE_MAX_ATTEMPTS ? 'too_many' : 'wrong';
      }
      await markPhoneVerified(tx, userId, now);
      return 'verified';
    });
    if (outcome === 'no_code') throw new AppError(409, 'no_code_pending', NOTIFICATION_MESSAGES.noCodePending);
    if (outcome === 'too_many') throw new AppError(429, 'too_many_attempts', NOTIFICATION_MESSAGES.tooManyAttempts);
    if (outcome === 'expired') throw new AppError(410, 'code_expired', NOTIFICATION_MESSAGES.codeExpired);
    if (outcome === 'wrong') throw new AppError(400, 'code_wrong', NOTIFICATION_MESSAGES.codeWrong);
    return get(userId);
  }

  /** RFC 8058 one-click: the signed token names the member, channel and kind to turn off. */
  async function unsubscribe(token: string, now: Date) {
    const target = readUnsubscribeToken(channels.linkSecret, token);
    if (!target) throw new AppError(400, 'unsubscribe_invalid', NOTIFICATION_MESSAGES.unsubscribeInvalid);
    await db.transaction((tx) => savePreferences(tx, target.userId, [{ channel: target.channel, kind: target.kind, enabled: false }], 'unsubscribe_link', now));
    return { channel: target.channel, kind: target.kind, enabled: false as const };
  }

  /** A STOP (or ARRÊT) from a number turns every SMS kind off for whoever verified it. Returns how many members. */
  async function inboundSms(from: string, body: string, now: Date): Promise<number> {
    const phone = normalizeCanadianPhone(from);
    if (!phone || !isStopMessage(body)) return 0;
    const userIds = await usersWithVerifiedPhone(db, phone);
    await db.transaction(async (tx) => {
      for (const userId of userIds) await savePreferences(tx, userId, NOTIFICATION_KINDS.map((kind) => ({ channel: 'sms', kind, enabled: false })), 'sms_stop', now);
    });
    return userIds.length;
  }

  async function subscribePush(userId: string, input: PushSubscriptionInput) {
    if (!channels.allowPrivatePush) {
      if (new URL(input.endpoint).protocol !== 'https:') throw new AppError(400, 'push_endpoint_invalid', NOTIFICATION_MESSAGES.pushEndpointInvalid);
      if (endpointAddressRefused(input.endpoint)) throw new AppError(400, 'push_endpoint_not_public', NOTIFICATION_MESSAGES.pushEndpointNotPublic);
    }
    await savePushSubscription(db, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    return get(userId);
  }

  async function unsubscribePush(userId: string, endpoint: string) {
    if (!(await deletePushSubscription(db, userId, endpoint))) throw new AppError(404, 'push_not_found', NOTIFICATION_MESSAGES.pushNotFound);
    return get(userId);
  }

  return { get, update, setPhone, verifyPhone, unsubscribe, inboundSms, subscribePush, unsubscribePush };
}

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferencesService>;
