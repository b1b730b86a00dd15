import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: what the browser carries as its bearer token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and tickets are stored only as this hash, so the table alone cannot be replayed. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time string equality (the lengths themselves are not secret). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
