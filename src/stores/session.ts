import { create } from 'zustand';
import * as sessionApi from '../api/session';
import { currentToken, setSessionExpiredHandler } from '../api/request';
import { ApiError } from '../api/errors';
import { KHLX_ORGANISER, type LoginResult, type MenuNode, type UserInfo } from '@domain/session/session.contracts';
import { ACCESS_SJC_KEY, ACCESS_TOKEN_KEY, EDU_LOGIN_PATH } from '../config/constants';
import { storage } from '../lib/storage';
import { dropLastProfile, lastProfile, saveLastProfile } from './lastProfile';
import { browser } from '../lib/browser';
import { dropDeskDevice } from '../lib/deskDevice';
import { authorityNames } from '../lib/authority';
import { appNavigate } from '../lib/navigation';
import { menusToRoutes, type PageResolver } from '../lib/menusToRoutes';
import type { MenuRoute } from '../lib/routeTypes';

/**
 * The session: token, login timestamp (sjc), user info, authorities, menus and the routes
 * generated from them. The token lives in namespaced storage under Access-Token with its lifetime; this
 * store mirrors it for rendering.
 */
/** The longest a sign-out waits for the desk's data to be deleted (src/lib/deskDevice.ts). */
const DESK_DROP_WAIT_MS = 3000;

export interface LogoutOptions {
  /** Tell the server to revoke the token (default true; false after a 401, when it is already dead). */
  revoke?: boolean;
  /**
   * Leave the page afterwards: kind-3 users get a reload, others go to the education
   * login (default true; false when the caller — the guard or the 401 handler — moves on by itself).
   */
  leave?: boolean;
  /**
   * Also drop the scans 签到台 judged offline that the server has not accepted yet (src/lib/deskDevice.ts):
   * only once the user was told how many and chose to sign out; otherwise they wait for the next sign-in.
   */
  dropWaitingScans?: boolean;
}

export interface SessionState {
  token: string | null;
  sjc: string | null;
  user: UserInfo | null;
  authorities: string[];
  menus: MenuNode[];
  menuRoutes: MenuRoute[];
  routesGenerated: boolean;
  /**
   * Signed in with a temporary password an administrator set: the server answers nothing but the
   * password change, the current user and sign-out until it is replaced (the guard keeps the user on
   * CHANGE_PASSWORD_PATH meanwhile).
   */
  mustChangePassword: boolean;
  /**
   * Grows whenever the user's data scope changes (current projects or activities switched), so pages
   * kept alive in other tabs know to reload what they show.
   */
  scopeVersion: number;
  bumpScope(): void;
  /** Keeps the token of a login (password: 1 day; SSO: 7 days; a hand-off link: as long as the server says). */
  signIn(result: LoginResult, ttlMs: number): void;
  /** Fetches user info and menus and generates the menu routes; rejects (already shown) on failure. */
  loadProfile(resolvePage: PageResolver): Promise<void>;
  /**
   * Fetches the user info again after the user changed it (profile, current projects: cnfIds), so the
   * header and every page show the new values; menus and routes stay as they are. Rejects (already
   * shown) on failure, keeping the user info it had.
   */
  refreshUser(): Promise<void>;
  logout(options?: LogoutOptions): Promise<void>;
}

const emptyProfile = {
  user: null,
  authorities: [],
  menus: [],
  menuRoutes: [],
  routesGenerated: false,
  mustChangePassword: false,
} satisfies Partial<SessionState>;

async function fetchProfile(): Promise<[UserInfo, MenuNode[]]> {
  const token = currentToken();
  try {
    const [user, menus] = await Promise.all([sessionApi.currentUser(), sessionApi.currentMenus()]);
    if (token !== null) saveLastProfile(token, user, menus);
    return [user, menus];
  } catch (error) {
    // Offline (a desk reloaded without network): the profile this token loaded last (stores/lastProfile.ts).
    const kept = lastProfile(token);
    if (error instanceof ApiError && error.reason === 'network' && kept !== null) return [kept.user, kept.menus];
    throw error;
  }
}

function storeToken(token: string, sjc: string | null, ttlMs: number): void {
  storage.set(ACCESS_TOKEN_KEY, token, ttlMs);
  if (sjc === null) storage.remove(ACCESS_SJC_KEY);
  else storage.set(ACCESS_SJC_KEY, sjc, ttlMs);
}

export const useSession = create<SessionState>()((set, get) => ({
  token: currentToken(),
  sjc: storage.get<string>(ACCESS_SJC_KEY),
  ...emptyProfile,
  scopeVersion: 0,

  bumpScope() {
    set({ scopeVersion: get().scopeVersion + 1 });
  },

  signIn(result, ttlMs) {
    storeToken(result.access_token, result.sjc, ttlMs);
    set({ token: result.access_token, sjc: result.sjc, ...emptyProfile, mustChangePassword: result.mustChangePassword === true });
  },

  async loadProfile(resolvePage) {
    const [user, menus] = await fetchProfile();
    set({
      user,
      authorities: authorityNames(user.authorities),
      menus,
      menuRoutes: menusToRoutes(menus, resolvePage),
      routesGenerated: true,
      mustChangePassword: user.mustChangePassword === true,
    });
  },

  async refreshUser() {
    const user = await sessionApi.currentUser();
    // The answer may arrive after a logout: it must not bring a session back.
    if (get().token === null) return;
    set({ user, authorities: authorityNames(user.authorities), mustChangePassword: user.mustChangePassword === true });
  },

  async logout(options = {}) {
    const { revoke = true, leave = true, dropWaitingScans = false } = options;
    const { token, sjc, user } = get();
    const storedToken = currentToken() ?? token;
    // Local state goes first, so nothing can use the token while the server is being told.
    storage.remove(ACCESS_TOKEN_KEY);
    storage.remove(ACCESS_SJC_KEY);
    dropLastProfile();
    set({ token: null, sjc: null, ...emptyProfile });
    // A database the browser is slow to delete must not hold the sign-out: after a few seconds it goes on.
    await Promise.race([dropDeskDevice(dropWaitingScans), new Promise((resolve) => setTimeout(resolve, DESK_DROP_WAIT_MS))]);
    if (revoke && storedToken) {
      try {
        await sessionApi.removeToken(storedToken, sjc);
      } catch {
        // The error mapper has already shown the server's message; the local session is gone regardless.
      }
    }
    if (!leave) return;
    if (user?.khlx === KHLX_ORGANISER) browser.reload();
    else await appNavigate(EDU_LOGIN_PATH);
  },
}));

// A 401 ends the session locally; the error mapper reloads the page afterwards.
setSessionExpiredHandler(() => {
  void useSession.getState().logout({ revoke: false, leave: false });
});
