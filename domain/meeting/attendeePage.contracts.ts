import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NullableText, Text } from '../core/schemas';
import { AttendeeNotice } from '../notices/notices.contracts';

/**
 * The attendee's own page (/pre/mine?code=), signed out: besides the QR code and the state of the
 * registration (preRegistrationMine), what the attendee needs on the day — their seats, the activity's
 * agenda with their own talks marked, the shuttles they ride with stops and times, and the notices.
 * Anyone holding the personal code may read it, so it says nothing about any other attendee: no names
 * of fellow speakers or passengers, only whether a session is the holder's own.
 */

/** A seat assigned to the attendee: hall, area, row and number. */
export const AttendeeSeat = Type.Object({
  hall: Text,
  area: NullableText,
  rowNo: Int,
  seatNo: Int,
  /** As lists and badges show it: "A区 3排12号". */
  label: Text,
});
export type AttendeeSeat = Static<typeof AttendeeSeat>;

/** One session of the activity's agenda. */
export const AttendeeSession = Type.Object({
  id: Int,
  /** `YYYY-MM-DD`; times `HH:mm`. */
  day: Text,
  startTime: Text,
  endTime: Text,
  title: Text,
  hall: NullableText,
  host: NullableText,
  remark: NullableText,
  /** The attendee is one of its speakers (演讲嘉宾). */
  mine: Type.Boolean(),
});
export type AttendeeSession = Static<typeof AttendeeSession>;

export const AttendeeStop = Type.Object({ stopName: Text, arriveAt: Text });
export type AttendeeStop = Static<typeof AttendeeStop>;

/** A shuttle line the attendee rides. */
export const AttendeeShuttle = Type.Object({
  id: Int,
  name: Text,
  /** China time, `YYYY-MM-DD HH:mm`. */
  departAt: NullableText,
  plate: Text,
  driver: Text,
  driverMobile: Text,
  stops: Type.Array(AttendeeStop),
});
export type AttendeeShuttle = Static<typeof AttendeeShuttle>;

export const AttendeeItinerary = Type.Object({
  activityName: Text,
  /** The activity's days (`YYYY-MM-DD`) and place. */
  srq: NullableText,
  erq: NullableText,
  address: NullableText,
  seats: Type.Array(AttendeeSeat),
  agenda: Type.Array(AttendeeSession),
  shuttles: Type.Array(AttendeeShuttle),
  notices: Type.Array(AttendeeNotice),
});
export type AttendeeItinerary = Static<typeof AttendeeItinerary>;

/**
 * An unknown, malformed, rejected or cancelled code gets one and the same refusal (as the notices page),
 * and lookups are counted per address so that codes cannot be tried in bulk.
 */
export const attendeeItinerary = endpoint({
  method: 'GET',
  path: '/pre/registration/itinerary',
  public: true,
  query: Type.Object({ code: Type.Optional(Type.String({ maxLength: 256 })) }, { additionalProperties: false }),
  response: AttendeeItinerary,
});
