/**
 * An RFC 5545 calendar for an Energy Saving Event, sent as an iTIP invitation (RFC 5546): the
 * same UID in every message about an event, so a calendar updates or removes the one entry,
 * and a SEQUENCE that only grows, so a later message wins over an earlier one.
 */
export type CalendarEvent = {
  eventId: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  organizer: string;
  attendee: string;
  /** REQUEST adds or updates the entry; CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  now: Date;
};

export const calendarUid = (eventId: string) => `${eventId}@peakwise.ca`;

const utc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character (§3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function eventCalendar(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Peakwise//Energy Saving Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${calendarUid(e.eventId)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.now)}`,
    `DTSTART:${utc(e.startsAt)}`,
    `DTEND:${utc(e.endsAt)}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    `ORGANIZER;CN=Peakwise:mailto:${e.organizer}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${e.attendee}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
