import { storage } from './storage';

/**
 * What 签到台 keeps on the device (src/features/meeting/desk/offlineStore.ts: the activity's copy and the
 * queue of scans judged offline), as far as the session must know it at sign-out: the store lives in a
 * feature, sign-out in src/stores/session.ts, which may not import features. So the name of the
 * database and the number of scans waiting are kept here, and sign-out removes the database by name.
 */

export const DESK_DB_NAME = 'zbzj-desk';
const WAITING_KEY = 'gateDesk.waiting';

/** Scans judged offline on this device and not yet accepted by the server (as the desk last counted them). */
export const waitingScansOnDevice = (): number => storage.get<number>(WAITING_KEY) ?? 0;

export function noteWaitingScans(count: number): void {
  if (count > 0) storage.set(WAITING_KEY, count);
  else storage.remove(WAITING_KEY);
}

/** The stores holding the copy (what the desk may see of the activity); the queue and its conflicts are apart. */
const COPY_STORES = ['people', 'gates', 'meta', 'deskGates'];

function clearCopy(): Promise<void> {
  return new Promise((resolve) => {
    const open = indexedDB.open(DESK_DB_NAME);
    // No database yet: nothing to clear, and none is to be created (the desk creates it with its schema).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      const stores = COPY_STORES.filter((name) => db.objectStoreNames.contains(name));
      if (stores.length === 0) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction(stores, 'readwrite');
      for (const name of stores) tx.objectStore(name).clear();
      tx.oncomplete = tx.onabort = tx.onerror = () => {
        db.close();
        resolve();
      };
    };
  });
}

async function deskDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === DESK_DB_NAME);
  } catch {
    return true;
  }
}

/**
 * At sign-out the desk's data leaves the device. Scans still waiting stay unless `dropWaiting` (the user
 * was told how many and chose to sign out anyway): an expired session must not lose admissions silently;
 * the next sign-in's desk uploads them.
 */
export async function dropDeskDevice(dropWaiting: boolean): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  // Most staff never open the desk: their sign-out does not wait for the browser's database machinery.
  if (!(await deskDatabaseExists())) {
    noteWaitingScans(0);
    return;
  }
  if (!dropWaiting && waitingScansOnDevice() > 0) {
    await clearCopy();
    return;
  }
  noteWaitingScans(0);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DESK_DB_NAME);
    // An open desk closes its connection on versionchange (Dexie does); blocked or not, sign-out goes on.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
