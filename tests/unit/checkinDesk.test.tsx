import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GateDeskPage from '../../src/features/meeting/pages/gate/desk/index';
import { DESK_GATE_KEY } from '../../src/features/meeting/desk/deskSession';
import { storage } from '../../src/lib/storage';
import { deskApprove, deskCheckin, deskGates, deskSearch, gateScan, type DeskGate, type DeskPerson, type GateScanResult } from '@domain/meeting/gateScan.contracts';
import { useSession } from '../../src/stores/session';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { currentActivity } from '@domain/projects/scopeOptions.contracts';
import { deskCopy } from '@domain/meeting/deskCopy.contracts';
import { user } from '../mocks/app';
import { answer, mock } from '../mocks/contract';
import { renderPage } from '../mocks/page';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

/**
 * 签到台 against a small in-memory gate backend: choosing and remembering the gate, the verdict panel in
 * its three tones with who was scanned, the running counts, and one request per scan however fast Enter
 * is pressed.
 */
const GATES: DeskGate[] = [
  { id: 1, name: '南登录厅1号', location: '南登录厅', direction: 1, deviceNo: 'S-01', activityId: 11, activityName: '开幕式暨主论坛', todayCount: 41 },
  { id: 2, name: '北登录厅2号', location: '北登录厅', direction: 1, deviceNo: 'N-02', activityId: 11, activityName: '开幕式暨主论坛', todayCount: 7 },
];

interface Attendee {
  name: string;
  company: string;
  status: 'approved' | 'cancelled';
  seat?: string;
  /** The server's warning with a pass (活动日期外扫码「提醒」). */
  warning?: string;
}
const ATTENDEES: Record<string, Attendee> = {
  CODEAAAAAAAAAAAAAAAAAA: { name: '张伟', company: '上海城建信息科技有限公司', status: 'approved' },
  CODEBBBBBBBBBBBBBBBBBB: { name: '李娜', company: '杭州云启数据有限公司', status: 'approved' },
  CODECCCCCCCCCCCCCCCCCC: { name: '王芳', company: '苏州瑞达会展有限公司', status: 'cancelled' },
  CODEDDDDDDDDDDDDDDDDDD: { name: '赵敏', company: '宁波港航集团', status: 'approved', seat: '主会场 A区 3排12号', warning: '今天不在活动日期内（12月20日—12月21日）' },
};

function installGateBackend(options: { scanDelayMs?: number } = {}) {
  const scans: Array<Record<string, string>> = [];
  const passes = new Map<string, { gate: string; at: string }>();
  const today = new Map(GATES.map((g) => [g.id, g.todayCount]));
  server.use(
    mock(deskGates, () => GATES),
    // The desk keeps a local copy while online (tests/unit/deskOffline.test.tsx); its content does not matter here.
    mock(deskCopy, () => ({ activityId: 11, dates: { firstDay: '2026-11-26', lastDay: '2026-11-28', marginMs: 86_400_000, offDayScan: 1 }, codeKey: 'k', version: 1, full: true, total: 0, gates: [], people: [] })),
    mock(gateScan, async ({ params }) => {
      scans.push(params);
      if (options.scanDelayMs) await delay(options.scanDelayMs);
      const gate = GATES.find((g) => g.id === Number(params.gateId))!;
      const who = ATTENDEES[params.code];
      const base: GateScanResult = {
        verdict: 'ok',
        gateId: gate.id,
        gateName: gate.name,
        direction: 1,
        person: who ? { name: who.name, company: who.company, kind: 1, kindLabel: '观众', badgeNo: `CH${params.code.slice(4, 8)}`, seat: who.seat ?? null } : null,
        checkedAt: null,
        checkedGateName: null,
        todayCount: today.get(gate.id)!,
        warning: null,
      };
      const refuse = (verdict: GateScanResult['verdict'], msg: string, extra: Partial<GateScanResult> = {}) =>
        HttpResponse.json({ code: 1, msg, data: { ...base, verdict, ...extra } });
      if (!who) return refuse('unknown', '无效的二维码：未找到该参会人员');
      if (who.status === 'cancelled') return refuse('cancelled', '该人员的登记已取消，不能通行');
      const first = passes.get(params.code);
      if (first) return refuse('duplicate', `已于 ${first.at.slice(11, 16)} 在「${first.gate}」签到`, { checkedAt: first.at, checkedGateName: first.gate });
      const at = '2026-12-08 09:15:30';
      passes.set(params.code, { gate: gate.name, at });
      today.set(gate.id, today.get(gate.id)! + 1);
      return answer(gateScan, { ...base, checkedAt: at, checkedGateName: gate.name, todayCount: today.get(gate.id)!, warning: who.warning ?? null }, '签到成功');
    }),
  );
  return { scans };
}

const codeInput = () => screen.getByRole('textbox', { name: '个人二维码' });
const verdict = () => screen.getByTestId('desk-verdict');
const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement;

async function pickGate(label: string) {
  await user.click(screen.getByRole('combobox', { name: '闸机' }));
  await user.click(await screen.findByText(label));
}

/** As a keyboard-wedge scanner: the whole code into the focused field, then Enter. */
async function scan(code: string, enters = '{Enter}') {
  await user.paste(code);
  await user.keyboard(enters);
}

afterEach(async () => {
  await act(async () => message.destroy());
});
beforeEach(() => resetSession());

describe('签到台 /gate/desk/index', () => {
  it('asks for a gate first, then keeps the scan field focused and remembers the gate', async () => {
    installGateBackend();
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toBeDisabled());
    expect(codeInput()).toHaveAttribute('placeholder', '请先在右上角选择闸机');
    await pickGate('北登录厅2号（入场）· 开幕式暨主论坛');
    await waitFor(() => expect(codeInput()).toBeEnabled());
    await waitFor(() => expect(codeInput()).toHaveFocus());
    expect(storage.get(DESK_GATE_KEY)).toBe(2);
    expect(within(statistic('今日本闸机入场')).getByText('7')).toBeInTheDocument();
  });

  it('opens at the lone gate of the current activity (the header’s) when none is remembered', async () => {
    installGateBackend();
    const other: DeskGate = { id: 3, name: '西登录厅3号', location: '西登录厅', direction: 1, deviceNo: 'W-03', activityId: 12, activityName: '分论坛', todayCount: 2 };
    server.use(
      mock(deskGates, () => [...GATES, other]),
      mock(currentActivity, () => ({ id: 12, name: '分论坛', cnfId: 1, projectName: '博览会', srq: '2026-12-10', erq: '2026-12-11', when: 'chosen' as const, choiceDropped: false })),
    );
    useCurrentActivity.setState({ activity: { id: 12, name: '分论坛', cnfId: 1, projectName: '博览会' }, byDefault: false });
    storage.remove(DESK_GATE_KEY);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toBeEnabled());
    expect(await screen.findByText('西登录厅3号（入场）· 分论坛')).toBeInTheDocument();
    expect(storage.get(DESK_GATE_KEY)).toBe(3);
  });

  it('opens at the remembered gate', async () => {
    installGateBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toBeEnabled());
    expect(await screen.findByText('南登录厅1号（入场）· 开幕式暨主论坛')).toBeInTheDocument();
    expect(within(statistic('今日本闸机入场')).getByText('41')).toBeInTheDocument();
  });

  it('shows pass, duplicate and refusal in green, orange and red with who it is, and counts them', async () => {
    const { scans } = installGateBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toHaveFocus());
    expect(verdict()).toHaveAttribute('data-tone', 'idle');

    await scan('CODEAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(within(verdict()).getByText('请通行')).toBeInTheDocument();
    expect(within(verdict()).getByText('签到成功')).toBeInTheDocument();
    expect(within(verdict()).getByText('张伟')).toBeInTheDocument();
    expect(within(verdict()).getByText('上海城建信息科技有限公司 · 观众 · 胸卡 CHAAAA')).toBeInTheDocument();
    expect(within(statistic('今日本闸机入场')).getByText('42')).toBeInTheDocument();
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).toHaveFocus();

    await scan('CODEAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'duplicate'));
    expect(within(verdict()).getByText('重复签到')).toBeInTheDocument();
    expect(within(verdict()).getByText('已于 09:15 在「南登录厅1号」签到')).toBeInTheDocument();
    expect(within(verdict()).getByText('首次通行 2026-12-08 09:15:30 · 南登录厅1号')).toBeInTheDocument();

    await scan('CODECCCCCCCCCCCCCCCCCC');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'refused'));
    expect(within(verdict()).getByText('禁止通行')).toBeInTheDocument();
    expect(within(verdict()).getByText('该人员的登记已取消，不能通行')).toBeInTheDocument();
    expect(within(verdict()).getByText('王芳')).toBeInTheDocument();

    await scan('CODEZZZZZZZZZZZZZZZZZZ');
    await waitFor(() => expect(within(verdict()).getByText('无效的二维码：未找到该参会人员')).toBeInTheDocument());

    // The refusal is shown in the panel only, not also as a toast.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('不能通行');
    expect(within(statistic('本次扫码')).getByText('4')).toBeInTheDocument();
    const tally = screen.getByTestId('desk-tally');
    expect(tally).toHaveTextContent('通过 1');
    expect(tally).toHaveTextContent('重复 1');
    expect(tally).toHaveTextContent('拒绝 2');
    const recent = within(screen.getByTestId('desk-recent')).getAllByRole('listitem');
    expect(recent.map((li) => li.textContent?.replace(/^\d\d:\d\d:\d\d\s*/, ''))).toEqual([
      'CODEZZZZZZZZZZZZZZZZZZ无效二维码',
      '王芳已取消登记',
      '张伟重复',
      '张伟通过',
    ]);
    expect(scans.map((s) => s.gateId)).toEqual(['1', '1', '1', '1']);
  });

  it('shows the seat beside the name, and a pass on a day outside the activity’s dates with its warning in orange', async () => {
    installGateBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await scan('CODEDDDDDDDDDDDDDDDDDD');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(within(verdict()).getByTestId('desk-person-name')).toHaveTextContent('赵敏');
    expect(within(verdict()).getByTestId('desk-person-seat')).toHaveTextContent('座位：主会场 A区 3排12号');
    const warning = within(verdict()).getByTestId('desk-verdict-warning');
    expect(warning).toHaveTextContent('今天不在活动日期内（12月20日—12月21日）');
    // Orange (antd's orange-8, #ad4e00), on the green of a pass.
    expect(getComputedStyle(warning).color).toBe('rgb(173, 78, 0)');
    // Someone without a seat, within the dates: neither line.
    await scan('CODEAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(within(verdict()).getByTestId('desk-person-name')).toHaveTextContent('张伟'));
    expect(within(verdict()).queryByTestId('desk-person-seat')).not.toBeInTheDocument();
    expect(within(verdict()).queryByTestId('desk-verdict-warning')).not.toBeInTheDocument();
  });

  it('sends a scan once however fast Enter is pressed, and queues a different code scanned meanwhile', async () => {
    const { scans } = installGateBackend({ scanDelayMs: 600 });
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toBeEnabled());
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await scan('CODEBBBBBBBBBBBBBBBBBB', '{Enter}{Enter}{Enter}');
    // The same code again while the first is on its way is the same scan.
    await scan('CODEBBBBBBBBBBBBBBBBBB');
    await scan('CODEAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(within(statistic('本次扫码')).getByText('2')).toBeInTheDocument());
    expect(scans.map((s) => s.code)).toEqual(['CODEBBBBBBBBBBBBBBBBBB', 'CODEAAAAAAAAAAAAAAAAAA']);
    expect(within(verdict()).getByText('张伟')).toBeInTheDocument();
    expect(screen.getByTestId('desk-tally')).toHaveTextContent('通过 2');
  });
});

const ZHANG: DeskPerson = {
  id: 501,
  name: '张三',
  company: '深圳市腾讯计算机系统有限公司',
  kind: 2,
  kindLabel: '嘉宾',
  status: 1,
  statusLabel: '已通过',
  badgeNo: 'CH20261208000501',
  mobile: '139****8888',
  checkedInAt: null,
  seat: '主会场 A区 3排12号',
};
const LI: DeskPerson = { ...ZHANG, id: 502, name: '李四', company: '华东会展研究院', status: 0, statusLabel: '待审核', badgeNo: 'CH20261208000502', seat: null };

/** The desk's search, check-in by hand and approval, over two attendees; every call is kept. */
function installDeskBackend() {
  installGateBackend();
  const people = new Map([ZHANG, LI].map((p) => [p.id, { ...p }]));
  const calls: Array<{ what: string; params: Record<string, string> }> = [];
  server.use(
    mock(deskSearch, ({ params }) => {
      calls.push({ what: 'search', params });
      const k = params.keyword.toLowerCase();
      return [...people.values()].filter((p) => p.name.includes(k) || (k === 'zs' && p.name === '张三') || (k === 'ls' && p.name === '李四'));
    }),
    mock(deskCheckin, ({ params }) => {
      calls.push({ what: 'checkin', params });
      const p = people.get(Number(params.personId))!;
      p.checkedInAt = '2026-12-08 09:20:00';
      const scan: GateScanResult = {
        verdict: 'ok',
        gateId: 1,
        gateName: '南登录厅1号',
        direction: 1,
        person: { name: p.name, company: p.company, kind: p.kind, kindLabel: p.kindLabel, badgeNo: p.badgeNo, seat: p.seat },
        checkedAt: p.checkedInAt,
        checkedGateName: '南登录厅1号',
        todayCount: null,
        warning: null,
      };
      return answer(deskCheckin, { scan, person: p }, '人工签到成功');
    }),
    mock(deskApprove, ({ params }) => {
      calls.push({ what: 'approve', params });
      const p = people.get(Number(params.personId))!;
      Object.assign(p, { status: 1, statusLabel: '已通过' });
      return answer(deskApprove, p, '已审核通过');
    }),
  );
  return { calls };
}

/** The demo fixture has menus only; the desk's buttons follow these action authorities. */
const grant = (...authorities: string[]) => act(() => useSession.setState((s) => ({ authorities: [...s.authorities, ...authorities] })));

describe('签到台 finds people', () => {
  it('finds an attendee by name as it is typed, shows the card and checks them in by hand with a reason', async () => {
    const { calls } = installDeskBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await user.type(codeInput(), '张三');
    const found = await screen.findByTestId('desk-person-card');
    expect(found).toHaveTextContent('张三');
    expect(found).toHaveTextContent('已通过');
    expect(found).toHaveTextContent('嘉宾');
    expect(found).toHaveTextContent('未签到');
    expect(found).toHaveTextContent('座位：主会场 A区 3排12号');
    expect(found).toHaveTextContent('139****8888');
    expect(calls.filter((c) => c.what === 'search').at(-1)?.params).toEqual({ gateId: '1', keyword: '张三' });

    await user.click(within(found).getByRole('button', { name: /签到/ }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: /确认签到/ });
    // No reason, no check-in.
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByText('忘带二维码'));
    await user.click(confirm);
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(within(verdict()).getByText('人工签到成功')).toBeInTheDocument();
    expect(within(verdict()).getByText('张三')).toBeInTheDocument();
    expect(calls.find((c) => c.what === 'checkin')?.params).toEqual({ gateId: '1', personId: '501', reason: '忘带二维码' });
    await waitFor(() => expect(screen.getByTestId('desk-person-card')).toHaveTextContent('已签到 12-08 09:20'));
    expect(within(screen.getByTestId('desk-person-card')).getByRole('button', { name: /签到/ })).toBeDisabled();
    expect(within(statistic('今日本闸机入场')).getByText('42')).toBeInTheDocument();
    expect(screen.getByTestId('desk-tally')).toHaveTextContent('通过 1');
  });

  it('searches typed words on Enter (a badge number is not sent as a scan), and scans a personal code', async () => {
    const { calls } = installDeskBackend();
    const { scans } = installGateBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await scan('zs');
    expect(await screen.findByTestId('desk-person-card')).toHaveTextContent('张三');
    expect(codeInput()).toHaveValue('zs');
    expect(scans).toEqual([]);
    await user.clear(codeInput());
    await scan('CODEAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-tone', 'ok'));
    expect(scans.map((s) => s.code)).toEqual(['CODEAAAAAAAAAAAAAAAAAA']);
    // The scan put the search away.
    expect(screen.queryByTestId('desk-results')).not.toBeInTheDocument();
    expect(calls.every((c) => c.what === 'search')).toBe(true);
  });

  it('approves a pending attendee on the spot only for who may approve', async () => {
    const { calls } = installDeskBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    grant('ACTION_gate_gate_scan', 'ACTION_person_person_status');
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await scan('ls');
    const pending = await screen.findByTestId('desk-person-card');
    expect(pending).toHaveTextContent('待审核');
    expect(within(pending).getByRole('button', { name: /签到/ })).toBeDisabled();
    await user.click(within(pending).getByRole('button', { name: /审核通过/ }));
    await waitFor(() => expect(screen.getByTestId('desk-person-card')).toHaveTextContent('已通过'));
    expect(calls.find((c) => c.what === 'approve')?.params).toEqual({ gateId: '1', personId: '502' });
    expect(within(screen.getByTestId('desk-person-card')).getByRole('button', { name: /签到/ })).toBeEnabled();
  });

  it('offers no approval without the authority', async () => {
    installDeskBackend();
    storage.set(DESK_GATE_KEY, 1);
    renderPage(GateDeskPage, { path: '/gate/desk/index' });
    grant('ACTION_gate_gate_scan');
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await scan('ls');
    const pending = await screen.findByTestId('desk-person-card');
    expect(within(pending).queryByRole('button', { name: /审核通过/ })).not.toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /签到/ })).toHaveAttribute('title', '尚未审核通过，请联系有审核权限的人员');
  });
});
