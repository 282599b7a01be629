import type { Db } from '../../db/client';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { authSecretOf } from '../auth/auth';
import { createPushSender, type PushSender } from './push-sender';
import { createSmsSender, type SmsSender } from './sms-sender';

/** The ways out to members besides the mailer, and what signs their links; one set per process. */
export type NotificationChannels = {
  sms: SmsSender;
  push: PushSender;
  /** Signs one-click unsubscribe links (derived again inside unsubscribe-token.ts). */
  linkSecret: string;
  publicUrl: string;
  /** The From address, also the calendar invitation's organizer. */
  senderAddress: string;
  smsInboundSecret: string | undefined;
  /**
   * May a push endpoint be plain http, on this machine or a private network? Only where webhooks
   * may (WEBHOOK_ALLOW_LOCALHOST, never in production): a local push service in development and tests.
   */
  allowPrivatePush: boolean;
};

export function createNotificationChannels(options: { config: Config; db: Db; logger: Logger }): NotificationChannels {
  const { config, db, logger } = options;
  const senderAddress = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return {
    sms: createSmsSender({ providerUrl: config.sms.providerUrl, providerToken: config.sms.providerToken, logger }),
    push: createPushSender({ db, subject: `mailto:${senderAddress}`, logger, allowPrivateNetworks: config.webhooks.allowLocalhost }),
    linkSecret: authSecretOf(config),
    publicUrl: config.publicUrl,
    senderAddress,
    smsInboundSecret: config.sms.inboundSecret,
    allowPrivatePush: config.webhooks.allowLocalhost,
  };
}
