import type { MenuNode, UserInfo } from '@domain/session/session.contracts';
import { storage } from '../lib/storage';

/**
 * The last profile (user and menus) a token loaded, bound to that token and dropped at sign-out:
 * - a reload with no network (签到台 at a venue whose network failed, its app shell served by the service
 *   worker) opens with it instead of signing the user out (stores/session.ts);
 * - a page load asks for the page's own data alongside the session's calls when these menus have the
 *   page (router/bootRequests.ts), rather than after the menus have come back.
 * Kept apart from the session store so that the page load reads it before the store is evaluated.
 */
const LAST_PROFILE_KEY = 'offlineProfile';

interface LastProfile {
  token: string;
  user: UserInfo;
  menus: MenuNode[];
}

export function saveLastProfile(token: string, user: UserInfo, menus: MenuNode[]): void {
  storage.set(LAST_PROFILE_KEY, { token, user, menus } satisfies LastProfile);
}

/** What `token` loaded last, or null (none, or another token's). */
export function lastProfile(token: string | null): { user: UserInfo; menus: MenuNode[] } | null {
  const kept = storage.get<LastProfile>(LAST_PROFILE_KEY);
  return kept !== null && token !== null && kept.token === token ? { user: kept.user, menus: kept.menus } : null;
}

export function dropLastProfile(): void {
  storage.remove(LAST_PROFILE_KEY);
}
