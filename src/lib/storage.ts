import { STORAGE_NAMESPACE } from '../config/constants';

/**
 * Namespaced local storage with expiry. Every key gets the `pro__` prefix so this app never collides with
 * another one on the same origin; an entry written with a lifetime reads as null once it has passed and
 * is removed on that read, so an expired token can never be sent.
 */
interface Entry {
  value: unknown;
  /** Epoch ms after which the entry is void; null = no expiry. */
  expire: number | null;
}

export interface NamespacedStorage {
  set(key: string, value: unknown, ttlMs?: number): void;
  get<T>(key: string): T | null;
  remove(key: string): void;
}

function isEntry(raw: unknown): raw is Entry {
  return typeof raw === 'object' && raw !== null && 'value' in raw && 'expire' in raw;
}

export function createStorage(
  namespace: string = STORAGE_NAMESPACE,
  backend: () => Storage = () => window.localStorage,
  now: () => number = () => Date.now(),
): NamespacedStorage {
  const fullKey = (key: string) => namespace + key;
  return {
    set(key, value, ttlMs) {
      const entry: Entry = { value, expire: ttlMs === undefined ? null : now() + ttlMs };
      backend().setItem(fullKey(key), JSON.stringify(entry));
    },
    get<T>(key: string): T | null {
      const text = backend().getItem(fullKey(key));
      if (text === null) return null;
      let entry: unknown;
      try {
        entry = JSON.parse(text);
      } catch {
        // Written by something else or corrupted: unusable, so treat it as absent.
        backend().removeItem(fullKey(key));
        return null;
      }
      if (!isEntry(entry)) {
        backend().removeItem(fullKey(key));
        return null;
      }
      if (entry.expire !== null && now() >= entry.expire) {
        backend().removeItem(fullKey(key));
        return null;
      }
      return entry.value as T;
    },
    remove(key) {
      backend().removeItem(fullKey(key));
    },
  };
}

export const storage = createStorage();
