import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Text } from '../core/schemas';

/**
 * 退订: the public page a notice links to (/pre/unsubscribe?code=<personal code>&sig=<signature>), no
 * account. The address the link was sent to (the signature names it: server/services/outbox/links.ts)
 * then gets no more non-transactional messages from the organiser (notices); the registration's other
 * address is not touched, and its own registration, approval, QR code still arrive
 * (MESSAGE_KINDS[].transactional).
 */

const Code = Type.Object(
  { code: Type.Optional(Type.String({ maxLength: 256 })), sig: Type.Optional(Type.String({ maxLength: 64, title: '退订链接签名' })) },
  { additionalProperties: false },
);

export const UnsubscribeState = Type.Object({
  organiserName: Text,
  activityName: Text,
  /** Already unsubscribed: the link's address is on the organiser's list. */
  unsubscribed: Type.Boolean(),
});
export type UnsubscribeState = Static<typeof UnsubscribeState>;

export const unsubscribeState = endpoint({ method: 'GET', path: '/api/attendee/unsubscribe', public: true, query: Code, response: UnsubscribeState });

export const unsubscribeConfirm = endpoint({ method: 'POST', path: '/api/attendee/unsubscribe', public: true, body: Code });
