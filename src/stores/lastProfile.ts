import type { MenuNode, UserInfo } from '@domain/session/session.contracts';
import { storage } from '../lib/storage';

/**
 * The last profile (user and menus) a token loaded, bound to that token and dropped at sign-out:
 * - a reload with no network (签到台 at a venue whose network failed, its app shell served by the service
 *   worker) opens with it instead of signing the user out (stores/session.ts);
 * - a page load asks for the page's own data alongside the session's calls when these menus have the
 *   page (router/bootRequests.ts), rather than after the menus have come back.
 * Kept apart from the session store so that the page load reads it before the store is evaluated.
 *
 * Nothing secret: the token itself is not kept here (a copy outlived the token's own expiry in storage),
 * only a short fingerprint to tell whose profile it is; nor the user's mail and phone numbers, which only
 * the account pages show and those need the network anyway.
 */
const LAST_PROFILE_KEY = 'offlineProfile';

interface LastProfile {
  /** tokenFingerprint of the token that loaded it. */
  of: string;
  user: UserInfo;
  menus: MenuNode[];
}

/**
 * 53 bits of a token, enough to tell one session's profile from another's and nothing to sign in with
 * (a token is 256 random bits). Synchronous: the page load reads the profile before anything is awaited.
 */
export function tokenFingerprint(token: string): string {
  // cyrb53 (public domain): two 32-bit multiply-xorshift lanes.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const ch = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function saveLastProfile(token: string, user: UserInfo, menus: MenuNode[]): void {
  const kept: LastProfile = { of: tokenFingerprint(token), user: { ...user, mail: null, lxdh: null, dxzh: null }, menus };
  storage.set(LAST_PROFILE_KEY, kept);
}

/** What `token` loaded last, or null (none, or another token's). */
export function lastProfile(token: string | null): { user: UserInfo; menus: MenuNode[] } | null {
  const kept = storage.get<LastProfile>(LAST_PROFILE_KEY);
  return kept !== null && token !== null && kept.of === tokenFingerprint(token) ? { user: kept.user, menus: kept.menus } : null;
}

export function dropLastProfile(): void {
  storage.remove(LAST_PROFILE_KEY);
}
