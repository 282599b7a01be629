import { randomUUID } from 'node:crypto';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Language } from '@peakwise/contracts/account.contract';
import type { Db, DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { insertOutboxEmail, markOutboxFailed, markOutboxSent } from './email-outbox.repository';

export type EmailKind =
  | 'verify-email'
  | 'reset-password'
  | 'existing-account-sign-up-attempt'
  | 'email-change-confirmation'
  | 'account-deleted'
  | 'password-changed'
  | 'event-notification'
  | 'prize-winner'
  | 'program-started'
  | 'reward-code'
  | 'reward-shipped'
  | 'privacy-export-ready'
  | 'cash-out-sent'
  | 'cash-out-failed'
  | 'payment-receipt'
  | 'autopay-failed'
  | 'bill-reminder';

export type OutgoingEmail = {
  to: string;
  kind: EmailKind;
  language: Language;
  subject: string;
  text: string;
  html: string;
  /** Token-bearing links in the body; kept out of the outbox once SMTP has them. */
  secrets?: string[];
};

/** `raw`: the whole message as it goes to SMTP (the outbox keeps the same, less any secrets). */
export type RecordedEmail = { id: string; email: OutgoingEmail; raw: string };

/** A notification sent by a durable job: extra headers, a calendar invitation, a fixed Message-ID. */
export type NotificationEmail = OutgoingEmail & {
  /** The same on a re-send after a crash, so the receiving side can recognise the duplicate. */
  messageId: string;
  headers: Record<string, string>;
  /** RFC 5546 invitation: a text/calendar alternative and an invite.ics attachment, both `text/calendar; method=…`. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
};

export type Mailer = {
  /** Writes the outbox row (inside the caller's transaction when given one). */
  record(email: OutgoingEmail, executor?: DbOrTx): Promise<RecordedEmail>;
  /** Hands a recorded email to SMTP when configured; never throws. */
  deliver(recorded: RecordedEmail): Promise<void>;
  /**
   * Sends now and records it in the caller's transaction, so "recorded" and the caller's own
   * "sent" mark commit together. Without SMTP the outbox row is the delivery. Throws when SMTP
   * refuses, leaving nothing recorded, so the caller can retry.
   */
  sendRecorded(email: NotificationEmail, executor: DbOrTx): Promise<{ outboxId: string; providerId: string | null }>;
  /** record + deliver in the background, so a slow mail server never delays (or times) a response. */
  dispatch(email: OutgoingEmail): void;
  /** Resolves once every dispatched email is recorded and delivered (tests, shutdown). */
  settle(): Promise<void>;
  close(): void;
};

const redact = (value: string, secrets: string[]) =>
  secrets.reduce((acc, secret) => (secret ? acc.split(secret).join('[link removed]').split(secret.replace(/&/g, '&amp;')).join('[link removed]') : acc), value);

const recipientDomain = (to: string) => to.slice(to.lastIndexOf('@') + 1).toLowerCase();

/** The message's body as sent, or as the outbox keeps it: token-bearing links removed once SMTP has them. */
const bodyOf = (email: OutgoingEmail, redacted: boolean) =>
  redacted ? { text: redact(email.text, email.secrets ?? []), html: redact(email.html, email.secrets ?? []) } : { text: email.text, html: email.html };

/**
 * The invitation twice, as calendars look for it (RFC 6047 §2.4): a text/calendar alternative to
 * the text and HTML, and an invite.ics attachment of the same type with its METHOD, never the
 * application/ics that some clients show as an unknown file.
 */
function calendarParts(calendar: NotificationEmail['calendar']): Pick<SendMailOptions, 'alternatives' | 'attachments'> {
  if (!calendar) return {};
  const contentType = `text/calendar; charset=utf-8; method=${calendar.method}`;
  return {
    alternatives: [{ contentType, content: calendar.content }],
    attachments: [{ filename: 'invite.ics', contentType, content: calendar.content, contentDisposition: 'attachment', encoding: 'utf8' }],
  };
}

/** The whole RFC 5322 message: what SMTP is given and what the outbox keeps. */
async function compose(options: SendMailOptions): Promise<string> {
  const built = await new MailComposer(options).compile().build();
  // Line ends as SMTP carries them (RFC 5322 §2.3: CRLF only), so the kept copy is byte for byte what the server received.
  return built.toString('utf8').replace(/\r?\n/g, '\r\n');
}

/**
 * Without SMTP_URL the outbox table is the delivery (and one log line says so). With SMTP_URL the
 * message is sent through nodemailer and the outbox keeps a record with sent_at or the error,
 * with token-bearing links removed. Either way the outbox row keeps the whole message (`raw`:
 * headers, parts, the calendar invitation), so it is a faithful record of what went, or would
 * have gone, out (docs/notifications.md). Logs name the recipient's domain and the subject only.
 */
export function createMailer(options: { db: Db; logger: Logger; smtpUrl?: string | undefined; from: string }): Mailer {
  const { db, logger, from } = options;
  const transport: Transporter | undefined = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  const inFlight = new Set<Promise<void>>();

  /** The message to send and the one to keep: the same headers (Message-ID, Date), the kept one less any secrets. */
  async function messages(email: OutgoingEmail, extra: Pick<SendMailOptions, 'messageId' | 'headers' | 'alternatives' | 'attachments'>) {
    const fields = (redacted: boolean): SendMailOptions => ({ from, to: email.to, subject: email.subject, date: new Date(), ...bodyOf(email, redacted), ...extra });
    const sent = await compose(fields(false));
    const kept = transport && (email.secrets ?? []).some(Boolean) ? await compose(fields(true)) : sent;
    return { sent, kept };
  }

  const record: Mailer['record'] = async (email, executor = db) => {
    const { sent, kept } = await messages(email, { messageId: `<${randomUUID()}@peakwise.ca>` });
    const id = await insertOutboxEmail(executor, { to: email.to, subject: email.subject, kind: email.kind, language: email.language, ...bodyOf(email, Boolean(transport)), raw: kept });
    return { id, email, raw: sent };
  };

  const deliver: Mailer['deliver'] = async ({ id, email, raw }) => {
    const entry = { kind: email.kind, toDomain: recipientDomain(email.to), subject: email.subject };
    if (!transport) {
      logger.info(entry, 'Email written to the outbox');
      return;
    }
    try {
      await transport.sendMail({ envelope: { from, to: email.to }, raw });
      await markOutboxSent(db, id, new Date());
      logger.info(entry, 'Email sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markOutboxFailed(db, id, message).catch(() => {});
      logger.warn({ ...entry, error: message }, 'Email could not be sent');
    }
  };

  const sendRecorded: Mailer['sendRecorded'] = async (email, executor) => {
    const { sent, kept } = await messages(email, { messageId: email.messageId, headers: email.headers, ...calendarParts(email.calendar) });
    let providerId: string | null = null;
    if (transport) {
      const info = (await transport.sendMail({ envelope: { from, to: email.to }, raw: sent })) as { messageId?: string };
      providerId = info.messageId ?? email.messageId;
    }
    const outboxId = await insertOutboxEmail(executor, {
      to: email.to,
      subject: email.subject,
      kind: email.kind,
      language: email.language,
      ...bodyOf(email, Boolean(transport)),
      raw: kept,
      sentAt: transport ? new Date() : null,
    });
    logger.info({ kind: email.kind, toDomain: recipientDomain(email.to), subject: email.subject }, transport ? 'Email sent' : 'Email written to the outbox');
    return { outboxId, providerId };
  };

  return {
    record,
    deliver,
    sendRecorded,
    dispatch(email) {
      const job = record(email)
        .then(deliver)
        .catch((error: unknown) => logger.error({ kind: email.kind, error: error instanceof Error ? error.message : String(error) }, 'Email could not be recorded'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close() {
      transport?.close();
    },
  };
}
