import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { throttleKey } from './loginThrottle';

/**
 * Device cookies (OWASP's answer to lock-outs that strangers cause): a browser that has signed in to an
 * account gets a cookie naming that account, signed by the server. Its next sign-ins to that account are
 * judged by the device's own failures, not by the address's or the account's, so guesses from an office's
 * shared address or against the account do not keep its owner out; a browser without one stays throttled.
 *
 * The cookie holds no session and grants nothing by itself: the password is still checked.
 */
export const DEVICE_COOKIE = 'zbzj_device';
/** A device not seen for half a year is a stranger again. */
export const DEVICE_TTL_S = 180 * 24 * 3600;
const PATH = '/admin/login';

/** The key is derived from SSO_SECRET (required to be long and secret in production), with its own label. */
const deviceKey = (secret: string) => createHmac('sha256', secret).update('zbzj device cookie v1').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export interface TrustedDevice {
  /** Random per cookie: failures are counted against it. */
  id: string;
}

/** The device named by the request's cookie when it is genuine, unexpired and for `username`. */
export function trustedDeviceFor(request: FastifyRequest, secret: string, username: string, now: number): TrustedDevice | null {
  const value = request.cookies?.[DEVICE_COOKIE];
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [user, issued, id, signature] = parts;
  const expected = Buffer.from(sign(deviceKey(secret), `${user}.${issued}.${id}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(user, 'base64url').toString('utf8') !== throttleKey(username)) return null;
  const issuedS = Number(issued);
  if (!Number.isSafeInteger(issuedS) || now / 1000 - issuedS > DEVICE_TTL_S) return null;
  return { id };
}

/** Gives the browser a (fresh) cookie for the account it has just signed in to. */
export function trustDevice(request: FastifyRequest, reply: FastifyReply, secret: string, username: string, now: number): void {
  const user = Buffer.from(throttleKey(username), 'utf8').toString('base64url');
  const payload = `${user}.${Math.floor(now / 1000)}.${randomBytes(12).toString('base64url')}`;
  reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(deviceKey(secret), payload)}`, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_TTL_S,
  });
}
