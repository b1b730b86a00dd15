import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GateDeskPage from '../../src/features/meeting/pages/gate/desk/index';
import { DESK_GATE_KEY } from '../../src/features/meeting/desk/deskSession';
import { dropDeskDevice, waitingScansOnDevice } from '../../src/lib/deskDevice';
import { storage } from '../../src/lib/storage';
import { deskCopy, type DeskCopy, type DeskCopyPerson } from '@domain/meeting/deskCopy.contracts';
import { deskCodeHash } from '@domain/meeting/deskCodeHash';
import { deskUpload, type DeskQueuedScan, type DeskUploadResult } from '@domain/meeting/deskUpload.contracts';
import { deskGates, deskSearch, gateScan, type DeskGate } from '@domain/meeting/gateScan.contracts';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { renderPage } from '../mocks/page';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

/**
 * 签到台 when the server cannot be reached: the scan is judged on the local copy at once, shown as an
 * online verdict with 「离线」, counted and queued; back online the queue goes up by itself, what the
 * server judged otherwise is listed under 需要核对, and an upload that fails keeps every scan.
 */
const GATE: DeskGate = { id: 1, name: '南登录厅1号', location: '南登录厅', direction: 1, deviceNo: 'S-01', activityId: 11, activityName: '开幕式暨主论坛', todayCount: 41 };
const NOW = Date.now();
const KEY = 'desk-copy-key-of-activity-11';
/** A person of the copy (which holds the HMAC of their code under KEY), with the code their badge carries. */
const person = (id: number, name: string, code: string, over: Partial<DeskCopyPerson> = {}): DeskCopyPerson & { code: string } => ({
  id,
  code,
  codeHash: deskCodeHash(KEY, code),
  badgeNo: `CH00${id}`,
  name,
  company: '上海城建信息科技有限公司',
  kind: 1,
  status: 1,
  searchKey: ` ${name === '张伟' ? 'zhangwei zw' : 'lina ln'} m876543 `,
  seat: null,
  entryAt: null,
  entryGateId: null,
  exitAt: null,
  exitGateId: null,
  ...over,
});
const ZHANG = person(1, '张伟', 'CODEAAAAAAAAAAAAAAAAAA');
const LI = person(2, '李娜', 'CODEBBBBBBBBBBBBBBBBBB');
const WANG = person(3, '王芳', 'CODECCCCCCCCCCCCCCCCCC', { status: 3 });
const COPY: DeskCopy = {
  activityId: 11,
  dates: { firstDay: '2026-11-26', lastDay: '2026-11-28', marginMs: 86_400_000, offDayScan: 1 },
  codeKey: KEY,
  version: NOW,
  full: true,
  total: 3,
  gates: [{ id: 1, name: '南登录厅1号', status: 1, direction: 1, activityId: 11 }],
  people: [ZHANG, LI, WANG].map(({ code: _code, ...copied }) => copied),
};

interface Backend {
  /** The venue's network is down: no request gets an answer. */
  down: boolean;
  uploads: DeskQueuedScan[][];
  scans: number;
  /** How the next uploads are answered; default: each scan as the desk judged it. */
  answer: (scans: DeskQueuedScan[]) => DeskUploadResult[] | Response;
}

function installBackend(copy: DeskCopy = COPY): Backend {
  const backend: Backend = {
    down: false,
    uploads: [],
    scans: 0,
    answer: (scans) =>
      scans.map((s) => ({ scanId: s.scanId, verdict: s.deskVerdict, repeated: false, conflict: false, message: '签到成功', personName: null, checkedAt: null, checkedGateName: null })),
  };
  server.use(
    mock(deskGates, () => [GATE]),
    mock(deskCopy, ({ params }) => (backend.down ? HttpResponse.error() : params.since ? { ...copy, full: false, people: [] } : copy)),
    // Every scan in these tests is made while the network is down.
    mock(gateScan, () => {
      backend.scans++;
      return HttpResponse.error();
    }),
    mock(deskUpload, ({ params }) => {
      if (backend.down) return HttpResponse.error();
      const scans = JSON.parse(params.scans) as DeskQueuedScan[];
      backend.uploads.push(scans);
      return backend.answer(scans);
    }),
  );
  return backend;
}

const codeInput = () => screen.getByRole('textbox', { name: '个人二维码' });
const verdict = () => screen.getByTestId('desk-verdict');
const network = () => screen.getByTestId('desk-network');
const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement;

async function scan(code: string) {
  await user.paste(code);
  await user.keyboard('{Enter}');
}

async function openDesk() {
  storage.set(DESK_GATE_KEY, 1);
  renderPage(GateDeskPage, { path: '/gate/desk/index' });
  await screen.findByText('本地名单：3 人，更新于 刚刚');
  await waitFor(() => expect(codeInput()).toHaveFocus());
}

/** The network fails under two scans of 张伟 and one of 李娜: pass, duplicate, pass, all judged here. */
async function scanThroughOutage(backend: Backend) {
  backend.down = true;
  await scan(ZHANG.code);
  await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
  await scan(ZHANG.code);
  await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'duplicate'));
  await scan(LI.code);
  await waitFor(() => expect(within(verdict()).getByTestId('desk-person-name')).toHaveTextContent('李娜'));
  await waitFor(() => expect(screen.getByTestId('desk-waiting')).toHaveTextContent('待上传 3 条'));
  // The first failure took the desk offline: the two later scans did not wait for the server again.
  expect(backend.scans).toBe(1);
}

/** The server's answer when 李娜 had entered at another gate meanwhile: her offline pass is a conflict. */
const liEnteredElsewhere = (scans: DeskQueuedScan[]): DeskUploadResult[] =>
  scans.map((s) =>
    s.code === LI.code
      ? { scanId: s.scanId, verdict: 'duplicate', repeated: false, conflict: true, message: '已于 09:01 在「北登录厅2号」签到', personName: '李娜', checkedAt: '2026-12-08 09:01:00', checkedGateName: '北登录厅2号' }
      : { scanId: s.scanId, verdict: s.deskVerdict, repeated: false, conflict: false, message: '签到成功', personName: '张伟', checkedAt: null, checkedGateName: null },
  );

const goOnline = () => act(async () => void window.dispatchEvent(new Event('online')));

beforeEach(async () => {
  resetSession();
  await dropDeskDevice(true);
});
afterEach(async () => {
  await act(async () => message.destroy());
});

describe('签到台 offline', () => {
  it('judges a scan the server cannot be reached for on the local copy, marks it 离线, counts and queues it', async () => {
    const backend = installBackend();
    await openDesk();
    expect(network()).toHaveAttribute('data-state', 'online');
    backend.down = true;

    await scan(ZHANG.code);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(within(verdict()).getByText('请通行')).toBeInTheDocument();
    expect(within(verdict()).getByTestId('desk-verdict-offline')).toHaveTextContent('离线');
    expect(within(verdict()).getByText('签到成功')).toBeInTheDocument();
    expect(within(verdict()).getByTestId('desk-person-name')).toHaveTextContent('张伟');
    expect(within(statistic('本次扫码')).getByText('1')).toBeInTheDocument();
    expect(within(statistic('今日本闸机入场')).getByText('42')).toBeInTheDocument();
    expect(network()).toHaveAttribute('data-state', 'offline');
    // Counted after the verdict shows (useOfflineDesk recounts without holding the verdict back).
    await waitFor(() => expect(within(network()).getByTestId('desk-waiting')).toHaveTextContent('待上传 1 条'));
    // No toast of 「连接服务器失败」 on top of the verdict: the banner says it.
    expect(screen.queryByText('连接服务器失败!')).not.toBeInTheDocument();

    await scan(ZHANG.code);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'duplicate'));
    expect(within(verdict()).getByText(/^已于 \d\d:\d\d 在「南登录厅1号」签到$/)).toBeInTheDocument();
    await scan(WANG.code);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'refused'));
    expect(within(verdict()).getByText('该人员的登记已取消，不能通行')).toBeInTheDocument();
    await waitFor(() => expect(within(network()).getByTestId('desk-waiting')).toHaveTextContent('待上传 3 条'));
    expect(within(statistic('本次扫码')).getByText('3')).toBeInTheDocument();
    expect(backend.scans).toBe(1);
    // Sign-out is warned of them (src/layouts/basic/UserMenu.tsx).
    expect(waitingScansOnDevice()).toBe(3);
  });

  it('shows the seat of the copy, and judges the activity’s dates as the server: 提醒 passes with the warning', async () => {
    // An activity of 12-20 and 12-21; the desk's clock says 11-27 (tests/clock.ts).
    const dates = { firstDay: '2026-12-20', lastDay: '2026-12-21', marginMs: 86_400_000, offDayScan: 1 };
    const seated = COPY.people.map((p) => (p.id === ZHANG.id ? { ...p, seat: '主会场 A区 3排12号' } : p));
    const backend = installBackend({ ...COPY, dates, people: seated });
    await openDesk();
    backend.down = true;
    await scan(ZHANG.code);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(within(verdict()).getByTestId('desk-verdict-offline')).toHaveTextContent('离线');
    expect(within(verdict()).getByTestId('desk-person-seat')).toHaveTextContent('座位：主会场 A区 3排12号');
    expect(within(verdict()).getByTestId('desk-verdict-warning')).toHaveTextContent('今天不在活动日期内（12月20日—12月21日）');
    await waitFor(() => expect(screen.getByTestId('desk-waiting')).toHaveTextContent('待上传 1 条'));
  });

  it('refuses offline on a day outside the dates when the activity says 拒绝, and queues the refusal as such', async () => {
    const backend = installBackend({ ...COPY, dates: { firstDay: '2026-12-20', lastDay: '2026-12-21', marginMs: 86_400_000, offDayScan: 2 } });
    await openDesk();
    backend.down = true;
    await scan(LI.code);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'refused'));
    expect(within(verdict()).getByText('扫码日期不在活动日期内（12月20日—12月21日），不能通行')).toBeInTheDocument();
    expect(within(verdict()).getByTestId('desk-person-name')).toHaveTextContent('李娜');
    await waitFor(() => expect(screen.getByTestId('desk-waiting')).toHaveTextContent('待上传 1 条'));
    backend.down = false;
    await goOnline();
    await waitFor(() => expect(backend.uploads).toHaveLength(1));
    expect(backend.uploads[0].map((s) => s.deskVerdict)).toEqual(['offDay']);
  });

  it('finds people on the local copy while offline', async () => {
    const backend = installBackend();
    server.use(mock(deskSearch, () => HttpResponse.error()));
    await openDesk();
    backend.down = true;
    await scan(ZHANG.code);
    await waitFor(() => expect(network()).toHaveAttribute('data-state', 'offline'));
    await user.paste('zw');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('上海城建信息科技有限公司 · ****5678 · 胸卡 CH001')).toBeInTheDocument();
    expect(screen.queryByText('李娜')).not.toBeInTheDocument();
    await user.clear(codeInput());
    await user.paste('5678');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByText(/· \*\*\*\*5678 ·/)).toHaveLength(3));
  });

  it('uploads the queue when the network returns, empties it and lists what the server judged otherwise', async () => {
    const backend = installBackend();
    await openDesk();
    await scanThroughOutage(backend);
    backend.answer = liEnteredElsewhere;

    backend.down = false;
    await goOnline();
    await waitFor(() => expect(network()).toHaveAttribute('data-state', 'online'));
    await waitFor(() => expect(screen.queryByTestId('desk-waiting')).not.toBeInTheDocument());
    expect(backend.uploads).toHaveLength(1);
    const sent = backend.uploads[0];
    expect(sent.map((s) => [s.code, s.gateId, s.deskVerdict])).toEqual([
      [ZHANG.code, 1, 'ok'],
      [ZHANG.code, 1, 'duplicate'],
      [LI.code, 1, 'ok'],
    ]);
    expect(new Set(sent.map((s) => s.scanId)).size).toBe(3);
    expect(sent.every((s, i) => i === 0 || s.doorAt >= sent[i - 1].doorAt)).toBe(true);
    expect(waitingScansOnDevice()).toBe(0);

    const conflicts = await screen.findByTestId('desk-conflicts');
    expect(within(conflicts).getByText('需要核对')).toBeInTheDocument();
    expect(within(conflicts).getByText('李娜')).toBeInTheDocument();
    expect(within(conflicts).getByText('本机：通过 → 服务器：重复')).toBeInTheDocument();
    expect(within(conflicts).getByText('已于 09:01 在「北登录厅2号」签到')).toBeInTheDocument();
    await user.click(within(conflicts).getByRole('button', { name: '已核对 李娜' }));
    await waitFor(() => expect(screen.queryByTestId('desk-conflicts')).not.toBeInTheDocument());
  });

  it('counts 今日本闸机入场 as the server does once the upload shows a pass was a conflict', async () => {
    const backend = installBackend();
    // The server counts what it recorded: 张伟's pass, not 李娜's (she had entered at another gate).
    server.use(mock(deskGates, () => [{ ...GATE, todayCount: backend.uploads.length ? 42 : 41 }]));
    await openDesk();
    await scanThroughOutage(backend);
    expect(within(statistic('今日本闸机入场')).getByText('43')).toBeInTheDocument();
    backend.answer = liEnteredElsewhere;
    backend.down = false;
    await goOnline();
    await screen.findByTestId('desk-conflicts');
    await waitFor(() => expect(within(statistic('今日本闸机入场')).getByText('42')).toBeInTheDocument());
  });

  it('keeps every scan when the upload fails, and sends them once it works', async () => {
    const backend = installBackend();
    await openDesk();
    await scanThroughOutage(backend);
    // The server answers, but refuses (an older server without the upload).
    backend.answer = () => HttpResponse.json({ code: 404, msg: '接口不存在', data: null }, { status: 404 });
    backend.down = false;
    await goOnline();
    expect(await screen.findByText('离线扫码上传失败：接口不存在')).toBeInTheDocument();
    expect(screen.getByTestId('desk-waiting')).toHaveTextContent('待上传 3 条');
    // The network fails again before the next try: the desk is offline again, nothing lost.
    backend.down = true;
    await goOnline();
    await waitFor(() => expect(network()).toHaveAttribute('data-state', 'offline'));
    expect(screen.getByTestId('desk-waiting')).toHaveTextContent('待上传 3 条');
    expect(waitingScansOnDevice()).toBe(3);

    backend.answer = (scans) => scans.map((s) => ({ scanId: s.scanId, verdict: s.deskVerdict, repeated: false, conflict: false, message: '签到成功', personName: null, checkedAt: null, checkedGateName: null }));
    backend.down = false;
    await goOnline();
    await waitFor(() => expect(screen.queryByTestId('desk-waiting')).not.toBeInTheDocument());
    // The refused upload and the one that went through; the one without an answer never arrived.
    expect(backend.uploads).toHaveLength(2);
    expect(backend.uploads[1]).toHaveLength(3);
    expect(screen.queryByTestId('desk-conflicts')).not.toBeInTheDocument();
  });
});
