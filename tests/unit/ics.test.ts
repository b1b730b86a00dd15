import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsText } from '@domain/messaging/ics';

/** The activity's calendar file attached to confirmations (domain/messaging/ics.ts): what a calendar app reads. */
describe('calendarFile', () => {
  const stamp = new Date('2026-11-20T02:00:00Z');

  it('writes a timed event in China time with its zone, a UTC DTSTAMP and CRLF lines', () => {
    const ics = calendarFile({ uid: 'person-7-activity-3@zbzj', summary: '开幕式', startDay: '2026-12-08', endDay: '2026-12-08', openTime: '09:00:00', closeTime: '17:30', location: '上海, 一层;大厅', stamp });
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('TZID:Asia/Shanghai');
    expect(lines).toContain('DTSTART;TZID=Asia/Shanghai:20261208T090000');
    expect(lines).toContain('DTEND;TZID=Asia/Shanghai:20261208T173000');
    expect(lines).toContain('DTSTAMP:20261120T020000Z');
    expect(lines).toContain('UID:person-7-activity-3@zbzj');
    expect(lines).toContain('LOCATION:上海\\, 一层\\;大厅');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('gives a timed activity of several days one event per day, from opening to closing, each with its own UID', () => {
    const ics = calendarFile({ uid: 'person-7-activity-3@zbzj', summary: '年会', startDay: '2026-12-31', endDay: '2027-01-01', openTime: '09:00', closeTime: '17:30', stamp });
    const lines = ics.split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('DTSTART;'))).toEqual(['DTSTART;TZID=Asia/Shanghai:20261231T090000', 'DTSTART;TZID=Asia/Shanghai:20270101T090000']);
    expect(lines.filter((l) => l.startsWith('DTEND'))).toEqual(['DTEND;TZID=Asia/Shanghai:20261231T173000', 'DTEND;TZID=Asia/Shanghai:20270101T173000']);
    expect(new Set(lines.filter((l) => l.startsWith('UID:'))).size).toBe(2);
    expect(lines.filter((l) => l === 'SUMMARY:年会')).toHaveLength(2);
  });

  it('makes an event without opening hours all-day, ending the day after its last', () => {
    const ics = calendarFile({ uid: 'u', summary: 'x', startDay: '2026-12-31', endDay: '2026-12-31', stamp });
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261231\r\n');
    expect(ics).toContain('\r\nDTEND;VALUE=DATE:20270101\r\n');
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(icsText('a\\b\nc')).toBe('a\\\\b\\nc');
    // A lone CR (a pasted Mac line end in an activity's name or address) is a line break to many readers:
    // escaped like the others, it cannot start a property of its own (ATTENDEE, ORGANIZER…).
    expect(icsText('会场\rATTENDEE:mailto:x@example.com')).toBe('会场\\nATTENDEE:mailto:x@example.com');
    expect(calendarFile({ uid: 'u', summary: '开幕式\r\nX-INJECTED:1\rY-INJECTED:2', startDay: '2026-12-08', endDay: '2026-12-08', stamp })).not.toMatch(/[\r\n](X|Y)-INJECTED/);
    const folded = foldLine(`DESCRIPTION:${'主办之家'.repeat(20)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'主办之家'.repeat(20)}`);
  });
});
