import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { startDurableWorker, type JobHandler } from '../../jobs/durable-worker';
import { notificationJobHandlers } from '../../jobs/notification-jobs';
import { createLogger } from '../../lib/logger';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { createMailer } from '../email/mailer';
import { startSmtpCapture, type CapturedEmail } from '../email/smtp-capture.test-helper';
import { upsertProgram } from '../events/events.repository';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { DELIVER_JOB, deliveriesOfEvent } from './event-notifications.repository';
import { createEventNotifier } from './event-notifications.service';
import { notificationConsents } from './notification-preferences.repository';

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
const HOUR = 3_600_000;
const silent = createLogger({ level: 'silent' });

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) back to text; the space between two of them is not text. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  });
}

/** One header, its folded lines joined (RFC 5322 §2.2.3) and encoded words decoded. */
function headerOf(mail: CapturedEmail, name: string): string | undefined {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
  return value === undefined ? undefined : decodeWords(value);
}

/** Each MIME leaf part of a message: its headers (unfolded, lower-cased names) and its decoded body. */
function partsOf(raw: string): { headers: Record<string, string>; body: string }[] {
  const split = (chunk: string) => {
    const at = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    const headers = Object.fromEntries(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { headers, body: chunk.slice(at + 4) };
  };
  const walk = (chunk: string): { headers: Record<string, string>; body: string }[] => {
    const { headers, body } = split(chunk);
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (boundary && /^multipart\//i.test(headers['content-type']!)) {
      return body.split(`--${boundary}`).slice(1, -1).flatMap((part) => walk(part.replace(/^\r\n/, '')));
    }
    const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8')
          : body;
    return [{ headers, body: decoded.replace(/\r\n$/, '') }];
  };
  return walk(raw);
}

/** The invite.ics attachment, decoded. */
function icsOf(mail: CapturedEmail | string): string {
  const part = partsOf(typeof mail === 'string' ? mail : mail.raw).find((p) => /filename="?invite\.ics/.test(p.headers['content-disposition'] ?? ''));
  if (!part) throw new Error('no invite.ics attachment');
  return part.body.endsWith('\r\n') ? part.body : `${part.body}\r\n`;
}

/** The invitation as a real calendar reads it (ical.js, Mozilla's parser). */
function calendarOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString() };
}

describe('event notifications by email, exactly once across a restart', () => {
  let smtp: Smtp;
  let t: TestApp;
  let now = new Date('2030-03-05T12:00:00Z');
  let operator: Member;
  let en: Member;
  let fr: Member;
  let quiet: Member;
  let eventId: string;
  const startsAt = new Date('2030-03-05T23:00:00Z'); // 6 PM in Toronto
  const endsAt = new Date('2030-03-06T00:00:00Z');

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    en = await createMember(t.app, { language: 'en', name: 'Alex Martin' });
    fr = await createMember(t.app, { language: 'fr', name: 'Marie Tremblay' });
    quiet = await createMember(t.app, { language: 'en' });
    for (const m of [en, fr, quiet]) expect((await t.app.request('/api/household', { headers: asMember(m) })).status).toBe(200);
    // The operator's account has its household from sign-up too (decision 051); it opts out, so only the members count.
    const operatorOff = await t.app.request('/api/notification-preferences', { method: 'PUT', headers: asMember(operator), body: JSON.stringify({ channels: { email: { events: false } } }) });
    expect(operatorOff.status).toBe(200);
    await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 0 });
    await t.accounts.mailer.settle();
    smtp.messages.length = 0; // sign-up emails
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const notifier = () => createEventNotifier({ mailer: t.accounts.mailer, channels: t.notifications });
  const worker = (handlers: Record<string, JobHandler> = { ...eventJobHandlers, ...notificationJobHandlers(notifier()) }) =>
    startDurableWorker({ db: t.database.db, handlers, logger: silent, clock: () => now });
  const eventMails = (m: Member) => smtp.to(m.email).filter((mail) => headerOf(mail, 'Message-ID')?.includes('notification-'));

  it('tells every member of the area once, in their language, with an invitation and one-click unsubscribe; a worker that dies after the fan-out loses nothing', async () => {
    const off = await t.app.request('/api/notification-preferences', { method: 'PUT', headers: asMember(quiet), body: JSON.stringify({ channels: { email: { events: false } } }) });
    expect(off.status).toBe(200);

    const programId = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from event_programs`))[0]!.id;
    const res = await t.app.request('/api/ops/events', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }) });
    expect(res.status).toBe(201);
    eventId = ((await res.json()) as { id: string }).id;
    const jobs = await jobsByKeyPrefix(t.database.db, `event:${eventId}:`);
    expect(jobs.map((j) => [j.key.replace(`event:${eventId}:`, ''), j.runAt])).toEqual(
      expect.arrayContaining([
        ['announce', now.toISOString().replace('.000', '')],
        ['reminder', new Date(startsAt.getTime() - HOUR).toISOString().replace('.000', '')],
      ]),
    );

    // The first worker runs the fan-out, then dies before sending anything.
    const first = worker();
    expect(await first.runDue()).toBe(1);
    await first.stop();
    expect(smtp.messages).toHaveLength(0);
    const pending = await deliveriesOfEvent(t.database.db, eventId);
    // The three members count, less the one who said no (the operator said no too).
    expect(pending.map((d) => [d.userId, d.channel, d.kind, d.status]).sort()).toEqual(
      [
        [en.userId, 'email', 'announced', 'pending'],
        [fr.userId, 'email', 'announced', 'pending'],
      ].sort(),
    );

    // A new worker (a restart) sends each one exactly once; later workers find nothing left.
    const second = worker();
    // The two emails, and the announcement's freeze of the opted-in homes' baselines (decision 099).
    expect(await second.runDue()).toBe(3);
    expect(await second.runDue()).toBe(0);
    await second.stop();
    expect(await worker().runDue()).toBe(0);
    expect(eventMails(en)).toHaveLength(1);
    expect(eventMails(fr)).toHaveLength(1);
    expect(eventMails(quiet)).toHaveLength(0);
    const sent = await deliveriesOfEvent(t.database.db, eventId);
    expect(sent.every((d) => d.status === 'sent' && d.attempts === 1 && d.providerId)).toBe(true);

    const [mail] = eventMails(en);
    expect(headerOf(mail!, 'Subject')).toContain('Energy Saving Event');
    expect(mail!.text).toContain('6:00 p.m.');
    expect(headerOf(mail!, 'Message-ID')).toBe(`<notification-${sent.find((d) => d.userId === en.userId)!.id}@peakwise.ca>`);
    expect(headerOf(mail!, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w.-]+>$/);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = icsOf(mail!);
    expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(ics).toContain(`\r\nUID:${eventId}@peakwise.ca\r\n`);
    expect(ics).toContain('\r\nDTSTART:20300305T230000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20300306T000000Z\r\n');
    expect(ics).toContain('\r\nSEQUENCE:0\r\n');
    expect(ics).toContain('\r\nSUMMARY:Energy Saving Event\r\n');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const [mailFr] = eventMails(fr);
    expect(mailFr!.text).toContain('Un événement d’économie d’énergie approche');
    expect(mailFr!.text).toContain('18 h');
  });

  it('a crash between sending and committing re-sends once, with the same Message-ID; nothing else repeats', async () => {
    now = new Date(startsAt.getTime() - HOUR);
    let crashed = false;
    const real = notificationJobHandlers(notifier());
    const crashing: Record<string, JobHandler> = {
      ...eventJobHandlers,
      ...real,
      [DELIVER_JOB]: async (ctx) => {
        const outcome = await real[DELIVER_JOB]!(ctx);
        if (!crashed) {
          crashed = true;
          throw new Error('process died before the commit');
        }
        return outcome;
      },
    };
    const w = worker(crashing);
    expect(await w.runDue()).toBe(1); // the reminder fan-out
    expect(await w.runDue()).toBe(2); // both sends, the first of which "crashes" after handing its email over
    await w.stop();
    const reminders = () => [...eventMails(en), ...eventMails(fr)].filter((m) => headerOf(m, 'Subject')!.match(/Starting in an hour|Dans une heure/));
    expect(reminders()).toHaveLength(2);

    now = new Date(now.getTime() + 2 * 60_000); // past the retry's back-off
    await worker().runDue();
    const all = reminders();
    expect(all).toHaveLength(3);
    const ids = all.map((m) => headerOf(m, 'Message-ID'));
    expect(new Set(ids).size).toBe(2);
    const rows = (await deliveriesOfEvent(t.database.db, eventId)).filter((d) => d.kind === 'reminder');
    expect(rows.map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(await worker().runDue()).toBe(0);
    expect(reminders()).toHaveLength(3);
    const reminderIcs = icsOf(reminders()[0]!);
    expect(reminderIcs).toContain('SEQUENCE:1');
  });

  it('a moved window reaches everyone told at once: a REQUEST with the same UID, a higher SEQUENCE and the new time, as text/calendar', async () => {
    now = new Date(startsAt.getTime() - 50 * 60_000);
    const newStart = new Date(startsAt.getTime() + 2 * HOUR);
    const newEnd = new Date(endsAt.getTime() + 2 * HOUR);
    const before = eventMails(fr).length;
    const res = await t.app.request(`/api/ops/events/${eventId}`, { method: 'PATCH', headers: asMember(operator), body: JSON.stringify({ startsAt: newStart.toISOString(), endsAt: newEnd.toISOString() }) });
    expect(res.status).toBe(204);
    // A change of points only is no new time: no notice for it.
    expect((await t.app.request(`/api/ops/events/${eventId}`, { method: 'PATCH', headers: asMember(operator), body: JSON.stringify({ rewardPoints: 120 }) })).status).toBe(204);
    const w = worker();
    expect(await w.runDue()).toBe(2); // the notice's fan-out, and the baselines frozen again for the new window (decision 099)
    expect(await w.runDue()).toBe(2); // one email each to the two members who were told
    expect(await w.runDue()).toBe(0);
    await w.stop();
    const moved = eventMails(fr).slice(before);
    expect(moved).toHaveLength(1);
    expect(headerOf(moved[0]!, 'Subject')).toMatch(/^Nouvelle heure/);
    expect(moved[0]!.text).toContain('20 h'); // 8 p.m. in Toronto

    const previous = calendarOf(icsOf(eventMails(fr).find((m) => headerOf(m, 'Subject')!.startsWith('Dans une heure'))!));
    const update = calendarOf(icsOf(moved[0]!));
    expect(update).toEqual({ method: 'REQUEST', uid: `${eventId}@peakwise.ca`, sequence: 3, start: newStart.toISOString(), end: newEnd.toISOString() });
    expect(previous.uid).toBe(update.uid);
    expect(update.sequence).toBeGreaterThan(previous.sequence);
    // Both the alternative and the attachment say what they are: a calendar REQUEST, not application/ics.
    const types = partsOf(moved[0]!.raw).map((p) => p.headers['content-type']);
    expect(types.filter((type) => /^text\/calendar; charset=utf-8; method=REQUEST(;|$)/i.test(type ?? ''))).toHaveLength(2);
    expect(moved[0]!.raw).not.toMatch(/application\/ics/i);

    // The outbox row keeps the whole message that went out: headers, parts and the invitation.
    const [row] = rowsOf<{ raw: string }>(
      await t.database.db.execute(sql`select raw from email_outbox where raw like ${`%${headerOf(moved[0]!, 'Message-ID')}%`}`),
    );
    expect(row!.raw.trimEnd()).toBe(moved[0]!.raw.trimEnd());
    expect(await worker().runDue()).toBe(0);
  });

  it('without SMTP the outbox row is the whole message: a calendar can read the invitation from it', async () => {
    const offline = createMailer({ db: t.database.db, logger: silent, from: 'Peakwise <no-reply@peakwise.ca>' });
    const ics = (await import('./event-calendar')).eventCalendar({
      eventId: '7d1f0000-0000-4000-8000-000000000001',
      startsAt,
      endsAt,
      summary: 'Energy Saving Event',
      description: 'Opt in',
      organizer: 'no-reply@peakwise.ca',
      attendee: 'outbox@example.com',
      method: 'REQUEST',
      sequence: 4,
      now,
    });
    const { outboxId } = await offline.sendRecorded(
      { to: 'outbox@example.com', kind: 'event-notification', language: 'en', subject: 'Energy Saving Event', text: 'See the attached invitation.', html: '<p>See the attached invitation.</p>', messageId: '<notification-offline@peakwise.ca>', headers: { 'List-Unsubscribe': '<https://peakwise.ca/u>' }, calendar: { method: 'REQUEST', content: ics } },
      t.database.db,
    );
    offline.close();
    const [row] = rowsOf<{ raw: string; sentAt: string | null }>(await t.database.db.execute(sql`select raw, sent_at as "sentAt" from email_outbox where id = ${outboxId}::uuid`));
    expect(row!.sentAt).toBeNull();
    expect(headerOf({ to: [], raw: row!.raw, text: '' }, 'Message-ID')).toBe('<notification-offline@peakwise.ca>');
    expect(headerOf({ to: [], raw: row!.raw, text: '' }, 'List-Unsubscribe')).toBe('<https://peakwise.ca/u>');
    expect(calendarOf(icsOf(row!.raw))).toEqual({ method: 'REQUEST', uid: '7d1f0000-0000-4000-8000-000000000001@peakwise.ca', sequence: 4, start: startsAt.toISOString(), end: endsAt.toISOString() });
  });

  it('one-click unsubscribe: GET changes nothing, POST without signing in turns the preference off with a consent record', async () => {
    const [mail] = eventMails(en);
    const url = new URL(headerOf(mail!, 'List-Unsubscribe')!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;
    const prefs = async () => ((await (await t.app.request('/api/notification-preferences', { headers: asMember(en) })).json()) as { channels: { email: { events: boolean } } }).channels.email.events;

    const look = await t.app.request(path);
    expect(look.status).toBe(200);
    expect(look.headers.get('content-type')).toContain('text/html');
    expect(await look.text()).toContain('<form method="post"');
    expect(await prefs()).toBe(true);

    const forged = await t.app.request(`${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}xx`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: { code: 'unsubscribe_invalid', message: 'This unsubscribe link is not valid.' } });
    expect((await t.app.request('/api/unsubscribe', { method: 'POST' })).status).toBe(400);
    expect(await prefs()).toBe(true);

    // As a mail provider sends it (RFC 8058 §3.2): a form body, no cookie; a webmail's own Origin is fine too.
    const done = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ channel: 'email', kind: 'events', enabled: false });
    expect(await prefs()).toBe(false);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(200); // again: still off, no second record
    expect(await notificationConsents(t.database.db, en.userId)).toEqual([
      { purpose: 'notifications:email:events', granted: false, source: 'unsubscribe_link', wording: 'Tell me about Energy Saving Events' },
    ]);
  });

  it('a cancellation reaches those who were told and still want to hear, with METHOD:CANCEL, the same UID and a higher SEQUENCE', async () => {
    now = new Date(startsAt.getTime() - 30 * 60_000);
    const res = await t.app.request(`/api/ops/events/${eventId}/cancel`, { method: 'POST', headers: asMember(operator) });
    expect(res.status).toBe(204);
    const w = worker();
    expect(await w.runDue()).toBe(1); // the cancellation's fan-out
    expect(await w.runDue()).toBe(1); // its one email
    const cancelled = eventMails(fr).filter((m) => headerOf(m, 'Subject')!.startsWith('Annul'));
    expect(cancelled).toHaveLength(1);
    const ics = icsOf(cancelled[0]!);
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain(`\r\nUID:${eventId}@peakwise.ca\r\n`);
    // Revision 1 of the window (it moved once): 3 × 1 + 2, above the move's 3.
    expect(ics).toContain('\r\nSEQUENCE:5\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    // The English member unsubscribed from event emails; the quiet one was never told.
    expect(eventMails(en).filter((m) => headerOf(m, 'Subject')!.startsWith('Cancelled'))).toHaveLength(0);
    expect(eventMails(quiet)).toHaveLength(0);
    expect(await worker().runDue()).toBe(0);
    expect((await deliveriesOfEvent(t.database.db, eventId)).filter((d) => d.kind === 'cancelled').map((d) => [d.userId, d.status])).toEqual([[fr.userId, 'sent']]);
  });
});
