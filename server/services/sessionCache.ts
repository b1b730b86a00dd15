import type { AppDb } from '../db/client';
import type { SessionOrganiser, SessionUser } from '../types';

/**
 * A short-lived, per-process memory of who a bearer token is and what they may see, so that a signed-in
 * call does not look up its token, its user's authorities (a recursive query over roles and menus) and
 * its project/activity scope again on every request.
 *
 * The bound: an entry is used for at most `ttlMs` (AUTH_CACHE_S) after it was read from the database, and
 * never past its token's own expiry. A change made through any replica calls invalidateUser /
 * invalidateToken / invalidateAll: this process forgets at once, and the change feed
 * (server/services/changeFeed.ts) tells every other replica, which forgets as the notification arrives
 * (milliseconds). Only a direct database edit waits for the bound. AUTH_CACHE_S=0 turns it off.
 *
 * Caches are kept per database handle (the app's `db`), so everything that holds the handle — a route, a
 * resource hook through `caller.db` — can invalidate without reaching for the Fastify instance, and two
 * apps in one process (the tests) never see each other's users.
 */

export interface CachedSession {
  tokenId: number;
  tokenHash: string;
  /** The token's own expiry (ms): a cached session never outlives it. */
  tokenExpiresAt: number;
  user: SessionUser;
  organiser: SessionOrganiser;
  authorities: ReadonlySet<string>;
}

/** What a list may show (server/services/projectScope.ts): null = every project of the organiser. */
export interface CachedScope {
  authorisedProjects: readonly number[] | null;
  currentProjects: readonly number[];
  /** The activities rows are narrowed to: the current selection within the authorised activities; empty = none. */
  currentActivities: readonly number[];
}

interface Entry<T> {
  value: T;
  until: number;
  userId: number;
}

/** Far more sessions than one process serves in a few seconds; only a flood of distinct tokens reaches it. */
const MAX_ENTRIES = 20_000;

export class SessionCache {
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  private readonly scopes = new Map<string, Entry<CachedScope>>();
  /**
   * Bumped by every invalidation: a load that was already running when its user was invalidated read the
   * database before the change, and must not be stored.
   */
  private generation = 0;
  private readonly userGeneration = new Map<number, number>();

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async session(tokenHash: string, now: number, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const hit = this.sessions.get(tokenHash);
    if (hit && now < hit.until && now >= hit.until - this.ttlMs) {
      return now < hit.value.tokenExpiresAt ? hit.value : null;
    }
    if (hit) this.sessions.delete(tokenHash);
    const started = this.generation;
    const value = await load();
    // A refused token is not remembered: the next call looks again, so a token issued a moment later by
    // another replica works at once, and an unknown-token flood cannot fill the map.
    if (value && this.enabled && this.fresh(value.user.id, started)) {
      this.put(this.sessions, tokenHash, { value, until: Math.min(now + this.ttlMs, value.tokenExpiresAt), userId: value.user.id });
    }
    return value;
  }

  async scope(userId: number, organiserId: number, now: number, load: () => Promise<CachedScope>): Promise<CachedScope> {
    const key = `${userId}:${organiserId}`;
    const hit = this.scopes.get(key);
    if (hit && now < hit.until && now >= hit.until - this.ttlMs) return hit.value;
    if (hit) this.scopes.delete(key);
    const started = this.generation;
    const value = await load();
    if (this.enabled && this.fresh(userId, started)) this.put(this.scopes, key, { value, until: now + this.ttlMs, userId });
    return value;
  }

  /** Sign-out of one token (logout). */
  invalidateToken(tokenHash: string): void {
    this.generation++;
    this.sessions.delete(tokenHash);
  }

  /**
   * Everything remembered about one user: their sessions, authorities and scope. Call it after disabling
   * them, changing or resetting their password, changing their roles, grants, authorised projects or
   * current project/activity selection.
   */
  invalidateUser(userId: number): void {
    this.generation++;
    this.userGeneration.set(userId, this.generation);
    for (const map of [this.sessions, this.scopes] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.userId === userId) map.delete(key);
    }
  }

  /** Everything, for changes that touch many users at once (a role's menus or actions, a menu tree edit). */
  invalidateAll(): void {
    this.generation++;
    this.userGeneration.clear();
    this.allSince = this.generation;
    this.sessions.clear();
    this.scopes.clear();
  }

  private allSince = 0;

  private fresh(userId: number, started: number): boolean {
    return this.allSince <= started && (this.userGeneration.get(userId) ?? 0) <= started;
  }

  private put<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>): void {
    if (map.size >= MAX_ENTRIES) {
      // Oldest first (a Map iterates in insertion order): drop the first tenth in one go.
      let drop = Math.ceil(MAX_ENTRIES / 10);
      for (const k of map.keys()) {
        map.delete(k);
        if (--drop === 0) break;
      }
    }
    map.set(key, entry);
  }
}

const caches = new WeakMap<AppDb, SessionCache>();

/** What an invalidation tells the other replicas (the change feed's auth event). */
export interface InvalidationNotice {
  k: 'auth';
  u?: number;
  t?: string;
  all?: true;
}

const broadcasts = new WeakMap<AppDb, (notice: InvalidationNotice) => void>();

/** Set by the change feed (server/services/changeFeed.ts) of this handle; null when it stops. */
export function setInvalidationBroadcast(db: AppDb, broadcast: ((notice: InvalidationNotice) => void) | null): void {
  if (broadcast) broadcasts.set(db, broadcast);
  else broadcasts.delete(db);
}
const DISABLED = new SessionCache(0);

/** Sets up the cache of one app's database (server/plugins/tokenAuth.ts, from AUTH_CACHE_S). */
export function attachSessionCache(db: AppDb, ttlMs: number): SessionCache {
  const cache = new SessionCache(ttlMs);
  caches.set(db, cache);
  return cache;
}

export function detachSessionCache(db: AppDb): void {
  caches.delete(db);
}

/** The cache of this database handle (a disabled one when none is attached, e.g. a seed script). */
export function sessionCacheOf(db: AppDb): SessionCache {
  return caches.get(db) ?? DISABLED;
}

/** Forget one user's sessions, authorities and scope, here and on every replica (see SessionCache.invalidateUser). */
export function invalidateUser(db: AppDb, userId: number): void {
  caches.get(db)?.invalidateUser(userId);
  broadcasts.get(db)?.({ k: 'auth', u: userId });
}

/** Forget one signed-out token, here and on every replica. */
export function invalidateToken(db: AppDb, tokenHash: string): void {
  caches.get(db)?.invalidateToken(tokenHash);
  broadcasts.get(db)?.({ k: 'auth', t: tokenHash });
}

/** Forget every session, authority set and scope, here and on every replica (role or menu changes affecting many users). */
export function invalidateAll(db: AppDb): void {
  caches.get(db)?.invalidateAll();
  broadcasts.get(db)?.({ k: 'auth', all: true });
}
