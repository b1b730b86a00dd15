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

/**
 * One-click unsubscribe (RFC 8058) of a bulk email's List-Unsubscribe header: the mail client POSTs the
 * form `List-Unsubscribe=One-Click` to the link, query and all, with no session and no request signature
 * (the link's own signature is the key), and gets an empty 200. A GET of the same link — what mail
 * scanners prefetch, what a person clicking it sends — changes nothing: it leads to the page above.
 * Served beside /admin, not in it (server/modules/messaging/oneClick.routes.ts); the browser never calls it.
 */
const ONE_CLICK_PATH = '/api/attendee/unsubscribe/one-click';

/** The form field and value RFC 8058 posts. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

export const oneClickUnsubscribe = endpoint({
  method: 'POST',
  path: ONE_CLICK_PATH,
  public: true,
  file: true,
  // The form is one short field, a multipart one a few hundred bytes.
  bodyLimit: 4 * 1024,
  query: Code,
  body: Type.Object({ [ONE_CLICK_FIELD]: Type.Optional(Type.String({ maxLength: 64, title: '一键退订' })) }),
});

export const oneClickUnsubscribeOpen = endpoint({ method: 'GET', path: ONE_CLICK_PATH, public: true, file: true, query: Code });
