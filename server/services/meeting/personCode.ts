import { randomBytes } from 'node:crypto';

/**
 * An attendee's personal code, carried by their QR code and scanned at the gates: 16 random bytes in
 * base64url (22 characters), so codes cannot be guessed from one another. Every way a person is created
 * (staff entry, import, public pre-registration) takes its code from here.
 */
export function newPersonCode(): string {
  return randomBytes(16).toString('base64url');
}

/** What a scanner may send: the code itself, or the address of a QR that carries it as `?code=`. */
export function personCodeOf(scanned: string): string {
  const text = scanned.trim();
  const match = /[?&]code=([A-Za-z0-9_-]{22})(?:&|$)/.exec(text);
  return match ? match[1] : text;
}
