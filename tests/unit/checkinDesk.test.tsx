import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GateDeskPage from '../../src/features/meeting/pages/gate/desk/index';
import { DESK_GATE_KEY } from '../../src/features/meeting/desk/deskSession';
import { storage } from '../../src/lib/storage';
import { deskGates, gateScan, type DeskGate, type GateScanResult } from '@domain/meeting/gateScan.contracts';
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
}
const ATTENDEES: Record<string, Attendee> = {
  CODEAAAAAAAAAAAAAAAAAA: { name: '张伟', company: '上海城建信息科技有限公司', status: 'approved' },
  CODEBBBBBBBBBBBBBBBBBB: { name: '李娜', company: '杭州云启数据有限公司', status: 'approved' },
  CODECCCCCCCCCCCCCCCCCC: { name: '王芳', company: '苏州瑞达会展有限公司', status: 'cancelled' },
};

function installGateBackend(options: { scanDelayMs?: number } = {}) {
  const scans: Array<Record<string, string>> = [];
  const passes = new Map<string, { gate: string; at: string }>();
  const today = new Map(GATES.map((g) => [g.id, g.todayCount]));
  server.use(
    mock(deskGates, () => GATES),
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
        person: who ? { name: who.name, company: who.company, kind: 1, kindLabel: '观众', badgeNo: `CH${params.code.slice(4, 8)}` } : null,
        checkedAt: null,
        checkedGateName: null,
        todayCount: today.get(gate.id)!,
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
      return answer(gateScan, { ...base, checkedAt: at, checkedGateName: gate.name, todayCount: today.get(gate.id)! }, '签到成功');
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

    await scan('not-a-code');
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
      'not-a-code无效二维码',
      '王芳已取消登记',
      '张伟重复',
      '张伟通过',
    ]);
    expect(scans.map((s) => s.gateId)).toEqual(['1', '1', '1', '1']);
  });

  it('sends a scan once however fast Enter is pressed, and queues a different code scanned meanwhile', async () => {
    const { scans } = installGateBackend({ scanDelayMs: 150 });
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
