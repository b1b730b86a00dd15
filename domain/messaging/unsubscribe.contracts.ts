import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Text } from '../core/schemas';

/**
 * 退订: the public page a notice email links to (/pre/unsubscribe?code=<personal code>), no account. The
 * attendee's email and mobile then get no more non-transactional messages from the organiser (notices);
 * their own registration, approval, QR code still arrive (MESSAGE_KINDS[].transactional).
 */

const Code = Type.Object({ code: Type.Optional(Type.String({ maxLength: 256 })) }, { additionalProperties: false });

export const UnsubscribeState = Type.Object({
  organiserName: Text,
  activityName: Text,
  /** Already unsubscribed: every address of this registration is on the organiser's list. */
  unsubscribed: Type.Boolean(),
});
export type UnsubscribeState = Static<typeof UnsubscribeState>;

export const unsubscribeState = endpoint({ method: 'GET', path: '/api/attendee/unsubscribe', public: true, query: Code, response: UnsubscribeState });

export const unsubscribeConfirm = endpoint({ method: 'POST', path: '/api/attendee/unsubscribe', public: true, body: Code });
