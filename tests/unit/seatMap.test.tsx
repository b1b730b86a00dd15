import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { SeatMapView } from '../../src/features/meeting/seats/SeatMapView';
import { prefetchSeatMap, SEAT_MAP_URL } from '../../src/features/meeting/seats/earlyMap';
import { earlyDataLoader } from '../../src/router/earlyData';
import {
  columnCount,
  countsOf,
  neighbour,
  nextFreeRow,
  replaceSeat,
  rowsOf,
  seatAriaLabel,
  seatedPersons,
} from '../../src/features/meeting/seats/seatLayout';
import { seatAssign, seatAutoApply, seatAutoPreview, seatAutoUndo, seatGenerate, seatMap, type SeatAutoRun, type SeatCell } from '@domain/meeting/seatMap.contracts';
import { useSession } from '../../src/stores/session';
import { PERSON_KIND_COLORS } from '../../src/features/meeting/seats/personKindColors';
import { contrastRatio } from '../../src/app/theme';
import { PERSON_KINDS } from '@domain/meeting/resources';
import { user } from '../mocks/app';
import { answer, mock, refusal } from '../mocks/contract';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

const cell = (id: number, rowNo: number, seatNo: number, extra: Partial<SeatCell> = {}): SeatCell => ({
  id,
  rowNo,
  seatNo,
  area: 'A区',
  kind: 1,
  state: 0,
  personId: null,
  personName: null,
  personKind: null,
  ...extra,
});


/** The toast (antd message) shows `text`; the page's live region repeats it for screen readers, hence not findByText. */
const toastSays = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent?.trim())).toContain(text));
describe('seat layout', () => {
  const seats = [cell(1, 1, 1), cell(2, 1, 2), cell(3, 1, 3), cell(4, 2, 1), cell(5, 2, 3, { state: 1, personId: 9, personName: '张三' }), cell(6, 3, 2, { state: 2 })];

  it('groups seats into rows and counts them by state', () => {
    const rows = rowsOf(seats);
    expect(rows.map((r) => [r.rowNo, r.seats.map((s) => s.seatNo)])).toEqual([
      [1, [1, 2, 3]],
      [2, [1, 3]],
      [3, [2]],
    ]);
    expect(columnCount(rows)).toBe(3);
    expect(countsOf(rows)).toEqual({ total: 6, assigned: 1, free: 4, reserved: 1 });
    expect(nextFreeRow(rows)).toBe(4);
    expect(nextFreeRow([])).toBe(1);
    expect(seatedPersons(rows)).toEqual(new Map([[9, 'A区 2排3号']]));
  });

  it('gives every 人员类别 a colour a seat shows against the page and a free seat (≥ 3:1), no two alike', () => {
    for (const k of PERSON_KINDS) expect(contrastRatio(PERSON_KIND_COLORS[k.key!], '#ffffff'), k.label).toBeGreaterThanOrEqual(3);
    expect(new Set(PERSON_KINDS.map((k) => PERSON_KIND_COLORS[k.key!])).size).toBe(PERSON_KINDS.length);
  });

  it('names a seat as a screen reader should say it', () => {
    expect(seatAriaLabel(cell(1, 3, 12, { state: 1, personName: '张三' }))).toBe('A区 3排12号 已分配 张三');
    expect(seatAriaLabel(cell(1, 3, 12, { state: 1, personName: '张三', personKind: 2 }))).toBe('A区 3排12号 已分配 张三 嘉宾');
    expect(seatAriaLabel(cell(1, 3, 12, { area: null, kind: 2 }))).toBe('3排12号 贵宾 空闲');
    expect(seatAriaLabel(cell(1, 1, 1, { kind: 3, state: 2 }))).toBe('A区 1排1号 媒体 保留');
  });

  it('moves along a row and to the nearest number of the next row', () => {
    const rows = rowsOf(seats);
    expect(neighbour(rows, 2, 'right')).toBe(3);
    expect(neighbour(rows, 3, 'right')).toBeNull();
    expect(neighbour(rows, 1, 'left')).toBeNull();
    expect(neighbour(rows, 2, 'down')).toBe(4); // row 2 has 1 and 3: nearest to 2 is the first found, 1
    expect(neighbour(rows, 3, 'down')).toBe(5);
    expect(neighbour(rows, 5, 'down')).toBe(6);
    expect(neighbour(rows, 1, 'up')).toBeNull();
    expect(neighbour(rows, 5, 'home')).toBe(4);
    expect(neighbour(rows, 1, 'end')).toBe(3);
  });

  it('replaces one seat and keeps every other row as it was', () => {
    const rows = rowsOf(seats);
    const next = replaceSeat(rows, cell(2, 1, 2, { state: 1, personId: 7, personName: '李四' }));
    expect(next[0]).not.toBe(rows[0]);
    expect(next[0].seats[1].personName).toBe('李四');
    expect(next[1]).toBe(rows[1]);
    expect(next[2]).toBe(rows[2]);
  });
});

// ------------------------------------------------------------------------------------------------

const PERSONS = [
  { id: 11, name: '王芳', mobile: '13800000011', company: '上海智联城科技' },
  { id: 12, name: '王磊', mobile: '13800000012', company: '杭州云栖数据' },
  { id: 13, name: '赵敏', mobile: '13800000013', company: null },
];
const personName = (id: number) => PERSONS.find((p) => p.id === id)!.name;

interface Calls {
  map: Array<Record<string, string>>;
  assign: Array<Record<string, string>>;
  generate: Array<Record<string, string>>;
  persons: Array<Record<string, string>>;
}
const calls: Calls = { map: [], assign: [], generate: [], persons: [] };
const autoCalls: Record<'preview' | 'apply' | 'undo', Array<Record<string, string>>> = { preview: [], apply: [], undo: [] };
/** The hall's last automatic seating as the map answers it. */
let lastRun: SeatAutoRun | null = null;
let halls: Map<string, SeatCell[]>;
/** The organiser's 展馆: the seat map names them by id. */
const ORG_HALLS = [
  { id: 1, name: '主论坛厅' },
  { id: 2, name: '分论坛A' },
  { id: 3, name: '分论坛B' },
];
const hallIdOf = (name: string) => ORG_HALLS.find((h) => h.name === name)!.id;
const hallNameOf = (id: unknown) => ORG_HALLS.find((h) => String(h.id) === String(id))?.name;

function hallOf(rows: number, perRow: number, firstId: number, kind = 1): SeatCell[] {
  const out: SeatCell[] = [];
  for (let r = 1; r <= rows; r++) for (let s = 1; s <= perRow; s++) out.push(cell(firstId + out.length, r, s, { kind, area: null }));
  return out;
}

function useSeatApi() {
  server.use(
    mock(seatMap, ({ params }) => {
      calls.map.push(params);
      const names = [...halls.keys()].sort();
      const asked = hallNameOf(params.hallId);
      const hall = asked && halls.has(asked) ? asked : (names[0] ?? null);
      // Without an activity the server answers for the caller's first one.
      return {
        activityId: Number(params.activityId ?? 1),
        halls: names.map((h) => ({ hallId: hallIdOf(h), name: h, seats: halls.get(h)!.length })),
        hallId: hall ? hallIdOf(hall) : null,
        seats: hall ? halls.get(hall)! : [],
        lastRun,
      };
    }),
    mock(seatAutoPreview, ({ params }) => {
      autoCalls.preview.push(params);
      return {
        candidates: 3,
        seated: 2,
        unseated: 1,
        alreadySeated: 1,
        skipped: 0,
        freeSeats: 2,
        placements: [
          { seatId: 2, personId: 11, personName: '王芳', personKind: 2, company: '上海智联城科技' },
          { seatId: 5, personId: 12, personName: '王磊', personKind: 2, company: null },
        ],
        unseatedNames: ['李雷'],
        token: 'tok1',
      };
    }),
    mock(seatAutoApply, ({ params }) => {
      autoCalls.apply.push(params);
      const seats = halls.get('主论坛厅')!;
      for (const [id, personId] of [[2, 11], [5, 12]]) {
        const i = seats.findIndex((x) => x.id === id);
        seats[i] = { ...seats[i], personId, personName: personName(personId), state: 1 };
      }
      lastRun = { runId: 7, seats: 2, at: '2026-11-26T10:00:00.000Z', by: '演示管理员' };
      return answer(seatAutoApply, { runId: 7, seated: 2, unseated: 1 }, '已在主论坛厅自动安排 2 个座位，1 人因座位不足未安排');
    }),
    mock(seatAutoUndo, ({ params }) => {
      autoCalls.undo.push(params);
      lastRun = null;
      return answer(seatAutoUndo, { released: 2 }, '已撤销上次自动排座，释放 2 个座位');
    }),
    http.get(API('/hall/hall/list'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: ORG_HALLS })),
    http.get(API('/person/person/list'), async ({ request }) => {
      const params = await receivedParams(request);
      calls.persons.push(params);
      const data = PERSONS.filter((p) => (!params.keyword || p.name.includes(params.keyword)) && (!params.mobile || p.mobile.includes(params.mobile)));
      return HttpResponse.json({ code: 0, msg: '操作成功', data });
    }),
    mock(seatAssign, ({ params }) => {
      calls.assign.push(params);
      for (const seats of halls.values()) {
        const i = seats.findIndex((s) => s.id === Number(params.id));
        if (i < 0) continue;
        const personId = params.personId ? Number(params.personId) : null;
        if (personId !== null && seats.some((s) => s.personId === personId)) {
          return HttpResponse.json({ code: 1, msg: '提交的数据有误：「就座人员」该人员在这个会场已有座位', data: { errors: [{ field: 'personId', msg: '该人员在这个会场已有座位' }] } });
        }
        seats[i] = { ...seats[i], personId, personName: personId ? personName(personId) : null, state: personId ? 1 : 0 };
        return answer(seatAssign, seats[i], personId ? `已将${seats[i].rowNo}排${seats[i].seatNo}号分配给${personName(personId)}` : '已释放座位');
      }
      return refusal('数据不存在或无权访问');
    }),
    mock(seatGenerate, ({ params }) => {
      calls.generate.push(params);
      const name = hallNameOf(params.hallId)!;
      halls.set(name, hallOf(Number(params.rows), Number(params.seatsPerRow), 10_000, Number(params.kind)));
      const created = Number(params.rows) * Number(params.seatsPerRow);
      return answer(seatGenerate, { hallId: hallIdOf(name), hall: name, created }, `已在${name}生成 ${created} 个座位`);
    }),
  );
}

function renderMap(actions: string[]) {
  useSession.setState({ authorities: ['user', 'MENU_seat_seat', ...actions] });
  render(
    <AppProviders>
      <SeatMapView />
    </AppProviders>,
  );
}

const seatButton = (name: string | RegExp) => screen.getByRole('button', { name });
const count = (key: string) => screen.getByTestId(`seat-count-${key}`).textContent;

describe('SeatMapView', () => {
  beforeEach(() => {
    for (const list of Object.values(calls)) list.length = 0;
    halls = new Map([
      ['主论坛厅', [cell(1, 1, 1), cell(2, 1, 2, { kind: 2 }), cell(3, 1, 3, { state: 2 }), cell(4, 2, 1, { state: 1, personId: 13, personName: '赵敏', personKind: 3 }), cell(5, 2, 2)]],
      ['分论坛B', hallOf(2, 2, 100)],
    ]);
    resetSession();
    signInAs('demo');
    useSeatApi();
  });
  afterEach(() => resetSession());

  it('draws the first hall of the activity as seat buttons with the counts and the legend', async () => {
    renderMap([]);
    expect(await screen.findByRole('group', { name: '主论坛厅座位图' })).toBeInTheDocument();
    // The map does not wait for the list of activities: the server picks the first.
    expect(calls.map[0].activityId).toBeUndefined();
    expect(screen.getByRole('combobox', { name: '活动' }).closest('.ant-select')).toHaveTextContent('开幕式暨主论坛');
    expect(seatButton('A区 1排2号 贵宾 空闲')).toBeInTheDocument();
    expect(seatButton('A区 1排3号 保留')).toHaveClass('zb-seat-s2');
    expect(seatButton('A区 2排1号 已分配 赵敏 演讲嘉宾')).toHaveClass('zb-seat-s1');
    expect(screen.getByText('舞台')).toBeInTheDocument();
    expect(count('total')).toContain('5');
    expect(count('assigned')).toContain('1');
    expect(count('free')).toContain('3');
    expect(count('reserved')).toContain('1');
    // Without 批量生成 there is no such button.
    expect(screen.queryByRole('button', { name: /批量生成/ })).toBeNull();
    // One tab stop for the whole hall: the first seat.
    expect(screen.getAllByRole('button', { name: /排\d+号/ }).filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('colours a taken seat by its sitter\'s category and lists every category in a legend', async () => {
    renderMap([]);
    const seated = await screen.findByRole('button', { name: 'A区 2排1号 已分配 赵敏 演讲嘉宾' });
    expect(seated.style.getPropertyValue('--zb-seat-sitter')).toBe('var(--zb-seat-p3, var(--zb-seat-assigned))');
    // A free seat keeps the free look.
    expect(seatButton('A区 1排1号 空闲').style.getPropertyValue('--zb-seat-sitter')).toBe('');
    const map = seated.closest<HTMLElement>('.zb-seat-map')!;
    expect(map.style.getPropertyValue('--zb-seat-p3')).toBe(PERSON_KIND_COLORS.speaker);
    const legend = screen.getByRole('group', { name: '人员类别图例' });
    expect(within(legend).getAllByText(/./).map((n) => n.textContent)).toEqual(['人员类别：', ...PERSON_KINDS.map((k) => k.label)]);
    for (const k of PERSON_KINDS) {
      const swatch = legend.querySelector<HTMLElement>(`[data-kind="${k.key}"] .zb-seat-swatch`)!;
      expect(swatch.style.getPropertyValue('--zb-seat-sitter')).toBe(PERSON_KIND_COLORS[k.key!]);
    }
  });

  it('finds a seated person by name on the map, rings and opens their seat, without asking the server', async () => {
    renderMap([]);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.type(screen.getByRole('searchbox', { name: '查找人员' }), '赵敏{Enter}');
    await waitFor(() => expect(screen.getByTestId('seat-search-result')).toHaveTextContent('赵敏：A区 2排1号'));
    expect(seatButton(/A区 2排1号 已分配 赵敏/)).toHaveClass('zb-seat-found', 'zb-seat-selected');
    expect(document.querySelector('.zb-seat-panel')).toHaveTextContent('赵敏');
    expect(calls.persons).toHaveLength(0);
  });

  it('finds a seat by mobile number through the person list', async () => {
    renderMap([]);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.type(screen.getByRole('searchbox', { name: '查找人员' }), '13800000013{Enter}');
    await waitFor(() => expect(screen.getByTestId('seat-search-result')).toHaveTextContent('赵敏：A区 2排1号'));
    expect(calls.persons.at(-1)).toMatchObject({ mobile: '13800000013', activityId: '1' });
    expect(calls.persons.at(-1)!.keyword).toBeUndefined();
    expect(seatButton(/A区 2排1号 已分配 赵敏/)).toHaveClass('zb-seat-found');
  });

  it('says 未安排座位 for a person of the activity without a seat here, and 未找到 for nobody', async () => {
    renderMap([]);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    const box = screen.getByRole('searchbox', { name: '查找人员' });
    await user.type(box, '王芳{Enter}');
    await waitFor(() => expect(screen.getByTestId('seat-search-result')).toHaveTextContent('王芳 在主论坛厅未安排座位'));
    expect(document.querySelector('.zb-seat-found')).toBeNull();
    await user.clear(box);
    await user.type(box, '13999999999{Enter}');
    await waitFor(() => expect(screen.getByTestId('seat-search-result')).toHaveTextContent('未找到「13999999999」'));
    expect(document.querySelector('.zb-seat-found')).toBeNull();
  });

  it('draws a map asked for before the view existed, in its first render and without asking again', async () => {
    prefetchSeatMap(useSession.getState().scopeVersion);
    await waitFor(() => expect(calls.map).toHaveLength(1));
    // The answer has arrived (the request went out; msw answers at once): give its promise a turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    renderMap([]);
    expect(screen.getByRole('group', { name: '主论坛厅座位图' })).toBeInTheDocument();
    expect(seatButton('A区 1排1号 空闲')).toBeInTheDocument();
    // Time for a second request to go out, were one asked for; the view settles meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.map).toEqual([{}]);
  });

  it('is asked for by the seat route as soon as it matches, and drawn from that answer; a list link asks nothing early', async () => {
    const loader = earlyDataLoader('/seat/seat/index')!;
    const arrive = (search: string) => {
      const url = new URL(`http://localhost/zbzj/seat/seat/index${search}`);
      return loader({ request: new Request(url), url, pattern: '/seat/seat/index', params: {}, context: undefined });
    };
    expect(await arrive('?hallId=1')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map).toEqual([]);

    // The navigation waits for the answer (up to EARLY_WAIT_MS), so the map is drawn in the first render.
    expect(await arrive('')).toBeNull();
    expect(calls.map).toHaveLength(1);
    renderMap([]);
    expect(screen.getByRole('group', { name: '主论坛厅座位图' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.map).toEqual([{}]);
    // The router names the URL the map reads.
    expect(SEAT_MAP_URL).toBe('/seat/seat/map');
  });

  it('asks again when the early map belongs to a scope the user has left since', async () => {
    prefetchSeatMap(useSession.getState().scopeVersion);
    useSession.getState().bumpScope();
    renderMap([]);
    expect(await screen.findByRole('group', { name: '主论坛厅座位图' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map).toHaveLength(2));
  });

  it('assigns a searched person to a seat and redraws that seat and the counts', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await user.click(await screen.findByRole('button', { name: 'A区 1排1号 空闲' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText('主论坛厅 A区 1排1号')).toBeInTheDocument();
    const picker = within(panel).getByRole('combobox', { name: '选择参会人员' });
    await user.click(picker);
    await user.type(picker, '王');
    await waitFor(() => expect(calls.persons.at(-1)).toMatchObject({ keyword: '王', activityId: '1', status: '1', limit: '20' }));
    await user.click(await screen.findByText('王磊（杭州云栖数据，13800000012）'));
    await user.click(within(panel).getByRole('button', { name: /分配座位/ }));
    await waitFor(() => expect(calls.assign).toEqual([{ id: '1', personId: '12' }]));
    expect(await screen.findByRole('button', { name: 'A区 1排1号 已分配 王磊' })).toHaveClass('zb-seat-s1');
    await toastSays('已将1排1号分配给王磊');
    expect(count('assigned')).toContain('2');
    expect(count('free')).toContain('2');
  });

  it('offers persons already seated in the hall as taken, and frees a seat', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await user.click(await screen.findByRole('button', { name: 'A区 2排1号 已分配 赵敏 演讲嘉宾' }));
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('combobox', { name: '选择参会人员' }));
    const taken = await screen.findByText('赵敏（13800000013） — 已在A区 2排1号');
    expect(taken.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await user.click(within(panel).getByRole('button', { name: /释放座位/ }));
    await waitFor(() => expect(calls.assign).toEqual([{ id: '4', personId: '' }]));
    expect(await screen.findByRole('button', { name: 'A区 2排1号 空闲' })).toBeInTheDocument();
    expect(count('assigned')).toContain('0');
  });

  it('does not offer assignment of a reserved seat, nor any without the authority', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await user.click(await screen.findByRole('button', { name: 'A区 1排3号 保留' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText(/保留座位不能分配/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /分配座位/ })).toBeNull();
  });

  it('shows the seat but no assignment to someone without 分配座位', async () => {
    renderMap([]);
    await user.click(await screen.findByRole('button', { name: 'A区 1排1号 空闲' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText('您没有分配座位的权限。')).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it('moves between seats with the arrow keys and opens one with Enter', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    const first = await screen.findByRole('button', { name: 'A区 1排1号 空闲' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(seatButton('A区 1排2号 贵宾 空闲')).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(seatButton('A区 2排2号 空闲')).toHaveFocus();
    expect(seatButton('A区 2排2号 空闲').tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('主论坛厅 A区 2排2号')).toBeInTheDocument();
  });

  it('switches halls', async () => {
    renderMap([]);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.click(screen.getByRole('combobox', { name: '会场' }));
    await user.click(await screen.findByText('分论坛B（4 座）'));
    expect(await screen.findByRole('group', { name: '分论坛B座位图' })).toBeInTheDocument();
    expect(calls.map.at(-1)).toMatchObject({ hallId: '3' });
    expect(screen.getAllByRole('button', { name: /^\d排\d号 空闲$/ })).toHaveLength(4);
  });

  it('generates a new hall after confirmation and shows it', async () => {
    renderMap(['ACTION_seat_seat_generate']);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.click(screen.getByRole('button', { name: /批量生成/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('批量生成座位')).toBeInTheDocument();
    // A hall of the organiser's 展馆, with or without seats in the activity yet.
    await user.click(within(dialog).getByRole('combobox', { name: '会场' }));
    expect(await screen.findByTitle('分论坛B（已有 4 座）')).toBeInTheDocument();
    await user.click(await screen.findByTitle('分论坛A'));
    const rows = within(dialog).getByRole('spinbutton', { name: '排数' });
    await user.clear(rows);
    await user.type(rows, '5');
    const perRow = within(dialog).getByRole('spinbutton', { name: '每排座位数' });
    await user.clear(perRow);
    await user.type(perRow, '8');
    // The summary follows the form's watched values, which settle a render after the last keystroke.
    await waitFor(() => expect(dialog).toHaveTextContent('共 40 个座位。'));
    await user.click(within(dialog).getByRole('button', { name: /生\s*成/ }));
    const confirm = await screen.findByText(/将在「分论坛A」生成 40 个普通座位：第 1–5 排，每排 1–8 号/);
    expect(calls.generate).toHaveLength(0);
    await user.click(within(confirm.closest('.ant-modal-container, .ant-modal-content')! as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.generate).toEqual([{ activityId: '1', hallId: '2', rows: '5', seatsPerRow: '8', kind: '1', startRow: '1' }]));
    expect(await screen.findByRole('group', { name: '分论坛A座位图' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\d排\d号 空闲$/ })).toHaveLength(40);
    await toastSays('已在分论坛A生成 40 个座位');
  });

  it('points to 展馆 when the organiser has no hall to generate seats in', async () => {
    server.use(http.get(API('/hall/hall/list'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [] })));
    useSession.setState({ authorities: ['user', 'MENU_seat_seat', 'ACTION_seat_seat_generate'] });
    // In the app the map sits inside the router, which the link needs.
    render(
      <AppProviders>
        <MemoryRouter>
          <SeatMapView />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.click(screen.getByRole('button', { name: /批量生成/ }));
    const hint = await screen.findByTestId('seat-generate-no-halls');
    expect(hint).toHaveTextContent('还没有展馆');
    expect(within(hint).getByRole('link', { name: '「展馆」' }).getAttribute('href')).toMatch(/\/hall\/hall\/index$/);
  });
});

describe('自动排座', () => {
  beforeEach(() => {
    for (const list of [...Object.values(calls), ...Object.values(autoCalls)]) list.length = 0;
    lastRun = null;
    halls = new Map([['主论坛厅', [cell(1, 1, 1), cell(2, 1, 2, { kind: 2 }), cell(3, 1, 3, { state: 2 }), cell(4, 2, 1, { state: 1, personId: 13, personName: '赵敏' }), cell(5, 2, 2)]]]);
    resetSession();
    signInAs('demo');
    useSeatApi();
  });
  afterEach(() => resetSession());

  it('previews the proposal on the map without saving it, then saves exactly that proposal', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.click(screen.getByRole('button', { name: /自动排座/ }));
    const dialog = (await screen.findByText('自动排座：主论坛厅')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('radio', { name: '按人员类别' }));
    // Nothing to preview until a category is chosen.
    expect(within(dialog).getByRole('button', { name: /预\s*览/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: '人员类别' }));
    await user.click(await screen.findByTitle('嘉宾'));
    // 观众 one place up: before 展商人员.
    await user.click(within(dialog).getByRole('button', { name: '观众上移' }));
    await user.click(within(dialog).getByRole('button', { name: /预\s*览/ }));
    await waitFor(() => expect(autoCalls.preview).toEqual([{ activityId: '1', hallId: '1', scope: 'kinds', kinds: '2', order: '3,2,4,1,5,6' }]));

    const summary = await screen.findByText('预览：将安排 2 人，1 人因座位不足未安排');
    expect(screen.getByTestId('seat-auto-summary')).toHaveTextContent('未安排：李雷');
    expect(summary).toBeInTheDocument();
    expect(seatButton('A区 1排2号 贵宾 空闲 拟分配 王芳')).toHaveClass('zb-seat-proposed');
    expect(seatButton('A区 2排2号 空闲 拟分配 王磊')).toHaveClass('zb-seat-proposed');
    expect(seatButton('A区 1排1号 空闲')).not.toHaveClass('zb-seat-proposed');
    // Still free: the preview saved nothing.
    expect(count('assigned')).toContain('1');
    expect(autoCalls.apply).toEqual([]);

    await user.click(screen.getByRole('button', { name: /保存排座/ }));
    await waitFor(() => expect(autoCalls.apply).toEqual([{ activityId: '1', hallId: '1', scope: 'kinds', kinds: '2', order: '3,2,4,1,5,6', token: 'tok1' }]));
    await toastSays('已在主论坛厅自动安排 2 个座位，1 人因座位不足未安排');
    expect(await screen.findByRole('button', { name: 'A区 1排2号 贵宾 已分配 王芳' })).toBeInTheDocument();
    expect(screen.queryByText(/^预览：/)).toBeNull();
    expect(count('assigned')).toContain('3');
    expect(screen.getByRole('button', { name: /撤销自动排座/ })).toBeInTheDocument();
  });

  it('drops a preview on 取消预览 and saves nothing', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    await user.click(screen.getByRole('button', { name: /自动排座/ }));
    const dialog = (await screen.findByText('自动排座：主论坛厅')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /预\s*览/ }));
    await user.click(await screen.findByRole('button', { name: /取消预览/ }));
    expect(screen.queryByText(/^预览：/)).toBeNull();
    expect(document.querySelectorAll('.zb-seat-proposed')).toHaveLength(0);
    expect(autoCalls.preview[0]).toMatchObject({ scope: 'all', order: '3,2,4,5,1,6' });
    expect(autoCalls.apply).toEqual([]);
  });

  it('undoes the last run after confirmation', async () => {
    lastRun = { runId: 7, seats: 2, at: '2026-11-26T10:00:00.000Z', by: '演示管理员' };
    renderMap(['ACTION_seat_seat_assign']);
    await user.click(await screen.findByRole('button', { name: /撤销自动排座/ }));
    const confirm = await screen.findByText(/将释放演示管理员于2026-11-2\d \d\d:00:00 自动安排的 2 个座位/);
    expect(autoCalls.undo).toEqual([]);
    await user.click(within(confirm.closest('.ant-modal-container, .ant-modal-content')! as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(autoCalls.undo).toEqual([{ activityId: '1', hallId: '1' }]));
    await toastSays('已撤销上次自动排座，释放 2 个座位');
    await waitFor(() => expect(screen.queryByRole('button', { name: /撤销自动排座/ })).toBeNull());
  });

  it('shows no automatic seating without 分配座位', async () => {
    lastRun = { runId: 7, seats: 2, at: '2026-11-26T10:00:00.000Z', by: null };
    renderMap([]);
    await screen.findByRole('group', { name: '主论坛厅座位图' });
    expect(screen.queryByRole('button', { name: /自动排座/ })).toBeNull();
  });

  it('opens the seat panel beside the map, not over it', async () => {
    renderMap(['ACTION_seat_seat_assign']);
    await user.click(await screen.findByRole('button', { name: 'A区 1排1号 空闲' }));
    const panel = await screen.findByRole('dialog', { name: '主论坛厅 A区 1排1号' });
    // A column of the same row as the map's scroll area, not a layer of its own.
    expect(panel.parentElement).toHaveClass('zb-seat-body');
    expect(panel.parentElement!.querySelector('.zb-seat-scroll')).not.toBeNull();
    await user.click(within(panel).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
