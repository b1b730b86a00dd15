import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseCurrentActivity, currentActivity, type CurrentActivity } from '@domain/projects/scopeOptions.contracts';
import { person, shuttleLine } from '@domain/meeting/resources';
import { AppProviders } from '../../src/app/AppProviders';
import { ResourcePage } from '../../src/components/resource/ResourcePage';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { useSession } from '../../src/stores/session';
import { renderApp, user } from '../mocks/app';
import { answer, mock } from '../mocks/contract';
import { ACCOUNTS, ACTIVITIES } from '../mocks/fixtures';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/**
 * The header's 当前活动 (src/layouts/basic/ActivitySwitcher.tsx, src/stores/currentActivity.ts): the server's
 * default first, then the user's pick, kept on the server; the lists with a 所属活动 narrowed to it.
 */
const TODAY = { id: 1, name: '开幕式暨主论坛', cnfId: 1, projectName: '2026中国国际智慧城市博览会', srq: '2026-12-10', erq: '2026-12-11', when: 'current' as const, choiceDropped: false };

beforeEach(() => {
  resetSession();
  signInAs('demo');
  server.use(mock(currentActivity, () => TODAY));
});
afterEach(() => resetSession());

describe('the header’s current activity', () => {
  it('names the project and the activity the server picks, and switches to another the user picks', async () => {
    renderApp('/yx/sysActivity/index');
    const switcher = await screen.findByTestId('activity-switch');
    expect(switcher).toHaveTextContent('2026中国国际智慧城市博览会');
    expect(switcher).toHaveTextContent('开幕式暨主论坛');

    await user.click(switcher);
    const select = await screen.findByRole('combobox', { name: '选择当前活动' });
    await user.click(select);
    await screen.findByRole('listbox');
    await waitFor(() => expect(within(document.body).getAllByText('专题活动2').length).toBeGreaterThan(0));
    await user.click(document.querySelector('.ant-select-item-option[title="专题活动2"]') ?? screen.getAllByText('专题活动2').at(-1)!);
    await waitFor(() => expect(screen.getByTestId('activity-switch')).toHaveTextContent('专题活动2'));
    expect(useCurrentActivity.getState()).toMatchObject({ activity: { id: 2, name: '专题活动2' }, byDefault: false });
  });
});

/** A server that keeps the user's choice, as server/services/defaultActivity.ts does. */
function serverKeepingTheChoice() {
  const kept: { id: number | null; posted: Array<Record<string, string>> } = { id: null, posted: [] };
  const answerFor = (id: number): CurrentActivity => {
    const a = ACTIVITIES.find((x) => x.id === id)!;
    return { id: a.id, name: a.name, cnfId: a.cnfId, projectName: a.projectName ?? '', srq: a.srq, erq: a.erq, when: 'chosen', choiceDropped: false };
  };
  server.use(
    mock(currentActivity, () => (kept.id === null ? TODAY : answerFor(kept.id))),
    mock(chooseCurrentActivity, ({ params }) => {
      kept.posted.push(params);
      kept.id = Number(params.activityId);
      return answer(chooseCurrentActivity, answerFor(kept.id), '执行成功');
    }),
  );
  return kept;
}

describe('the current activity over a reload', () => {
  it('writes the pick to the server, and a reload (nothing kept in the browser) opens on it', async () => {
    const kept = serverKeepingTheChoice();
    renderApp('/yx/sysActivity/index');
    await user.click(await screen.findByTestId('activity-switch'));
    await user.click(await screen.findByRole('combobox', { name: '选择当前活动' }));
    await screen.findByRole('listbox');
    await waitFor(() => expect(within(document.body).getAllByText('专题活动3').length).toBeGreaterThan(0));
    await user.click(document.querySelector('.ant-select-item-option[title="专题活动3"]') ?? screen.getAllByText('专题活动3').at(-1)!);
    await waitFor(() => expect(screen.getByTestId('activity-switch')).toHaveTextContent('专题活动3'));
    expect(kept.posted).toEqual([{ activityId: '3' }]);

    // A reload: the page's memory is gone, the server still has the choice.
    resetSession();
    signInAs('demo');
    renderApp('/yx/sysActivity/index');
    await waitFor(() => expect(screen.getByTestId('activity-switch')).toHaveTextContent('专题活动3'));
    expect(useCurrentActivity.getState()).toMatchObject({ activity: { id: 3 }, byDefault: false });
  });

  it('says so when the activity chosen before is no longer the user’s, and shows the default', async () => {
    server.use(mock(currentActivity, () => ({ ...TODAY, choiceDropped: true })));
    renderApp('/yx/sysActivity/index');
    expect(await screen.findByText('之前选择的当前活动已不可用（已删除或不再授权），已改用「开幕式暨主论坛」')).toBeInTheDocument();
    expect(screen.getByTestId('activity-switch')).toHaveTextContent('开幕式暨主论坛');
  });
});

describe('a list with a 所属活动 (参会人员)', () => {
  const PEOPLE = [
    { id: 1, name: '张三', activityId: 1, activityName: '开幕式暨主论坛', cnfId: 1, mobile: '13800000001', status: 1, createdAt: '2026-11-20 10:00:00' },
    { id: 2, name: '李四', activityId: 2, activityName: '专题活动2', cnfId: 1, mobile: '13800000002', status: 1, createdAt: '2026-11-20 10:00:00' },
  ];
  const asked: Array<Record<string, string>> = [];

  beforeEach(() => {
    asked.length = 0;
    server.use(
      http.get(API('/person/person/page'), async ({ request }) => {
        const params = await receivedParams(request);
        asked.push(params);
        const records = PEOPLE.filter((p) => params.activityId === undefined || String(p.activityId) === params.activityId);
        return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: records.length, records } });
      }),
    );
    useSession.setState({ user: ACCOUNTS.demo.user, authorities: ['user', 'MENU_person_person'] });
  });

  const renderList = () =>
    render(
      <AppProviders>
        <ResourcePage def={person} />
      </AppProviders>,
    );

  it('opens on the current activity’s people, its first request already narrowed; the tag shows all and back', async () => {
    renderList();
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.queryByText('李四')).toBeNull();
    // Not every activity first and the current one after: one request, narrowed.
    expect(asked.map((p) => p.activityId)).toEqual(['1']);
    const tag = screen.getByText('当前活动：开幕式暨主论坛');

    await user.click(within(tag.closest('.ant-tag') as HTMLElement).getByLabelText('显示全部活动'));
    expect(await screen.findByText('李四')).toBeInTheDocument();
    expect(asked.at(-1)?.activityId).toBeUndefined();
    expect(screen.getByText('显示全部活动')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '只看当前活动' }));
    await waitFor(() => expect(screen.queryByText('李四')).toBeNull());
    expect(asked.at(-1)?.activityId).toBe('1');
    expect(screen.getByText('当前活动：开幕式暨主论坛')).toBeInTheDocument();
  });

  it('finds the rows a link names in whichever activity they are, saying it shows all', async () => {
    window.history.replaceState(null, '', '/?name=%E6%9D%8E%E5%9B%9B');
    try {
      renderList();
      expect(await screen.findByText('李四')).toBeInTheDocument();
      expect(asked.map((p) => [p.name, p.activityId])).toEqual([['李四', undefined]]);
      expect(screen.getByText('显示全部活动')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows every activity, without the tag, when the user has no activity at all', async () => {
    server.use(mock(currentActivity, () => null));
    renderList();
    expect(await screen.findByText('李四')).toBeInTheDocument();
    expect(asked.map((p) => p.activityId)).toEqual([undefined]);
    expect(screen.queryByText(/当前活动：/)).toBeNull();
  });
});

describe('a row saved into another activity than the list shows', () => {
  // 班车线路 with only its name to fill (no stops): what matters here is the 所属活动 the form sends.
  const lineDef = { ...shuttleLine, fields: shuttleLine.fields.filter((f) => f.name === 'name'), lines: undefined };
  const LINES = [{ id: 1, name: '虹桥枢纽专线', activityId: 1, activityName: '开幕式暨主论坛', cnfId: 1 }];
  const asked: Array<Record<string, string>> = [];

  beforeEach(() => {
    asked.length = 0;
    server.use(
      http.get(API('/shuttle/line/page'), async ({ request }) => {
        const params = await receivedParams(request);
        asked.push(params);
        const records = LINES.filter((l) => params.activityId === undefined || String(l.activityId) === params.activityId);
        return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: records.length, records } });
      }),
      http.post(API('/shuttle/line/save'), async ({ request }) => {
        const params = await receivedParams(request);
        const saved = { id: 2, name: params.name, activityId: Number(params.activityId), activityName: '专题活动2', cnfId: 1 };
        LINES.push(saved);
        return HttpResponse.json({ code: 0, msg: '保存成功', data: saved });
      }),
    );
    useSession.setState({ user: ACCOUNTS.demo.user, authorities: ['user', 'MENU_shuttle_line', 'ACTION_shuttle_line_add'] });
  });

  it('widens the list to every activity, so the new row is in sight, and says so', async () => {
    render(
      <AppProviders>
        <ResourcePage def={lineDef} />
      </AppProviders>,
    );
    expect(await screen.findByText('虹桥枢纽专线')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    // The form's code arrives on first open: the dialog shows loading until its buttons are there.
    const ok = await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 8000 });
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('线路名称'), '机场专线');
    await user.click(within(dialog).getByLabelText('所属活动'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title^="专题活动2"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.click(option);
    await user.click(ok);
    expect(await screen.findByText('机场专线')).toBeInTheDocument();
    expect(await screen.findByText('已保存到其他活动，列表改为显示全部活动（当前活动仍是「开幕式暨主论坛」）')).toBeInTheDocument();
    expect(asked.at(-1)?.activityId).toBeUndefined();
  });
});
