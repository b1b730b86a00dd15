import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { forgetScopeOptions } from '../../src/components/resource/resourceApi';
import { ScheduleTimeline } from '../../src/features/meeting/schedule/ScheduleTimeline';
import {
  axisFor,
  DEFAULT_AXIS,
  hallsOf,
  hourMarks,
  initialDay,
  layoutDay,
  MAX_ACTIVITY_DAYS,
  minutesOf,
  slotAt,
  timelineDays,
  type TimedSession,
  type TimelineHall,
} from '../../src/features/meeting/schedule/timelineLayout';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** Halls (展馆) by name, numbered as first named. */
const hallIds = new Map<string, number>();
const hallIdOf = (name: string) => hallIds.get(name) ?? hallIds.set(name, hallIds.size + 1).get(name)!;
const columns = (...names: string[]): TimelineHall[] => names.map((name) => ({ id: hallIdOf(name), name }));
const at = (id: number, hall: string, startTime: string, endTime: string, day = '2026-12-20'): TimedSession => ({
  id,
  day,
  hallId: hallIdOf(hall),
  hallName: hall,
  startTime,
  endTime,
});

describe('timeline layout', () => {
  it('reads times of day and refuses anything else', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('23:59:00')).toBe(1439);
    expect(minutesOf('24:00')).toBeNull();
    expect(minutesOf('9:30')).toBeNull();
    expect(minutesOf(null)).toBeNull();
  });

  it('shows 08:00–20:00 at least, widened to whole hours around early and late sessions', () => {
    expect(axisFor([])).toEqual(DEFAULT_AXIS);
    expect(axisFor([at(1, 'A', '09:00', '10:00')])).toEqual({ start: 480, end: 1200 });
    expect(axisFor([at(1, 'A', '07:15', '08:00'), at(2, 'B', '19:30', '21:10')])).toEqual({ start: 420, end: 1320 });
    expect(hourMarks({ start: 420, end: 600 })).toEqual([420, 480, 540, 600]);
  });

  it('offers the days with sessions and the activity’s own days, in order and once each', () => {
    expect(timelineDays(['2026-12-21', '2026-12-20', '2026-12-21'])).toEqual(['2026-12-20', '2026-12-21']);
    expect(timelineDays(['2026-12-24'], { srq: '2026-12-20', erq: '2026-12-22' })).toEqual(['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-24']);
    // Across the month's end, and a one-day activity without an end.
    expect(timelineDays([], { srq: '2026-12-31', erq: '2027-01-01' })).toEqual(['2026-12-31', '2027-01-01']);
    expect(timelineDays([], { srq: '2026-12-20', erq: null })).toEqual(['2026-12-20']);
    // A months-long exhibition offers its first days, not a hundred buttons.
    expect(timelineDays([], { srq: '2026-01-01', erq: '2026-12-31' })).toHaveLength(MAX_ACTIVITY_DAYS);
  });

  it('opens on today when it is a choice, else on the first day with sessions', () => {
    const days = ['2026-12-19', '2026-12-20', '2026-12-21'];
    expect(initialDay(days, ['2026-12-20'], '2026-12-21')).toBe('2026-12-21');
    expect(initialDay(days, ['2026-12-20'], '2027-01-05')).toBe('2026-12-20');
    expect(initialDay(days, [], '2027-01-05')).toBe('2026-12-19');
    expect(initialDay([], [], '2027-01-05')).toBeNull();
  });

  it('orders the halls by when they open over all days, the same columns every day', () => {
    const sessions = [at(1, '分论坛B', '13:00', '14:00'), at(2, '主论坛厅', '09:00', '10:00'), at(3, '分论坛A', '13:00', '15:00'), at(4, '分论坛C', '08:00', '09:00', '2026-12-21')];
    expect(hallsOf(sessions)).toEqual(columns('主论坛厅', '分论坛A', '分论坛B', '分论坛C'));
  });

  it('places a session from its start to its end in its hall’s column', () => {
    const blocks = layoutDay([at(1, '主论坛厅', '09:00', '10:30'), at(2, '分论坛A', '08:00', '08:05')], columns('主论坛厅', '分论坛A'), DEFAULT_AXIS, 1.2);
    const byId = new Map(blocks.map((b) => [b.session.id, b]));
    expect(byId.get(1)).toMatchObject({ column: 0, top: 72, height: 108, lane: 0, lanes: 1, overlaps: false });
    // Five minutes still get a readable block.
    expect(byId.get(2)).toMatchObject({ column: 1, top: 0, height: 24 });
  });

  it('puts overlapping sessions of one hall side by side, and leaves the others full width', () => {
    const blocks = layoutDay(
      [at(1, 'A', '09:00', '10:00'), at(2, 'A', '09:30', '10:30'), at(3, 'A', '10:00', '11:00'), at(4, 'A', '11:00', '12:00'), at(5, 'B', '09:00', '10:00')],
      columns('A', 'B'),
      DEFAULT_AXIS,
      1,
    );
    const lanes = Object.fromEntries(blocks.map((b) => [b.session.id, [b.lane, b.lanes, b.overlaps]]));
    expect(lanes).toEqual({
      1: [0, 2, true],
      2: [1, 2, true],
      // Starts when the first ends: back in the first lane, still beside the second.
      3: [0, 2, true],
      4: [0, 1, false],
      5: [0, 1, false],
    });
  });

  it('leaves out halls that are not columns and sessions without a readable time', () => {
    expect(layoutDay([at(1, 'X', '09:00', '10:00'), at(2, 'A', 'bad', '10:00')], columns('A'), DEFAULT_AXIS, 1)).toEqual([]);
  });

  it('proposes the half hour under the pointer, an hour long, within the axis', () => {
    expect(slotAt(0, DEFAULT_AXIS, 1.2)).toEqual({ startTime: '08:00', endTime: '09:00' });
    // 80 minutes below 08:00 is 09:20: the slot of 09:00.
    expect(slotAt(96, DEFAULT_AXIS, 1.2)).toEqual({ startTime: '09:00', endTime: '10:00' });
    expect(slotAt(10_000, DEFAULT_AXIS, 1.2)).toEqual({ startTime: '19:30', endTime: '20:30' });
    expect(slotAt(10_000, { start: 0, end: 1440 }, 1)).toEqual({ startTime: '23:30', endTime: '23:59' });
  });
});

// ---------------------------------------------------------------------------------------------
// The timeline against msw
// ---------------------------------------------------------------------------------------------

const ACTIVITY = { id: 7, name: '智慧城市峰会', cnfId: 3, projectName: '2026中国国际智慧城市博览会' };
const SESSION = {
  activityId: 7,
  cnfId: 3,
  activityName: ACTIVITY.name,
  projectName: ACTIVITY.projectName,
  capacity: 300,
  remark: null,
  speakerNames: ['王明', '李华'],
};
const SESSIONS = [
  { ...SESSION, id: 1, title: '开幕式', day: '2026-12-20', hallId: 1, hallName: '主论坛厅', startTime: '09:00', endTime: '10:00', host: '陈静', speakerIds: [11, 12] },
  { ...SESSION, id: 2, title: '城市数据治理', day: '2026-12-20', hallId: 2, hallName: '分论坛A', startTime: '13:30', endTime: '15:00', host: null, speakerIds: [] },
  { ...SESSION, id: 3, title: '闭幕式', day: '2026-12-21', hallId: 1, hallName: '主论坛厅', startTime: '16:00', endTime: '17:00', host: '陈静', speakerIds: [11] },
];

const pageCalls: Array<Record<string, string>> = [];

function useScheduleApi(options: { failPages?: number } = {}) {
  let failures = options.failPages ?? 0;
  server.use(
    http.get(API('/business/activityOptions'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [ACTIVITY] })),
    http.get(API('/schedule/schedule/page'), async ({ request }) => {
      pageCalls.push(await receivedParams(request));
      if (failures > 0) {
        failures--;
        return HttpResponse.json({ code: 500, msg: '服务器开小差了', data: null }, { status: 500 });
      }
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: SESSIONS.length, records: SESSIONS } });
    }),
    http.get(API('/yx/sysActivity/info'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { id: 7, srq: '2026-12-19', erq: '2026-12-21' } })),
    http.get(API('/schedule/schedule/info'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      return HttpResponse.json({ code: 0, msg: '操作成功', data: SESSIONS.find((s) => s.id === id) });
    }),
    http.get(API('/person/person/list'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [] })),
    http.get(API('/hall/hall/list'), () =>
      HttpResponse.json({
        code: 0,
        msg: '操作成功',
        data: [
          { id: 1, name: '主论坛厅' },
          { id: 2, name: '分论坛A' },
        ],
      }),
    ),
  );
}

function renderTimeline(authorities: string[]) {
  useSession.setState({ authorities: ['user', 'MENU_schedule_schedule', 'MENU_yx_sysActivity', ...authorities] });
  render(
    <AppProviders>
      <ScheduleTimeline />
    </AppProviders>,
  );
}

const column = (hall: string) => document.querySelector(`[data-hall="${hall}"]`) as HTMLElement;

describe('ScheduleTimeline', () => {
  beforeEach(() => {
    pageCalls.length = 0;
    // The activity a person picked is remembered in local storage: each case starts without one.
    localStorage.clear();
    forgetScopeOptions();
    resetSession();
    signInAs('demo');
  });
  afterEach(() => resetSession());

  it('shows the activity’s sessions of the first day with sessions, by hall, and the other days to pick', async () => {
    useScheduleApi();
    renderTimeline([]);
    expect(await screen.findByText('开幕式')).toBeInTheDocument();
    expect(pageCalls[0]).toMatchObject({ activityId: '7', limit: '100', page: '1', sort: 'day', order: 'asc' });
    expect(within(column('主论坛厅')).getByText('开幕式')).toBeInTheDocument();
    expect(within(column('主论坛厅')).getByText('主持：陈静')).toBeInTheDocument();
    expect(within(column('主论坛厅')).getByText('演讲嘉宾 2 人')).toBeInTheDocument();
    expect(within(column('分论坛A')).getByText('城市数据治理')).toBeInTheDocument();
    expect(within(column('分论坛A')).getByText('13:30–15:00')).toBeInTheDocument();
    expect(screen.queryByText('闭幕式')).toBeNull();
    // The activity's first day has no sessions but is still a choice.
    expect(screen.getByText('12月19日 周六（0）')).toBeInTheDocument();
    await user.click(screen.getByText('12月21日 周一（1）'));
    expect(await screen.findByText('闭幕式')).toBeInTheDocument();
    expect(screen.queryByText('开幕式')).toBeNull();
    // Without the right to edit or add, neither blocks nor slots open a form.
    await user.click(screen.getByText('闭幕式'));
    fireEvent.click(column('分论坛A'), { clientY: 100 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增日程/ })).toBeNull();
  });

  it('opens the edit form from a block and a prefilled create form from an empty slot', async () => {
    useScheduleApi();
    renderTimeline(['ACTION_schedule_schedule_add', 'ACTION_schedule_schedule_edit']);
    await user.click(await screen.findByText('开幕式'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑日程')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('议程名称')).toHaveValue('开幕式'));
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    // 150 px below 08:00 at 1.2 px a minute is 10:05: the 10:00 slot of 分论坛A.
    fireEvent.click(column('分论坛A'), { clientY: 150 });
    dialog = (await screen.findByText('新增日程', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    // The hall (展馆) select shows the column's hall.
    expect(within(dialog).getByLabelText('会场').closest('.ant-select')).toHaveTextContent('分论坛A');
    expect(within(dialog).getByLabelText('日期')).toHaveValue('2026-12-20');
    expect(within(dialog).getByLabelText('开始时间')).toHaveValue('10:00');
    expect(within(dialog).getByLabelText('结束时间')).toHaveValue('11:00');
    expect(within(dialog).getByText(`${ACTIVITY.name}（${ACTIVITY.projectName}）`)).toBeInTheDocument();
  });

  it('among several activities opens the one whose sessions come next, and reads another when picked', async () => {
    const OTHER = { id: 5, name: '专业观众预登记', cnfId: 3, projectName: ACTIVITY.projectName };
    useScheduleApi();
    server.use(
      http.get(API('/business/activityOptions'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [OTHER, ACTIVITY] })),
      http.get(API('/schedule/schedule/page'), async ({ request }) => {
        const params = await receivedParams(request);
        pageCalls.push(params);
        const records = params.activityId === '5' ? [] : params.activityId === '7' || params.dayBegin ? SESSIONS : [];
        return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: records.length, records: records.slice(0, Number(params.limit)) } });
      }),
    );
    renderTimeline([]);
    expect(await screen.findByText('开幕式')).toBeInTheDocument();
    expect(pageCalls[0]).toMatchObject({ limit: '1', sort: 'day', order: 'asc', dayBegin: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(pageCalls.at(-1)).toMatchObject({ activityId: '7' });
    await user.click(screen.getByRole('combobox', { name: '活动' }));
    await user.click(await screen.findByText(`${OTHER.name}（${OTHER.projectName}）`));
    expect(await screen.findByText('本活动还没有日程')).toBeInTheDocument();
    expect(pageCalls.at(-1)).toMatchObject({ activityId: '5' });
  });

  it('offers the days of a long activity in a select instead of a row of buttons', async () => {
    useScheduleApi();
    server.use(http.get(API('/yx/sysActivity/info'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { id: 7, srq: '2026-12-01', erq: '2026-12-21' } })));
    renderTimeline([]);
    expect(await screen.findByText('开幕式')).toBeInTheDocument();
    expect(document.querySelector('.ant-segmented')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: '日期' }));
    await user.click(await screen.findByText('12月21日 周一（1）'));
    expect(await screen.findByText('闭幕式')).toBeInTheDocument();
  });

  it('says when loading failed and reads again on 重试', async () => {
    useScheduleApi({ failPages: 1 });
    renderTimeline([]);
    expect(await screen.findByText('日程加载失败')).toBeInTheDocument();
    expect(screen.queryByText('开幕式')).toBeNull();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('开幕式')).toBeInTheDocument();
  });

  it('invites the first session when the activity has none', async () => {
    useScheduleApi();
    server.use(http.get(API('/schedule/schedule/page'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: { total: 0, records: [] } })));
    renderTimeline(['ACTION_schedule_schedule_add']);
    expect(await screen.findByText('本活动还没有日程')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /新增日程/ }).at(-1)!);
    const dialog = await screen.findByRole('dialog');
    // No session yet: the activity's first day.
    expect(within(dialog).getByLabelText('日期')).toHaveValue('2026-12-19');
  });
});
