import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationChannelSchema, notificationKindSchema, type NotificationChannel, type NotificationKind } from '@peakwise/contracts/notifications.contract';

export type UnsubscribeTarget = { userId: string; channel: NotificationChannel; kind: NotificationKind };

// Its own key, derived from the auth secret, so an unsubscribe signature can never stand in for a session's.
const keyOf = (secret: string) => createHmac('sha256', secret).update('peakwise:unsubscribe:v1').digest();

const signatureOf = (secret: string, t: UnsubscribeTarget) =>
  createHmac('sha256', keyOf(secret)).update(`${t.userId}\n${t.channel}\n${t.kind}`).digest('base64url');

/**
 * A link that turns one preference off without signing in (CASL, RFC 8058). It never expires:
 * an unsubscribe link in an old email must keep working. It grants nothing but that one change.
 */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  return `${Buffer.from(target.userId).toString('base64url')}.${target.channel}.${target.kind}.${signatureOf(secret, target)}`;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [user, channelPart, kindPart, signature] = parts as [string, string, string, string];
  const channel = notificationChannelSchema.safeParse(channelPart);
  const kind = notificationKindSchema.safeParse(kindPart);
  if (!channel.success || !kind.success) return null;
  const target = { userId: Buffer.from(user, 'base64url').toString('utf8'), channel: channel.data, kind: kind.data };
  const expected = Buffer.from(signatureOf(secret, target));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
}
