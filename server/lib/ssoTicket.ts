import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from './secrets';

/**
 * SSO tickets: base64url(JSON{username, exp, nonce}) + '.' + base64url(HMAC-SHA256(secret, payloadPart)).
 * The issuer (another system of the organiser, or a test) shares SSO_SECRET with this server. Whether a
 * ticket has already been redeemed is the database's business, not this module's.
 */
export interface SsoTicketPayload {
  username: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  nonce: string;
}

export type SsoTicketCheck =
  | { ok: true; payload: SsoTicketPayload }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'tooLong' };

function mac(secret: string, payloadPart: string): string {
  return createHmac('sha256', secret).update(payloadPart).digest('base64url');
}

export function mintSsoTicket(secret: string, username: string, ttlMs: number, now: number = Date.now()): string {
  const payload: SsoTicketPayload = { username, exp: now + ttlMs, nonce: randomBytes(12).toString('base64url') };
  const payloadPart = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${payloadPart}.${mac(secret, payloadPart)}`;
}

function parsePayload(payloadPart: string): SsoTicketPayload | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { username, exp, nonce } = value as Record<string, unknown>;
    if (typeof username !== 'string' || typeof exp !== 'number' || typeof nonce !== 'string') return undefined;
    return { username, exp, nonce };
  } catch {
    return undefined;
  }
}

/**
 * A ticket is a bearer credential for one sign-in a moment away, so it must not outlive `maxTtlMs` (the
 * server's SSO_TICKET_MAX_TTL_S): one whose expiry lies further ahead is refused as 'tooLong', whoever
 * minted it. The payload carries no issue time, so the check is on the time left.
 */
export function verifySsoTicket(secret: string, ticket: string, now: number, maxTtlMs: number): SsoTicketCheck {
  const parts = ticket.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [payloadPart, signature] = parts;
  // Check the MAC before trusting anything inside the payload.
  if (!safeEqual(signature, mac(secret, payloadPart))) return { ok: false, reason: 'forged' };
  const payload = parsePayload(payloadPart);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (!Number.isFinite(payload.exp)) return { ok: false, reason: 'malformed' };
  if (payload.exp <= now) return { ok: false, reason: 'expired' };
  if (payload.exp - now > maxTtlMs) return { ok: false, reason: 'tooLong' };
  return { ok: true, payload };
}
