import 'fake-indexeddb/auto';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentMenus, currentUser } from '@domain/session/session.contracts';
import type { DeskCopy } from '@domain/meeting/deskCopy.contracts';
import { deskCodeHash } from '@domain/meeting/deskCodeHash';
import { DeskDb, scanOffline, storeCopy } from '../../src/features/meeting/desk/offlineStore';
import { DESK_DB_NAME, dropDeskDevice, noteWaitingScans, waitingScansOnDevice } from '../../src/lib/deskDevice';
import { resolvePage } from '../../src/router/pageRegistry';
import { useSession } from '../../src/stores/session';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/**
 * What sign-out does with 签到台's data on the device, and the profile a reload without network opens
 * with: the copy always goes; scans still waiting go only when the user chose so.
 */
const CODE = 'CODEAAAAAAAAAAAAAAAAAA';
const KEY = 'desk-copy-key';
const COPY: DeskCopy = {
  activityId: 7,
  dates: { firstDay: '2026-11-26', lastDay: '2026-11-28', marginMs: 86_400_000, offDayScan: 1 },
  codeKey: KEY,
  version: 1,
  full: true,
  total: 1,
  gates: [{ id: 1, name: '南1号', status: 1, direction: 1, activityId: 7 }],
  people: [
    { id: 1, codeHash: deskCodeHash(KEY, CODE), badgeNo: null, name: '张伟', company: null, kind: 1, status: 1, searchKey: null, seat: null, entryAt: null, entryGateId: null, exitAt: null, exitGateId: null },
  ],
};

async function deskWithOneWaitingScan() {
  const db = new DeskDb();
  await storeCopy(db, COPY, Date.now());
  await scanOffline(db, 1, CODE, Date.now());
  noteWaitingScans(await db.queue.count());
  db.close();
}

async function counts() {
  const db = new DeskDb(DESK_DB_NAME);
  const result = { people: await db.people.count(), queue: await db.queue.count() };
  db.close();
  return result;
}

beforeEach(async () => {
  resetSession();
  await dropDeskDevice(true);
});

describe('sign-out and the desk’s data', () => {
  it('drops the copy but keeps waiting scans unless the user chose to drop them', async () => {
    await deskWithOneWaitingScan();
    expect(waitingScansOnDevice()).toBe(1);
    signInAs('demo');
    await useSession.getState().logout({ revoke: false, leave: false });
    expect(await counts()).toEqual({ people: 0, queue: 1 });
    expect(waitingScansOnDevice()).toBe(1);

    signInAs('demo');
    await useSession.getState().logout({ revoke: false, leave: false, dropWaitingScans: true });
    expect(await counts()).toEqual({ people: 0, queue: 0 });
    expect(waitingScansOnDevice()).toBe(0);
  });

  it('opens with the profile this token last loaded when the server cannot be reached, and only then', async () => {
    signInAs('demo');
    await useSession.getState().loadProfile(resolvePage);
    const menus = useSession.getState().menus;
    expect(menus.length).toBeGreaterThan(0);

    server.use(
      mock(currentUser, () => HttpResponse.error()),
      mock(currentMenus, () => HttpResponse.error()),
    );
    useSession.setState({ user: null, menus: [], routesGenerated: false });
    await useSession.getState().loadProfile(resolvePage);
    expect(useSession.getState().user?.username).toBe('demo');
    expect(useSession.getState().menus).toEqual(menus);
    expect(useSession.getState().routesGenerated).toBe(true);

    // Signed out: nothing is kept for the next one.
    await useSession.getState().logout({ revoke: false, leave: false });
    signInAs('demo');
    await expect(useSession.getState().loadProfile(resolvePage)).rejects.toThrow('连接服务器失败!');
  });
});
