import Dexie, { type Table } from 'dexie';
import type { DeskCopy, DeskCopyDates, DeskCopyGate, DeskCopyPerson } from '@domain/meeting/deskCopy.contracts';
import type { DeskGate, GateScanVerdict } from '@domain/meeting/gateScan.contracts';
import { DESK_UPLOAD_MAX_AGE_DAYS, type DeskQueuedScan, type DeskUploadResult } from '@domain/meeting/deskUpload.contracts';
import { DESK_DB_NAME } from '@/lib/deskDevice';
import { DIRECTION_IN, gateVerdict, personCodeOf, type GateVerdict, type VerdictPass } from '@domain/meeting/gateVerdict';
import { deskCodeHash } from '@domain/meeting/deskCodeHash';

/**
 * 签到台 offline: the local copy of the desk's activity (GET …/desk/copy) and the queue of scans judged
 * while the network was gone, in IndexedDB (Dexie), so both outlive a reload, a crashed tab or a closed
 * laptop. The verdict is the server's own rule (domain/meeting/gateVerdict.ts) run on the copy.
 * The copy holds no personal codes, only their keyed hashes (domain/meeting/deskCodeHash.ts): a scan is
 * hashed once with the copy's key and looked up by its hash.
 */

export interface CopyMeta {
  key: 'copy';
  activityId: number;
  /** The key of the copy's code hashes (DeskCopy.codeKey). */
  codeKey: string;
  version: number;
  total: number;
  /** The activity's dates and 活动日期外扫码; absent in a copy kept from before they were sent (no day is then outside). */
  dates?: DeskCopyDates;
  /** When the copy was last brought up to date (browser time, epoch ms): the desk shows its age. */
  fetchedAt: number;
}

/** A scan judged on this device, waiting for the server. */
export interface QueuedScan {
  /** The scan's own id: the server records one pass however often it is sent. */
  id: string;
  gateId: number;
  /** What was scanned; '' for 人工签到, which names the person instead (personId). */
  code: string;
  /** The instant at the door, epoch ms: the pass is stamped with it. */
  doorAt: number;
  verdict: GateScanVerdict;
  personId: number | null;
  direction: number;
  /** 人工签到: the person was picked, not scanned; the upload names them (the copy knows no code). */
  picked?: boolean;
}

/** An uploaded scan the server judged otherwise than the desk did: kept until staff have looked at it. */
export interface DeskConflict extends DeskUploadResult {
  code: string;
  gateId: number;
  doorAt: number;
  deskVerdict: GateScanVerdict;
}

export class DeskDb extends Dexie {
  people!: Table<DeskCopyPerson, number>;
  gates!: Table<DeskCopyGate, number>;
  meta!: Table<CopyMeta, string>;
  queue!: Table<QueuedScan, string>;
  conflicts!: Table<DeskConflict, string>;
  /** The gates the desk last offered (…/desk): the gate picker and its details after a reload without network. */
  deskGates!: Table<DeskGate, number>;

  constructor(name = DESK_DB_NAME) {
    // 'relaxed': a write is done once the browser holds it, not after the disk has flushed it, so no scan
    // waits for a disk. It still outlives a reload, a crashed tab or browser and a closed lid; only a power
    // loss of the whole machine may lose the last scans. (Measured, it made no difference the bench could
    // see: the verdict's time was in reads and renders, docs/performance.md.)
    super(name, { chromeTransactionDurability: 'relaxed' });
    this.version(1).stores({ people: 'id, code, badgeNo', gates: 'id', meta: 'key', queue: 'id, doorAt, personId' });
    this.version(2).stores({ conflicts: 'scanId, doorAt', deskGates: 'id' });
    // Copies of before kept every attendee's code itself: they leave the device, the next copy is whole and hashed.
    this.version(3)
      .stores({ people: 'id, codeHash, badgeNo' })
      .upgrade(async (tx) => {
        await tx.table('people').clear();
        await tx.table('meta').clear();
      });
  }
}

/**
 * The copy in memory, beside IndexedDB: a scan is judged within a few milliseconds instead of after
 * several IndexedDB reads of 20 000 people (the desk's target is 50 ms from Enter to the verdict on
 * screen, docs/performance.md). Loaded once per connection and kept equal to what storeCopy writes; the
 * queue is still read from IndexedDB at each scan, so a pass queued by another tab of this device counts.
 */
interface DeskMemory {
  meta: CopyMeta | null;
  gates: Map<number, DeskCopyGate>;
  /** By the keyed hash of their code. */
  byCode: Map<string, DeskCopyPerson>;
  byId: Map<number, DeskCopyPerson>;
}

const memories = new WeakMap<DeskDb, Promise<DeskMemory>>();

function putPeople(memory: DeskMemory, people: readonly DeskCopyPerson[]): void {
  for (const p of people) {
    const before = memory.byId.get(p.id);
    if (before && before.codeHash !== p.codeHash) memory.byCode.delete(before.codeHash);
    memory.byId.set(p.id, p);
    memory.byCode.set(p.codeHash, p);
  }
}

async function loadMemory(db: DeskDb): Promise<DeskMemory> {
  const [meta, gates, people] = await db.transaction('r', db.meta, db.gates, db.people, () =>
    Promise.all([copyMeta(db), db.gates.toArray(), db.people.toArray()]),
  );
  const memory: DeskMemory = { meta: meta ?? null, gates: new Map(gates.map((g) => [g.id, g])), byCode: new Map(), byId: new Map() };
  putPeople(memory, people);
  // The transaction every scan makes, once ahead: the first one of a connection took twice as long.
  await db.transaction('rw', db.queue, () => db.queue.where('personId').equals(-1).toArray());
  return memory;
}

/** The copy in memory of this connection, loaded on first use (the desk asks for it as it opens). */
export function deskMemory(db: DeskDb): Promise<DeskMemory> {
  let memory = memories.get(db);
  if (!memory) {
    memory = loadMemory(db);
    memories.set(db, memory);
    // A failed load is tried again by the next caller.
    memory.catch(() => memories.delete(db));
  }
  return memory;
}

/** A person of the copy by id (人工签到 offline). */
export const copyPerson = async (db: DeskDb, id: number) => (await deskMemory(db)).byId.get(id) ?? null;

/**
 * Merges an answer of …/desk/copy: a whole copy replaces what was kept, an incremental one is laid over it.
 * Answers false when the merged copy does not hold `total` people (someone was removed): fetch it whole.
 */
export async function storeCopy(db: DeskDb, copy: DeskCopy, fetchedAt: number): Promise<boolean> {
  const meta: CopyMeta = { key: 'copy', activityId: copy.activityId, codeKey: copy.codeKey, version: copy.version, total: copy.total, dates: copy.dates, fetchedAt };
  const complete = await db.transaction('rw', db.people, db.gates, db.meta, async () => {
    // Hashes under another key cannot be merged with those kept: the copy is fetched whole.
    if (!copy.full && (await copyMeta(db))?.codeKey !== copy.codeKey) return null;
    if (copy.full) await db.people.clear();
    await db.gates.clear();
    await db.gates.bulkPut(copy.gates);
    await db.people.bulkPut(copy.people);
    await db.meta.put(meta);
    return (await db.people.count()) === copy.total;
  });
  if (complete === null) return false;
  // The same change in memory, once it is in IndexedDB (a load that read it already gets it twice: harmless).
  const loaded = memories.get(db);
  if (loaded) {
    const memory = await loaded;
    if (copy.full) {
      memory.byCode.clear();
      memory.byId.clear();
    }
    memory.gates = new Map(copy.gates.map((g) => [g.id, g]));
    putPeople(memory, copy.people);
    memory.meta = meta;
  }
  return complete;
}

export const copyMeta = (db: DeskDb) => db.meta.get('copy');

/** A uuid where crypto.randomUUID is missing (a desk opened over plain http on the venue's LAN). */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface OfflineScan {
  judged: GateVerdict;
  person: DeskCopyPerson | null;
  gate: DeskCopyGate | null;
  queued: QueuedScan;
}

/**
 * Judges a scan against the copy and stores it in the queue in the same transaction, before the desk
 * shows anything. A pass queued on this device counts as a pass: the same code again is a duplicate.
 */
export async function scanOffline(db: DeskDb, gateId: number, scanned: string | { personId: number }, doorAt: number): Promise<OfflineScan> {
  const code = typeof scanned === 'string' ? personCodeOf(scanned) : '';
  const memory = await deskMemory(db);
  const { meta } = memory;
  const gate = memory.gates.get(gateId) ?? null;
  // One HMAC per scan (well under a millisecond), then a lookup by the hash.
  const person =
    (typeof scanned === 'string' ? (meta ? memory.byCode.get(deskCodeHash(meta.codeKey, code)) : undefined) : memory.byId.get(scanned.personId)) ?? null;
  const gateNameOf = (id: number | null) => (id === null ? null : (memory.gates.get(id)?.name ?? null));
  const direction = gate?.direction ?? DIRECTION_IN;
  return db.transaction('rw', db.queue, async () => {
    const queued = person ? await db.queue.where('personId').equals(person.id).filter((q) => q.verdict === 'ok').toArray() : [];
    const passOf = (direction: number): VerdictPass | null => {
      const local = queued.filter((q) => q.direction === direction).sort((a, b) => a.doorAt - b.doorAt)[0];
      const [at, gid] = direction === DIRECTION_IN ? [person?.entryAt, person?.entryGateId] : [person?.exitAt, person?.exitGateId];
      if (at != null) return { atMs: at, gateName: gateNameOf(gid ?? null) };
      return local ? { atMs: local.doorAt, gateName: gateNameOf(local.gateId) } : null;
    };
    const judged = gateVerdict({
      gate,
      person: person && meta ? { status: person.status, activityId: meta.activityId } : null,
      earlier: person ? passOf(direction) : null,
      entered: person ? passOf(DIRECTION_IN) !== null : false,
      nowMs: doorAt,
      dates: meta?.dates ?? null,
    });
    const entry: QueuedScan = { id: newScanId(), gateId, code, doorAt, verdict: judged.verdict, personId: person?.id ?? null, direction };
    if (typeof scanned !== 'string') entry.picked = true;
    await db.queue.put(entry);
    return { judged, person, gate, queued: entry };
  });
}

/** The scans waiting for the server, in door-time order. */
export const waitingScans = (db: DeskDb) => db.queue.orderBy('doorAt').toArray();

/** The scans as the upload sends them (domain/meeting/deskUpload.contracts.ts). */
export const toUpload = (scans: QueuedScan[]): DeskQueuedScan[] =>
  scans.map((q) => ({
    scanId: q.id,
    gateId: q.gateId,
    code: q.code,
    doorAt: q.doorAt,
    deskVerdict: q.verdict,
    ...(q.picked && q.personId !== null ? { personId: q.personId } : {}),
  }));

/**
 * The server's answers to an upload: each answered scan leaves the queue, in the same transaction as its
 * conflict (if the server disagrees) is kept for staff. A scan the answer does not name stays queued.
 */
export async function applyUpload(db: DeskDb, sent: QueuedScan[], answers: DeskUploadResult[]): Promise<DeskConflict[]> {
  const byId = new Map(sent.map((q) => [q.id, q]));
  return db.transaction('rw', db.queue, db.conflicts, async () => {
    const conflicts: DeskConflict[] = [];
    for (const answer of answers) {
      const scan = byId.get(answer.scanId);
      if (!scan) continue;
      if (answer.conflict) conflicts.push({ ...answer, code: scan.code, gateId: scan.gateId, doorAt: scan.doorAt, deskVerdict: scan.verdict });
    }
    await db.conflicts.bulkPut(conflicts);
    await db.queue.bulkDelete(answers.map((a) => a.scanId).filter((id) => byId.has(id)));
    return conflicts;
  });
}

/**
 * Scans too old for the server to take (DESK_UPLOAD_MAX_AGE_DAYS, a desk that stayed offline for a week)
 * leave the queue for the conflicts list, where staff see them: one of them would otherwise make every
 * upload of the queue refused. Answers how many were moved.
 */
export async function expireStale(db: DeskDb, now: number): Promise<number> {
  const oldest = now - DESK_UPLOAD_MAX_AGE_DAYS * 24 * 3600 * 1000;
  return db.transaction('rw', db.queue, db.conflicts, async () => {
    const stale = await db.queue.where('doorAt').below(oldest).toArray();
    if (!stale.length) return 0;
    await db.conflicts.bulkPut(
      stale.map((scan) => ({
        scanId: scan.id,
        verdict: scan.verdict,
        repeated: false,
        conflict: true,
        message: `超过 ${DESK_UPLOAD_MAX_AGE_DAYS} 天未能上传，服务器不再接收，请人工核对`,
        personName: null,
        checkedAt: null,
        checkedGateName: null,
        code: scan.code,
        gateId: scan.gateId,
        doorAt: scan.doorAt,
        deskVerdict: scan.verdict,
      })),
    );
    await db.queue.bulkDelete(stale.map((scan) => scan.id));
    return stale.length;
  });
}

const DESK_SEARCH_LOCAL_MAX = 20;
const HAN = /\p{Script=Han}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The desk search on the local copy, by the server's rules (server/modules/meeting/personSearch.repository.ts): a
 * personal code or badge number exactly; four or more digits, the end of the mobile (searchKey keeps its
 * last six, reversed behind an m); Chinese text, in the name or company; Latin letters, the start of a
 * word of searchKey (pinyin, initials, Latin words).
 */
export async function searchCopy(db: DeskDb, keyword: string): Promise<DeskCopyPerson[]> {
  const text = keyword.normalize('NFKC').toLowerCase().trim();
  if (!text) return [];
  const meta = (await deskMemory(db)).meta;
  const codeHash = meta ? deskCodeHash(meta.codeKey, personCodeOf(keyword)) : null;
  const badge = text.replace(/\s+/g, '').toUpperCase();
  const digits = text.replace(/[\s\-+()]/g, '');
  let match: ((p: DeskCopyPerson) => boolean) | null = null;
  if (/^\d+$/.test(digits)) {
    const word = ` m${Array.from(digits.slice(-6)).reverse().join('')}`;
    if (digits.length >= 4) match = (p) => (p.searchKey ?? '').includes(word);
  } else if (HAN.test(text)) {
    const exact = Array.from(text).filter((c) => WORD_CHAR.test(c)).join('');
    match = (p) => p.name.includes(exact) || (p.company ?? '').includes(exact);
  } else {
    const latin = text.replace(/[^a-z0-9]/g, '');
    if (latin.length >= 2) match = (p) => (p.searchKey ?? '').includes(` ${latin}`);
  }
  const found: DeskCopyPerson[] = [];
  for (const p of (await deskMemory(db)).byId.values()) {
    if (p.codeHash === codeHash || (p.badgeNo !== null && p.badgeNo.toUpperCase() === badge) || (match?.(p) ?? false)) found.push(p);
    if (found.length === DESK_SEARCH_LOCAL_MAX) break;
  }
  return found;
}

/** At sign-out: the copy and anything else of the desk leave the device. */
export async function dropDeskData(db: DeskDb): Promise<void> {
  memories.delete(db);
  await db.delete();
}
