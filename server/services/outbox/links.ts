/**
 * Absolute links for messages: an email is read outside the product, so its links carry the address
 * people reach this server at (PUBLIC_URL). The outbox plugin sets it when the app starts; code that
 * composes messages (resource hooks among them, which see no config) reads it here.
 */
let publicUrl = 'http://localhost:8080';

export function setPublicUrl(url: string): void {
  publicUrl = url.replace(/\/+$/, '');
}

/** `/zbzj/…` made absolute. */
export const absoluteLink = (appPath: string) => `${publicUrl}/zbzj${appPath}`;

/** The attendee's own page (src/features/pre-registration: /pre/mine). */
export const personalLink = (code: string) => absoluteLink(`/pre/mine?code=${encodeURIComponent(code)}`);

/**
 * The unsubscribe page (src/features/unsubscribe). Its token is the person's personal code: random,
 * unguessable, already in the same message's personal link, so it tells nobody more than that link.
 */
export const unsubscribeLink = (code: string) => absoluteLink(`/pre/unsubscribe?code=${encodeURIComponent(code)}`);
