import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskCopy, DeskCopyPerson } from '@domain/meeting/deskCopy.contracts';
import { deskCodeHash } from '@domain/meeting/deskCodeHash';
import { copyMeta, DeskDb, dropDeskData, expireStale, scanOffline, searchCopy, storeCopy, toUpload, waitingScans } from '../../src/features/meeting/desk/offlineStore';

const NOW = Date.parse('2026-12-08T02:00:00Z');
/** The copy's key (per activity, sent with it): the copy holds each code's HMAC under it, never the code. */
const KEY = 'k'.repeat(64);
const codeOf = (id: number) => `code${String(id).padStart(18, '0')}`;
const person = (id: number, over: Partial<DeskCopyPerson> = {}): DeskCopyPerson => ({
  id,
  codeHash: deskCodeHash(KEY, codeOf(id)),
  badgeNo: `CH${id}`,
  name: `观众${id}`,
  company: null,
  kind: 1,
  status: 1,
  searchKey: null,
  seat: null,
  entryAt: null,
  entryGateId: null,
  exitAt: null,
  exitGateId: null,
  ...over,
});
const copy = (people: DeskCopyPerson[], over: Partial<DeskCopy> = {}): DeskCopy => ({
  activityId: 7,
  // NOW's day and the next.
  dates: { firstDay: '2026-12-08', lastDay: '2026-12-09', marginMs: 86_400_000, offDayScan: 1 },
  codeKey: KEY,
  version: NOW,
  full: true,
  total: people.length,
  gates: [
    { id: 1, name: '南1号', status: 1, direction: 1, activityId: 7 },
    { id: 2, name: '出口', status: 1, direction: 2, activityId: 7 },
  ],
  people,
  ...over,
});

let n = 0;
let db: DeskDb;
const fresh = () => (db = new DeskDb(`desk-test-${++n}`));
afterEach(async () => {
  db.close();
  await new DeskDb(db.name).delete();
});

describe('the desk offline', () => {
  it('judges by the server’s rule on the copy, catches a code already admitted on this device, and queues every scan', async () => {
    fresh();
    await storeCopy(db, copy([person(1), person(2, { status: 3 }), person(3, { entryAt: NOW - 60_000, entryGateId: 1 })]), NOW);
    const first = await scanOffline(db, 1, codeOf(1), NOW);
    expect(first.judged).toMatchObject({ verdict: 'ok', msg: '签到成功' });
    expect(first.person?.name).toBe('观众1');
    const again = await scanOffline(db, 1, `https://x.cn/zbzj/pre/preInfo?code=${codeOf(1)}`, NOW + 5_000);
    expect(again.judged).toMatchObject({ verdict: 'duplicate', msg: '已于 10:00 在「南1号」签到' });
    expect((await scanOffline(db, 1, codeOf(2), NOW)).judged.verdict).toBe('cancelled');
    expect((await scanOffline(db, 1, 'NoSuchCode', NOW)).judged.verdict).toBe('unknown');
    expect((await scanOffline(db, 1, codeOf(3), NOW)).judged.msg).toBe('已于 09:59 在「南1号」签到');
    expect((await scanOffline(db, 2, codeOf(2), NOW)).judged.verdict).toBe('cancelled');
    const exit = await scanOffline(db, 2, codeOf(1), NOW + 9_000);
    expect(exit.judged.verdict).toBe('ok');
    const queue = await waitingScans(db);
    expect(queue).toHaveLength(7);
    expect(new Set(queue.map((q) => q.id)).size).toBe(7);
    expect(queue.map((q) => q.doorAt)).toEqual([...queue.map((q) => q.doorAt)].sort((a, b) => a - b));
    expect(queue.filter((q) => q.personId === 1).map((q) => [q.gateId, q.doorAt, q.verdict, q.direction])).toEqual([
      [1, NOW, 'ok', 1],
      [1, NOW + 5_000, 'duplicate', 1],
      [2, NOW + 9_000, 'ok', 2],
    ]);
  });

  it('moves scans too old for the server to the conflicts list instead of sending them', async () => {
    fresh();
    await storeCopy(db, copy([person(1), person(2)]), NOW);
    const week = 7 * 24 * 3600 * 1000;
    await scanOffline(db, 1, codeOf(1), NOW - week - 1);
    await scanOffline(db, 1, codeOf(2), NOW - week + 60_000);
    expect(await expireStale(db, NOW)).toBe(1);
    expect((await waitingScans(db)).map((q) => q.code)).toEqual([codeOf(2)]);
    const [kept] = await db.conflicts.toArray();
    expect(kept).toMatchObject({ code: codeOf(1), conflict: true, deskVerdict: 'ok', message: '超过 7 天未能上传，服务器不再接收，请人工核对' });
    expect(await expireStale(db, NOW)).toBe(0);
  });

  it('keeps the queue when the page is reloaded (the database opened anew)', async () => {
    fresh();
    await storeCopy(db, copy([person(1)]), NOW);
    await scanOffline(db, 1, codeOf(1), NOW);
    db.close();
    const reopened = new DeskDb(db.name);
    expect(await waitingScans(reopened)).toHaveLength(1);
    expect((await scanOffline(reopened, 1, codeOf(1), NOW + 1)).judged.verdict).toBe('duplicate');
    reopened.close();
  });

  it('lays an incremental copy over the kept one and asks for the whole copy when someone was removed', async () => {
    fresh();
    await storeCopy(db, copy([person(1), person(2)]), NOW);
    expect(await storeCopy(db, copy([person(2, { status: 3 })], { full: false, total: 2, version: NOW + 1 }), NOW + 10)).toBe(true);
    expect((await db.people.get(2))?.status).toBe(3);
    expect(await copyMeta(db)).toMatchObject({ version: NOW + 1, fetchedAt: NOW + 10 });
    expect(await storeCopy(db, copy([], { full: false, total: 1 }), NOW + 20)).toBe(false);
  });

  it('judges by the copy as last stored, and catches a pass queued by another tab of the device', async () => {
    fresh();
    await storeCopy(db, copy([person(1, { status: 0 }), person(2)]), NOW);
    expect((await scanOffline(db, 1, codeOf(1), NOW)).judged.verdict).toBe('pending');
    // Approved meanwhile: the next refresh brings it, and the desk judges by it at once.
    await storeCopy(db, copy([person(1)], { full: false, total: 2, version: NOW + 1 }), NOW + 10);
    expect((await scanOffline(db, 1, codeOf(1), NOW + 20)).judged.verdict).toBe('ok');
    // A whole copy without person 2 (moved to another activity): unknown here from now on.
    await storeCopy(db, copy([person(1)]), NOW + 30);
    expect((await scanOffline(db, 1, codeOf(2), NOW + 40)).judged.verdict).toBe('unknown');

    const otherTab = new DeskDb(db.name);
    expect((await scanOffline(otherTab, 1, codeOf(1), NOW + 50)).judged.verdict).toBe('duplicate');
    otherTab.close();
  });

  it('keeps no personal code on the device: a scan is found by the HMAC of what was scanned, under the copy’s key', async () => {
    fresh();
    await storeCopy(db, copy([person(1), person(2)]), NOW);
    const stored = JSON.stringify(await db.people.toArray()) + JSON.stringify(await db.meta.toArray());
    expect(stored).not.toContain(codeOf(1));
    expect(stored).not.toContain(codeOf(2));
    expect((await scanOffline(db, 1, `https://x.cn/zbzj/pre/preInfo?code=${codeOf(2)}`, NOW)).person?.id).toBe(2);
    expect((await searchCopy(db, codeOf(1))).map((p) => p.id)).toEqual([1]);
    // The hash of a code under another key matches no one.
    expect((await scanOffline(db, 1, deskCodeHash(KEY, codeOf(1)), NOW)).judged.verdict).toBe('unknown');
  });

  it('asks for the whole copy when an incremental one comes under another key (the server’s secret changed)', async () => {
    fresh();
    await storeCopy(db, copy([person(1), person(2)]), NOW);
    const rekeyed = { ...person(2, { status: 3 }), codeHash: deskCodeHash('other', codeOf(2)) };
    expect(await storeCopy(db, copy([rekeyed], { full: false, total: 2, codeKey: 'other', version: NOW + 1 }), NOW + 10)).toBe(false);
    expect((await db.people.get(2))?.status).toBe(1);
    expect(await storeCopy(db, copy([person(1), rekeyed], { codeKey: 'other' }), NOW + 20)).toBe(true);
    expect((await scanOffline(db, 1, codeOf(2), NOW + 30)).judged.verdict).toBe('cancelled');
  });

  it('queues 人工签到 by the person picked, and the upload names them (the copy has no code to send)', async () => {
    fresh();
    await storeCopy(db, copy([person(1)]), NOW);
    const picked = await scanOffline(db, 1, { personId: 1 }, NOW);
    expect(picked.judged.verdict).toBe('ok');
    expect(toUpload(await waitingScans(db))).toEqual([{ scanId: picked.queued.id, gateId: 1, code: '', doorAt: NOW, deskVerdict: 'ok', personId: 1 }]);
  });

  it('leaves nothing on the device at sign-out', async () => {
    fresh();
    await storeCopy(db, copy([person(1)]), NOW);
    await dropDeskData(db);
    const after = new DeskDb(db.name);
    expect(await after.people.count()).toBe(0);
    after.close();
  });
});
