/**
 * An activity as an iCalendar file (RFC 5545) for a confirmation email, in China time (TZID Asia/Shanghai,
 * with its VTIMEZONE so every client reads it alike), text escaped, long lines folded, CRLF line ends.
 * With opening hours, one VEVENT per day from opening to closing (a two-day fair is two days of hours, not
 * one 32-hour block); without them one all-day event, DTEND the day after the last.
 */

export interface CalendarEvent {
  /** Unique and stable for the attendee and activity, so a resent file updates the entry rather than adding one. */
  uid: string;
  summary: string;
  /** `YYYY-MM-DD`. */
  startDay: string;
  endDay: string;
  /** `HH:MM` or `HH:MM:SS`; both or neither. */
  openTime?: string | null;
  closeTime?: string | null;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  /** When the file is written (DTSTAMP). */
  stamp: Date;
}

/**
 * TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). A lone CR is a line
 * break too: many readers split on it, so left bare it would start a property of the text's choosing.
 */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character. */
/** Octets of one character in UTF-8 (the domain core has no TextEncoder). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    // The first line may take 75 octets; a continuation line's leading space counts towards its 75.
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replace(/-/g, '');
const compactTime = (time: string) => (time.length === 5 ? `${time}:00` : time.slice(0, 8)).replace(/:/g, '');

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A calendar file is for a fair or a conference, not a season: longer activities get their first days only. */
const MAX_EVENT_DAYS = 62;

function daysOf(startDay: string, endDay: string): string[] {
  const days = [startDay];
  while (days.length < MAX_EVENT_DAYS && days[days.length - 1] < endDay) days.push(nextDay(days[days.length - 1]));
  return days;
}

function vevent(event: CalendarEvent, uid: string, when: string[]): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...when,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

export function calendarFile(event: CalendarEvent): string {
  const timed = Boolean(event.openTime && event.closeTime);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//zbzj//主办之家//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Shanghai',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0800',
    'TZOFFSETTO:+0800',
    'TZNAME:CST',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...(timed
      ? daysOf(event.startDay, event.endDay).flatMap((day, i) =>
          // The first day keeps the activity's UID, so a file sent before per-day events updates that entry.
          vevent(event, i ? `${compactDay(day)}-${event.uid}` : event.uid, [
            `DTSTART;TZID=Asia/Shanghai:${compactDay(day)}T${compactTime(event.openTime!)}`,
            `DTEND;TZID=Asia/Shanghai:${compactDay(day)}T${compactTime(event.closeTime!)}`,
          ]),
        )
      : vevent(event, event.uid, [`DTSTART;VALUE=DATE:${compactDay(event.startDay)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(event.endDay))}`])),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
