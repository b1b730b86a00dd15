import { createHmac, timingSafeEqual } from 'node:crypto';
import { oneClickUnsubscribe } from '@domain/messaging/unsubscribe.contracts';
import { DEMO_SSO_SECRET } from '../../config';
import { ADMIN_PREFIX } from '../../lib/adminPrefix';

/**
 * Absolute links for messages: an email is read outside the product, so its links carry the address
 * people reach this server at (PUBLIC_URL). The outbox plugin sets it when the app starts; code that
 * composes messages (resource hooks among them, which see no config) reads it here.
 */
let publicUrl = 'http://localhost:8080';

export function setPublicUrl(url: string): void {
  publicUrl = url.replace(/\/+$/, '');
}

/** MAIL_UNSUBSCRIBE: the mailbox a List-Unsubscribe header names beside its link (none: the link alone). */
let unsubscribeMailbox: string | undefined;

export function setUnsubscribeMailbox(address: string | undefined): void {
  unsubscribeMailbox = address;
}

/** `/zbzj/…` made absolute. */
export const absoluteLink = (appPath: string) => `${publicUrl}/zbzj${appPath}`;

/** The attendee's own page (src/features/pre-registration: /pre/mine). */
export const personalLink = (code: string) => absoluteLink(`/pre/mine?code=${encodeURIComponent(code)}`);

/** The unsubscribe links' key: SSO_SECRET under a label of its own (as the device cookie's), set by the outbox plugin. */
const unsubscribeKeyOf = (secret: string) => createHmac('sha256', secret).update('zbzj unsubscribe link v1').digest();
let unsubscribeKey = unsubscribeKeyOf(DEMO_SSO_SECRET);

export function setUnsubscribeSecret(secret: string): void {
  unsubscribeKey = unsubscribeKeyOf(secret);
}

/**
 * What proves an unsubscribe link was sent to `address`: an HMAC of the personal code and that address
 * (128 bits, base64url). The code alone is not enough: whoever registered may have given someone else's
 * email beside their own mobile, and the code reaches them by SMS; with it alone they could have put that
 * email on the organiser's list (docs/messaging.md「退订」).
 */
export const unsubscribeSig = (code: string, address: string) =>
  createHmac('sha256', unsubscribeKey).update(`${code}\n${address}`).digest('base64url').slice(0, 22);

/** Whether `sig` is the unsubscribe signature of `address` for `code` (compared in constant time). */
export function isUnsubscribeSig(code: string, address: string, sig: string): boolean {
  const expected = Buffer.from(unsubscribeSig(code, address));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query both unsubscribe links carry: the registration's personal code and the signature of the address. */
const signedQuery = (code: string, address: string) => `code=${encodeURIComponent(code)}&sig=${unsubscribeSig(code, address)}`;

/**
 * The unsubscribe page (src/features/unsubscribe) for one address of a registration: the personal code
 * names the registration, the signature the address the link went to, which alone it takes off.
 */
export const unsubscribeLink = (code: string, address: string) => absoluteLink(`/pre/unsubscribe?${signedQuery(code, address)}`);

/**
 * The one-click link of a bulk email (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to it,
 * with neither session nor request signature — the same signature as the page link's is the key
 * (server/modules/messaging/oneClick.routes.ts). Opened in a browser (a GET) it only leads to the page.
 */
export const oneClickUnsubscribeLink = (code: string, address: string) => `${publicUrl}${ADMIN_PREFIX}${oneClickUnsubscribe.path}?${signedQuery(code, address)}`;

/**
 * The List-Unsubscribe header of a bulk email to `address` (RFC 2369, RFC 8058): the one-click link
 * first (clients that unsubscribe by POST take the first https URI), then the mailbox, if configured,
 * for clients that can only write a mail — its body is the link, which whoever reads the mailbox opens.
 * Sent with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (channels.ts).
 */
export function listUnsubscribeHeader(code: string, address: string): string {
  const link = oneClickUnsubscribeLink(code, address);
  const mailto = unsubscribeMailbox ? `, <mailto:${unsubscribeMailbox}?subject=unsubscribe&body=${encodeURIComponent(link)}>` : '';
  return `<${link}>${mailto}`;
}
