import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_LENGTH = 12;

/** A one-time password for 新增 and 重置密码: 12 characters, about 70 bits, never stored readable. */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMP_LENGTH; i++) out += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  // Both kinds of character, so it never looks like a plain word or number to the password rules.
  return /\d/.test(out) && /[A-Za-z]/.test(out) ? out : temporaryPassword();
}
