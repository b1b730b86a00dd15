import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { OverviewView } from '../../src/features/meeting/overview/OverviewView';
import { registrationsOption, seatsOption, type ChartOption } from '../../src/features/meeting/overview/options';
import {
  approvalStacks,
  dailyRegistrations,
  gateBars,
  hourlyEntries,
  kindSlices,
  percentText,
  seatStacks,
} from '../../src/features/meeting/overview/series';
import { meetingOverview, type MeetingOverview } from '@domain/meeting/overview.contracts';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

// jsdom has no canvas: the chart stands in as its option, so the tests read what would be drawn.
vi.mock('../../src/features/meeting/overview/EChart', () => ({
  default: ({ option, label }: { option: ChartOption; label: string }) => (
    <div role="img" aria-label={label} data-option={JSON.stringify(option)} />
  ),
}));

const PEOPLE = [
  { kind: 1, status: 1, count: 2 },
  { kind: 1, status: 3, count: 1 },
  { kind: 2, status: 0, count: 2 },
  { kind: 3, status: 1, count: 1 },
  { kind: 4, status: 2, count: 1 },
  { kind: 6, status: 1, count: 1 },
];

describe('overview series', () => {
  it('fills the days between registrations with zeros, one series per source, and runs the total', () => {
    const daily = dailyRegistrations([
      { day: '2026-02-27', source: 1, count: 2 },
      { day: '2026-03-01', source: 1, count: 1 },
      { day: '2026-03-01', source: 3, count: 4 },
      { day: '2026-03-02', source: null, count: 1 },
    ]);
    expect(daily.categories).toEqual(['2月27日', '2月28日', '3月1日', '3月2日']);
    expect(daily.series).toEqual([
      { name: '扫码预登记', key: 'qr', data: [2, 0, 1, 0] },
      { name: '后台录入', key: 'staff', data: [0, 0, 4, 0] },
      { name: '未记录来源', key: 'unknown', data: [0, 0, 0, 1] },
    ]);
    expect(daily.cumulative).toEqual([2, 2, 7, 8]);
  });

  it('lists only the days with registrations when they span months', () => {
    const daily = dailyRegistrations([
      { day: '2026-01-01', source: 1, count: 1 },
      { day: '2026-06-01', source: 1, count: 2 },
    ]);
    expect(daily.categories).toEqual(['1月1日', '6月1日']);
    expect(daily.series[0].data).toEqual([1, 2]);
    expect(dailyRegistrations([])).toEqual({ categories: [], series: [], cumulative: [] });
  });

  it('counts kinds over every state, in the definition’s order, leaving out kinds without anyone', () => {
    expect(kindSlices(PEOPLE)).toEqual([
      { name: '观众', value: 3 },
      { name: '嘉宾', value: 2 },
      { name: '演讲嘉宾', value: 1 },
      { name: '媒体', value: 1 },
      { name: '工作人员', value: 1 },
    ]);
  });

  it('stacks the registration states per kind', () => {
    const stacks = approvalStacks(PEOPLE);
    expect(stacks.categories).toEqual(['观众', '嘉宾', '演讲嘉宾', '媒体', '工作人员']);
    expect(stacks.series).toEqual([
      { name: '待审核', key: 'pending', data: [0, 2, 0, 0, 0] },
      { name: '已通过', key: 'approved', data: [2, 0, 1, 0, 1] },
      { name: '未通过', key: 'rejected', data: [0, 0, 0, 1, 0] },
      { name: '已取消', key: 'cancelled', data: [1, 0, 0, 0, 0] },
    ]);
  });

  it('fills the hours between entries, across midnight', () => {
    expect(
      hourlyEntries([
        { hour: '2026-03-06 01', count: 1 },
        { hour: '2026-03-05 22', count: 3 },
      ]),
    ).toEqual({ categories: ['3月5日 22时', '3月5日 23时', '3月6日 00时', '3月6日 01时'], data: [3, 0, 0, 1] });
  });

  it('puts the busiest gate on top and the seat states in a fixed order', () => {
    expect(
      gateBars([
        { gateId: 1, name: '南1号', count: 5 },
        { gateId: 2, name: '北1号', count: 9 },
        { gateId: 3, name: '东1号', count: 0 },
      ]),
    ).toEqual({ categories: ['东1号', '南1号', '北1号'], data: [0, 5, 9] });
    expect(seatStacks([{ hallId: 1, hall: '主论坛厅', assigned: 120, reserved: 10, free: 70 }])).toEqual({
      categories: ['主论坛厅'],
      series: [
        { name: '已分配', key: 'assigned', data: [120] },
        { name: '保留', key: 'reserved', data: [10] },
        { name: '空闲', key: 'free', data: [70] },
      ],
    });
    expect(percentText(0.75)).toBe('75.0%');
    expect(percentText(2 / 3)).toBe('66.7%');
    expect(percentText(0)).toBe('0.0%');
  });

  it('draws sources as stacked columns with the running total on the second axis, seats as stacked bars', () => {
    const option = registrationsOption(dailyRegistrations([{ day: '2026-03-01', source: 2, count: 3 }]));
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: '批量导入', stack: 'day', data: [3] }),
      expect.objectContaining({ type: 'line', name: '累计登记', yAxisIndex: 1, data: [3] }),
    ]);
    const seats = seatsOption(seatStacks([{ hallId: 1, hall: '主论坛厅', assigned: 1, reserved: 2, free: 3 }]));
    expect(seats.yAxis).toMatchObject({ type: 'category', data: ['主论坛厅'] });
    expect((seats.series as Array<{ stack: string; name: string }>).map((s) => [s.stack, s.name])).toEqual([
      ['seat', '已分配'],
      ['seat', '保留'],
      ['seat', '空闲'],
    ]);
  });
});

// ------------------------------------------------------------------------------------------------

const overviewOf = (activityId: number, name: string, extra: Partial<MeetingOverview> = {}): MeetingOverview => ({
  activityId,
  activityName: name,
  projectName: '2026中国国际智慧城市博览会',
  totals: { registered: 8, approved: 4, pending: 2, rejected: 1, cancelled: 1, checkedIn: 3, checkinRate: 0.75 },
  registrationsByDay: [
    { day: '2026-03-01', source: 1, count: 5 },
    { day: '2026-03-02', source: 2, count: 3 },
  ],
  people: PEOPLE,
  checkinsByGate: [{ gateId: 1, name: '南1号', count: 3 }],
  checkinsByHour: [{ hour: '2026-03-05 09', count: 3 }],
  seats: [{ hallId: 1, hall: '主论坛厅', assigned: 2, reserved: 1, free: 3 }],
  ...extra,
});

let calls: Array<Record<string, string>>;
let answer: (params: Record<string, string>) => object;

function useOverviewApi() {
  server.use(
    mock(meetingOverview, ({ params }) => {
      calls.push(params);
      return HttpResponse.json(answer(params));
    }),
  );
}

function renderView() {
  render(
    <AppProviders>
      <OverviewView />
    </AppProviders>,
  );
}

const figure = (key: string) => screen.getByTestId(`overview-${key}`);
const optionOf = (label: string) => JSON.parse(screen.getByRole('img', { name: label }).getAttribute('data-option')!) as ChartOption;

describe('OverviewView', () => {
  beforeEach(() => {
    calls = [];
    answer = (params) => ({
      code: 0,
      msg: '操作成功',
      data: params.activityId === '2' ? overviewOf(2, '专题活动2', { totals: { ...overviewOf(2, '').totals, pending: 0, approved: 6 } }) : overviewOf(1, '开幕式暨主论坛'),
    });
    resetSession();
    signInAs('demo');
    useSession.setState({ authorities: ['user', 'MENU_meeting_overview'] });
    useOverviewApi();
  });
  afterEach(() => resetSession());

  it('opens on the server’s activity with its figures and charts', async () => {
    renderView();
    await waitFor(() => expect(figure('pending')).toHaveTextContent('2'));
    expect(calls[0]).not.toHaveProperty('activityId');
    expect(figure('registered')).toHaveTextContent('8');
    expect(figure('registered')).toHaveTextContent('未通过 1 · 已取消 1');
    expect(figure('approved')).toHaveTextContent('4');
    expect(figure('checkedIn')).toHaveTextContent('3');
    expect(figure('rate')).toHaveTextContent('75.0%');
    expect(screen.getByRole('combobox', { name: '活动' }).closest('.ant-select')).toHaveTextContent('开幕式暨主论坛（2026中国国际智慧城市博览会）');

    const daily = await screen.findByRole('img', { name: '每日登记人数柱状图与累计登记折线' });
    expect(daily).toBeInTheDocument();
    expect(optionOf('每日登记人数柱状图与累计登记折线').xAxis).toMatchObject({ data: ['3月1日', '3月2日'] });
    expect(optionOf('各人员类别登记人数环形图').series).toEqual([expect.objectContaining({ data: expect.arrayContaining([{ name: '观众', value: 3 }]) })]);
    expect(optionOf('各闸机入场人次条形图').series).toEqual([expect.objectContaining({ data: [3] })]);
    expect(optionOf('每小时入场人次柱状图').xAxis).toMatchObject({ data: ['3月5日 09时'] });
    expect(screen.getByRole('img', { name: '各人员类别登记状态堆叠柱状图' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '各会场座位已分配、保留、空闲堆叠条形图' })).toBeInTheDocument();
  });

  it('reads another activity when picked, and 刷新 reads the shown one again', async () => {
    renderView();
    await waitFor(() => expect(figure('pending')).toHaveTextContent('2'));
    await user.click(screen.getByRole('combobox', { name: '活动' }));
    await user.click(await screen.findByText('专题活动2（2026中国国际智慧城市博览会）'));
    await waitFor(() => expect(figure('approved')).toHaveTextContent('6'));
    expect(figure('pending')).toHaveTextContent('0');
    expect(calls.at(-1)).toMatchObject({ activityId: '2' });

    const before = calls.length;
    await user.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)).toMatchObject({ activityId: '2' });
  });

  it('shows empty charts for an activity without rows', async () => {
    answer = () => ({
      code: 0,
      msg: '操作成功',
      data: overviewOf(3, '专题活动3', {
        totals: { registered: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0, checkedIn: 0, checkinRate: 0 },
        registrationsByDay: [],
        people: [],
        checkinsByGate: [],
        checkinsByHour: [],
        seats: [],
      }),
    });
    renderView();
    await waitFor(() => expect(figure('rate')).toHaveTextContent('0.0%'));
    expect(screen.queryAllByRole('img', { name: /图/ })).toHaveLength(0);
    expect(within(screen.getByTestId('chart-daily')).getByText('暂无登记')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-seats')).getByText('暂无座位')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-hourly')).getByText('暂无入场记录')).toBeInTheDocument();
  });

  it('says so when there is no activity to look at', async () => {
    answer = () => ({ code: 0, msg: '操作成功', data: null });
    renderView();
    expect(await screen.findByText('当前没有可查看的活动：请先在顶部切换项目或活动')).toBeInTheDocument();
  });

  it('offers 重试 after a failure and shows the figures once it works', async () => {
    answer = () => ({ code: 1, msg: '活动不存在或无权查看', data: null });
    renderView();
    expect(await screen.findByText('活动概览加载失败')).toBeInTheDocument();
    answer = () => ({ code: 0, msg: '操作成功', data: overviewOf(1, '开幕式暨主论坛') });
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(figure('pending')).toHaveTextContent('2'));
  });
});
