import { randomBytes } from 'node:crypto';

/**
 * An attendee's personal code, carried by their QR code and scanned at the gates: 16 random bytes in
 * base64url (22 characters), so codes cannot be guessed from one another. Every way a person is created
 * (staff entry, import, public pre-registration) takes its code from here.
 */
export function newPersonCode(): string {
  return randomBytes(16).toString('base64url');
}

// The desk reads codes offline the same way: the rule lives with the gate's verdict.
export { personCodeOf } from '@domain/meeting/gateVerdict';
