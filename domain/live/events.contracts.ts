import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { NoParams, Text } from '../core/schemas';

/**
 * Live pages: a browser opens one server-sent event stream per tab and hears of check-ins in its
 * activities and of new notices, on whichever replica they happened (server/services/changeFeed.ts).
 *
 * EventSource can neither sign a request nor send a bearer token, so the stream is opened with a ticket
 * from a signed call: short-lived, bound to the caller's session, and good only for opening a stream.
 */

/** How long a ticket opens a stream (seconds); a browser asks for a fresh one for every (re)connection. */
export const LIVE_TICKET_TTL_S = 60;

export const liveTicket = endpoint({
  method: 'POST',
  path: '/live/ticket',
  authority: 'user',
  body: NoParams,
  response: Type.Object({ ticket: Text }),
});

/**
 * The stream (text/event-stream, not an envelope). `lastEventId` resumes after that event, as the
 * Last-Event-ID header does; an id the server no longer knows answers a `resync` event.
 */
export const liveStream = endpoint({
  method: 'GET',
  path: '/live/stream',
  public: true,
  file: true,
  query: Type.Object({
    ticket: Type.String({ minLength: 1, maxLength: 200 }),
    lastEventId: Type.Optional(Type.String({ maxLength: 100 })),
  }),
});

/**
 * The stream's events, by name: `checkin` (data: CheckinEvent) — someone checked in at an activity in
 * the user's scope; `notice` — a notice may have arrived, reload the bell; `resync` — events may have
 * been missed, reload what is shown; `end` — the session ended, the stream closes.
 */
export const LIVE_EVENTS = ['checkin', 'notice', 'resync', 'end'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export const CheckinEvent = Type.Object({ activityId: Type.Integer(), projectId: Type.Union([Type.Integer(), Type.Null()]) });
export type CheckinEvent = Static<typeof CheckinEvent>;

