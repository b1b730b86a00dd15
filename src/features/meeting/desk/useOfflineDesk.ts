import { useCallback, useEffect, useRef, useState } from 'react';
import { DESK_UPLOAD_MAX } from '@domain/meeting/deskUpload.contracts';
import type { DeskCopyPerson } from '@domain/meeting/deskCopy.contracts';
import type { DeskGate, DeskPerson, GateScanResult } from '@domain/meeting/gateScan.contracts';
import { chinaTimeText } from '@domain/meeting/gateVerdict';
import { PERSON_KINDS, PERSON_STATES } from '@domain/meeting/resources';
import { optionLabel } from '@domain/resource/framework';
import { noteWaitingScans } from '@/lib/deskDevice';
import { loadDeskCopy, unreachable, uploadScans, type ScanOutcome } from './deskApi';
import { applyUpload, copyMeta, copyPerson, DeskDb, deskMemory, expireStale, scanOffline, searchCopy, storeCopy, toUpload, waitingScans, type DeskConflict, type OfflineScan } from './offlineStore';

/**
 * 签到台 when the venue's network fails: keeps the local copy of the gate's activity fresh while online,
 * judges scans on it while offline (offlineStore.ts), and uploads the queue by itself once the server
 * answers again, keeping what the server judged otherwise for staff to look at.
 */

/** While online the copy is brought up to date this often (besides after every change the live feed reports). */
export const COPY_REFRESH_MS = 60_000;
/** Offline, or with scans waiting, the desk tries the server this often (besides the browser's online event). */
export const RETRY_MS = 10_000;

let shared: DeskDb | null = null;
/** One connection for the page's life; a new one after sign-out deleted the database (Dexie closed the old). */
export function deskDb(): DeskDb {
  if (shared === null || shared.hasBeenClosed()) shared = new DeskDb();
  return shared;
}

export interface CopyState {
  total: number;
  fetchedAt: number;
}

/** The last six digits of the mobile the copy keeps reversed in searchKey (` m876543`), as the card shows a mobile. */
function maskedMobile(searchKey: string | null): string {
  const digits = / m(\d{4,6})/.exec(searchKey ?? '')?.[1];
  return digits ? `****${Array.from(digits).reverse().join('').slice(-4)}` : '';
}

export function cardOf(p: DeskCopyPerson): DeskPerson {
  return {
    id: p.id,
    name: p.name,
    company: p.company,
    kind: p.kind,
    kindLabel: optionLabel(PERSON_KINDS, p.kind) ?? '',
    status: p.status,
    statusLabel: optionLabel(PERSON_STATES, p.status) ?? '',
    badgeNo: p.badgeNo,
    mobile: maskedMobile(p.searchKey),
    checkedInAt: p.entryAt === null ? null : chinaTimeText(p.entryAt),
    seat: p.seat,
  };
}

/** A local verdict as the panel shows an online one. */
function outcomeOf(scan: OfflineScan): ScanOutcome {
  const { judged, person, gate, queued } = scan;
  const result: GateScanResult = {
    verdict: judged.verdict,
    gateId: gate?.id ?? null,
    gateName: gate?.name ?? null,
    direction: gate?.direction ?? null,
    person: person
      ? { name: person.name, company: person.company, kind: person.kind, kindLabel: optionLabel(PERSON_KINDS, person.kind) ?? '', badgeNo: person.badgeNo, seat: person.seat }
      : null,
    checkedAt: judged.pass ? chinaTimeText(queued.doorAt) : null,
    checkedGateName: judged.pass ? (gate?.name ?? null) : null,
    todayCount: null,
    warning: judged.warning ?? null,
  };
  return { verdict: judged.verdict, msg: judged.msg, result, offline: true };
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface OfflineDesk {
  /** The browser is offline, or the server did not answer the last call. */
  offline: boolean;
  copy: CopyState | null;
  waiting: number;
  uploading: boolean;
  /** Why the last upload failed (the queue is kept); null after a success. */
  uploadProblem: string | null;
  conflicts: DeskConflict[];
  /**
   * Moves after each upload the server took: its verdicts may differ from the desk's (a conflict is no pass),
   * so counts the desk added up offline are read again from the server.
   */
  uploaded: number;
  dismissConflict(scanId: string): void;
  dismissAllConflicts(): void;
  /** Whether a scan should be judged here without asking the server. */
  isOffline(): boolean;
  /** A call failed for want of the server: judge locally from now on until it answers again. */
  lostServer(): void;
  scanLocally(gateId: number, code: string): Promise<ScanOutcome>;
  /** 人工签到 offline: a scan of the person's code, queued like any other. */
  checkInLocally(gateId: number, personId: number): Promise<{ outcome: ScanOutcome; person: DeskPerson } | null>;
  searchLocally(keyword: string): Promise<DeskPerson[]>;
  /** Remembers the gates the desk offers, for a reload without network; answers them back when asked with null. */
  keepGates(gates: DeskGate[] | null): Promise<DeskGate[]>;
}

/**
 * `gateId`/`activityId`: the desk's gate and its activity (null before one is picked); `liveVersion`
 * moves when the live feed reports a check-in (src/hooks/useLive.ts).
 */
export function useOfflineDesk(gateId: number | null, activityId: number | null, liveVersion: number): OfflineDesk {
  const [online, setOnline] = useState(browserOnline);
  const [reachable, setReachable] = useState(true);
  const [copy, setCopy] = useState<CopyState | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<DeskConflict[]>([]);
  const [uploaded, setUploaded] = useState(0);
  const offlineRef = useRef(!online);
  offlineRef.current = !online || !reachable;
  const syncing = useRef(false);
  const alive = useRef(true);
  /** Moves when a call finds the server gone: an answer to a call made before that proves nothing about now. */
  const lostEpoch = useRef(0);
  const backOnline = (since: number) => {
    if (alive.current && lostEpoch.current === since) setReachable(true);
  };

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const recount = useCallback(async () => {
    const db = deskDb();
    const [count, kept, meta] = await Promise.all([db.queue.count(), db.conflicts.orderBy('doorAt').toArray(), copyMeta(db)]);
    noteWaitingScans(count);
    if (!alive.current) return;
    setWaiting(count);
    setConflicts(kept);
    setCopy(meta ? { total: meta.total, fetchedAt: meta.fetchedAt } : null);
  }, []);

  /** 'unreachable': the server did not answer (the desk stays offline); 'refused': it answered no (the queue stays too). */
  const upload = useCallback(async (): Promise<'done' | 'unreachable' | 'refused'> => {
    const db = deskDb();
    await expireStale(db, Date.now());
    let all = await waitingScans(db);
    if (all.length === 0) return 'done';
    const epoch = lostEpoch.current;
    setUploading(true);
    try {
      while (all.length > 0) {
        const chunk = all.slice(0, DESK_UPLOAD_MAX);
        const answers = await uploadScans(toUpload(chunk));
        await applyUpload(db, chunk, answers);
        // A chunk the server answered for none of its scans would be sent forever: stop and say so.
        if (!answers.some((a) => chunk.some((q) => q.id === a.scanId))) throw new Error('服务器未确认任何扫码记录');
        all = await waitingScans(db);
      }
      if (alive.current) {
        setUploadProblem(null);
        setUploaded((n) => n + 1);
      }
      backOnline(epoch);
      return 'done';
    } catch (error) {
      if (unreachable(error)) {
        if (alive.current) setReachable(false);
        return 'unreachable';
      }
      if (alive.current) setUploadProblem(error instanceof Error ? error.message : String(error));
      return 'refused';
    } finally {
      await recount();
      if (alive.current) setUploading(false);
    }
  }, [recount]);

  const refreshCopy = useCallback(async (): Promise<boolean> => {
    // The gate's activity is known once the gates are in: before that a kept copy cannot be told current or not.
    if (gateId === null || activityId === null) return true;
    const db = deskDb();
    const meta = await copyMeta(db);
    const since = meta && meta.activityId === activityId ? meta.version : undefined;
    const epoch = lostEpoch.current;
    try {
      const answer = await loadDeskCopy(gateId, since);
      // Someone was removed since: the whole copy again.
      if (!(await storeCopy(db, answer, Date.now())) && !answer.full) await storeCopy(db, await loadDeskCopy(gateId), Date.now());
      backOnline(epoch);
      return true;
    } catch (error) {
      if (unreachable(error) && alive.current) setReachable(false);
      return false;
    } finally {
      await recount();
    }
  }, [gateId, activityId, recount]);

  // sync outlives renders (timers, events): it calls the latest upload and refresh, for the gate shown now.
  const latest = useRef({ upload, refreshCopy });
  latest.current = { upload, refreshCopy };
  const syncAgain = useRef(false);

  /**
   * The queue first (the copy fetched afterwards holds the passes the server recorded from it), then the
   * copy; one at a time, and a request made meanwhile (another gate, a change reported) runs after it.
   */
  const sync = useCallback(async () => {
    if (!browserOnline()) return;
    if (syncing.current) {
      syncAgain.current = true;
      return;
    }
    syncing.current = true;
    try {
      do {
        syncAgain.current = false;
        if ((await latest.current.upload()) !== 'unreachable') await latest.current.refreshCopy();
      } while (syncAgain.current && alive.current);
    } catch {
      // IndexedDB refused (a private window of an old browser): the desk works online, without a copy.
    } finally {
      syncing.current = false;
    }
  }, []);

  useEffect(() => {
    recount().catch(() => undefined);
    // The copy in memory before the network goes, so that the first offline scan does not wait for it.
    deskMemory(deskDb()).catch(() => undefined);
  }, [recount]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sync]);

  // A new gate, a reported change, or coming back: bring the copy up to date and send what waits.
  useEffect(() => {
    void sync();
  }, [sync, gateId, activityId, liveVersion]);

  const offline = !online || !reachable;
  useEffect(() => {
    const every = offline || waiting > 0 || uploadProblem !== null ? RETRY_MS : COPY_REFRESH_MS;
    const timer = window.setInterval(() => void sync(), every);
    return () => window.clearInterval(timer);
  }, [offline, waiting, uploadProblem, sync]);

  /** The kept gate's count of today's passes follows the passes made here, for a reload without network. */
  const countPass = useCallback((scan: OfflineScan) => {
    if (!scan.judged.pass) return;
    deskDb()
      .deskGates.where('id')
      .equals(scan.queued.gateId)
      .modify((g) => {
        g.todayCount += 1;
      })
      .catch(() => undefined);
  }, []);

  const scanLocally = useCallback(
    async (gate: number, code: string) => {
      const scan = await scanOffline(deskDb(), gate, code, Date.now());
      countPass(scan);
      recount().catch(() => undefined);
      return outcomeOf(scan);
    },
    [recount, countPass],
  );

  const checkInLocally = useCallback(
    async (gate: number, personId: number) => {
      const person = await copyPerson(deskDb(), personId);
      if (!person) return null;
      const scan = await scanOffline(deskDb(), gate, { personId: person.id }, Date.now());
      countPass(scan);
      recount().catch(() => undefined);
      const card = cardOf(person);
      return { outcome: outcomeOf(scan), person: scan.judged.pass ? { ...card, checkedInAt: chinaTimeText(scan.queued.doorAt) } : card };
    },
    [recount, countPass],
  );

  const searchLocally = useCallback(async (keyword: string) => (await searchCopy(deskDb(), keyword)).map(cardOf), []);

  const keepGates = useCallback(async (gates: DeskGate[] | null) => {
    const db = deskDb();
    if (gates === null) return db.deskGates.toArray();
    await db.transaction('rw', db.deskGates, async () => {
      await db.deskGates.clear();
      await db.deskGates.bulkPut(gates);
    });
    return gates;
  }, []);

  const dismissConflict = useCallback(
    (scanId: string) => {
      deskDb().conflicts.delete(scanId).then(recount).catch(() => undefined);
    },
    [recount],
  );
  const dismissAllConflicts = useCallback(() => {
    deskDb().conflicts.clear().then(recount).catch(() => undefined);
  }, [recount]);

  return {
    offline,
    copy,
    waiting,
    uploading,
    uploadProblem,
    conflicts,
    uploaded,
    dismissConflict,
    dismissAllConflicts,
    isOffline: () => offlineRef.current,
    lostServer: () => {
      lostEpoch.current++;
      offlineRef.current = true;
      setReachable(false);
    },
    scanLocally,
    checkInLocally,
    searchLocally,
    keepGates,
  };
}
