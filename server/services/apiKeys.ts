import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/client';
import { apiKeys } from '../db/schema';

/**
 * The signing pairs kept in the database (系统管理 → 接口密钥), as the signature check reads them: all
 * enabled keys at once, remembered for `ttlMs`. A key created or switched off through this process is
 * seen on the next request (invalidateApiKeys); one changed on another replica within `ttlMs`.
 * An unknown key costs no query while the list is fresh, so a flood of made-up keys reaches the
 * database at most once per `ttlMs`.
 */

export interface StoredKey {
  id: number;
  secret: string;
}

/** How long the list of enabled keys is trusted. */
export const API_KEY_CACHE_MS = 5_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

export class ApiKeyStore {
  private keys = new Map<string, StoredKey>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;
  private generation = 0;
  private readonly touchedAt = new Map<number, number>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly db: AppDb,
    private readonly ttlMs: number,
  ) {}

  /** The enabled key of that name, if any. */
  async find(apiKey: string, now: number): Promise<StoredKey | undefined> {
    if (now - this.loadedAt >= this.ttlMs || now < this.loadedAt) await this.reload(now);
    return this.keys.get(apiKey);
  }

  /** Forget the list: the next request reads it again (a key was created, disabled or enabled). */
  invalidate(): void {
    this.generation++;
    this.loadedAt = -Infinity;
  }

  /**
   * Notes that a key signed a request: at most once a minute per key, and off the request's path — the
   * caller does not wait for the write, a failure is only logged.
   */
  touch(id: number, now: number, log: FastifyBaseLogger): void {
    const last = this.touchedAt.get(id);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS && now >= last) return;
    this.touchedAt.set(id, now);
    const write = this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, id))
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error, apiKeyId: id }, 'api key last_used_at not recorded'));
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write));
  }

  /** Waits for last-used writes still running (the app is closing). */
  async settle(): Promise<void> {
    await Promise.all([...this.writes]);
  }

  private reload(now: number): Promise<void> {
    // Requests arriving while the list loads share that one query.
    this.loading ??= (async () => {
      const started = this.generation;
      try {
        const rows = await this.db.select({ id: apiKeys.id, apiKey: apiKeys.apiKey, secret: apiKeys.secret }).from(apiKeys).where(eq(apiKeys.status, 1));
        this.keys = new Map(rows.map((r) => [r.apiKey, { id: r.id, secret: r.secret }]));
        // Invalidated while loading: the rows may predate the change, so the next request loads again.
        this.loadedAt = started === this.generation ? now : -Infinity;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

const stores = new WeakMap<AppDb, ApiKeyStore>();

export function attachApiKeyStore(db: AppDb, ttlMs = API_KEY_CACHE_MS): ApiKeyStore {
  const store = new ApiKeyStore(db, ttlMs);
  stores.set(db, store);
  return store;
}

export function detachApiKeyStore(db: AppDb): void {
  stores.delete(db);
}

/** After a key is created or switched on or off through this process. */
export function invalidateApiKeys(db: AppDb): void {
  stores.get(db)?.invalidate();
}

/** A new pair: the key is public (sent with every request), the secret 256 random bits. */
export function newApiKeyPair(): { apiKey: string; secret: string } {
  return { apiKey: `zbzj-${randomBytes(10).toString('hex')}`, secret: randomBytes(32).toString('base64url') };
}
