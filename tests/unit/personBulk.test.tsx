import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personBulkApprove, personBulkBadges, personBulkShuttle, type BadgeData, type BadgeTemplate } from '@domain/meeting/personBulk.contracts';
import { badgeSheets, sheetsLabel } from '../../src/features/meeting/persons/BadgePrint';
import { user } from '../mocks/app';
import { API, receivedParams } from '../mocks/signing';
import { mock } from '../mocks/contract';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { PERSONS, renderPersonPage, usePersonApi } from '../mocks/personPage';
import { resetSession, signInAs } from '../mocks/session';

/** 参会人员's bulk actions and badges for everyone, against msw: each action confirmed with its count, the persons ticked or the whole filter. */

const badge = (p: (typeof PERSONS)[number], seat: string | null): BadgeData => ({
  id: p.id, activityId: 3, activityName: '开幕式', name: p.name, company: p.company, jobTitle: p.jobTitle, kind: p.kind, kindLabel: p.kind === 2 ? '嘉宾' : '媒体', badgeNo: p.badgeNo, code: p.code, seat,
});
const TEMPLATE: BadgeTemplate = { activityId: 3, size: 'a4x8', company: true, jobTitle: false, seat: true, qr: true, kindBand: true };

const calls: Array<{ path: string; params: Record<string, string> }> = [];

function useApi() {
  usePersonApi([
    mock(personBulkApprove, ({ params }) => {
      calls.push({ path: 'approve', params });
      const result = { matched: 2, done: 1, skipped: [{ reason: '登记状态为「已通过」', count: 1 }], messages: { email: 1, sms: 1 } };
      return params.dryRun ? result : HttpResponse.json({ code: 0, msg: '已审核通过 1 人，1 人未处理', data: result });
    }),
    mock(personBulkBadges, ({ params }) => {
      calls.push({ path: 'badges', params });
      return { total: 2, badges: [badge(PERSONS[0], '主论坛厅 A区 3排12号'), badge(PERSONS[1], null)], templates: [TEMPLATE] };
    }),
  ]);
}

const renderPage = (authorities: string[]) => renderPersonPage(['MENU_person_person', ...authorities]);

beforeEach(() => {
  calls.length = 0;
  resetSession();
  signInAs('demo');
});
afterEach(() => resetSession());

describe('批量操作', () => {
  it('confirms 审核通过 of the ticked rows with the server’s count, then runs it', async () => {
    useApi();
    renderPage(['ACTION_person_person_status']);
    await screen.findByText('林晓峰');
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: /批量操作（2）/ }));
    await user.click(await screen.findByRole('menuitem', { name: '审核通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('批量审核通过（2 人）')).toBeInTheDocument();
    expect(await within(dialog).findByText('共选择 2 人，将审核通过 1 人；1 人不处理（登记状态为「已通过」 1 人）')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'approve', params: { ids: '7,8', dryRun: '1' } }]);
    await user.click(within(dialog).getByRole('button', { name: /确认审核通过（1 人）/ }));
    expect(await screen.findByText('已审核通过 1 人，1 人未处理')).toBeInTheDocument();
    expect(calls[1]).toEqual({ path: 'approve', params: { ids: '7,8' } });
  });

  it('says how many emails and SMS 审核通过 will queue, and 「不通知」 sends notify=false', async () => {
    useApi();
    renderPage(['ACTION_person_person_status']);
    await screen.findByText('林晓峰');
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[1]);
    await user.click(screen.getByRole('button', { name: /批量操作（1）/ }));
    await user.click(await screen.findByRole('menuitem', { name: '审核通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('将通知参会人员：邮件 1 封、短信 1 条（按所留邮箱和手机号，短信按条计费）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: '不通知' }));
    expect(within(dialog).getByText('不通知：不给这些参会人员发送邮件和短信')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认审核通过（1 人）/ }));
    await screen.findByText('已审核通过 1 人，1 人未处理');
    expect(calls.map((c) => c.params)).toEqual([{ ids: '7', dryRun: '1' }, { ids: '7', notify: 'false' }]);
  });

  it('with nothing ticked, asks before acting on every row of the filter, and sends the filter instead of ids', async () => {
    useApi();
    renderPage(['ACTION_person_person_status']);
    await screen.findByText('林晓峰');
    await user.click(screen.getByRole('button', { name: /批量操作/ }));
    await user.click(await screen.findByRole('menuitem', { name: '审核通过' }));
    expect((await screen.findAllByText('未勾选人员：对全部符合筛选条件的 2 人审核通过？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '全部 2 人' }));
    expect(await screen.findByText(/将审核通过 1 人/)).toBeInTheDocument();
    expect(calls[0].params).toMatchObject({ all: '1', dryRun: '1' });
    expect(calls[0].params.ids).toBeUndefined();
  });

  it('offers for 安排班车 only the lines of the activity the list is narrowed to', async () => {
    const listed: Array<Record<string, string>> = [];
    const lineQueries: Array<Record<string, string>> = [];
    usePersonApi(
      [
        http.get(API('/shuttle/line/list'), async ({ request }) => {
          lineQueries.push(await receivedParams(request));
          return HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 5, name: '虹桥枢纽—国家会展中心' }] });
        }),
        mock(personBulkShuttle, () => ({ matched: 1, done: 1, skipped: [] })),
      ],
      (params) => listed.push(params),
    );
    useCurrentActivity.setState({ activity: { id: 3, name: '开幕式', cnfId: 1, projectName: '博览会' }, byDefault: false });
    renderPage(['ACTION_shuttle_line_edit']);
    await screen.findByText('林晓峰');
    expect(listed.at(-1)?.activityId, 'the list opens narrowed to the current activity').toBe('3');
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(screen.getByRole('button', { name: /批量操作（1）/ }));
    await user.click(await screen.findByRole('menuitem', { name: '安排班车' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    expect(await screen.findByText('虹桥枢纽—国家会展中心')).toBeInTheDocument();
    expect(lineQueries.length).toBeGreaterThan(0);
    for (const query of lineQueries) expect(query.activityId).toBe('3');
  });

  it('offers 批量操作 only with an authority of one of its actions', async () => {
    useApi();
    renderPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    expect(screen.queryByRole('button', { name: /批量操作/ })).toBeNull();
  });
});

describe('胸卡', () => {
  it('prints every row of the filter, with the seat and without the fields the template leaves out', async () => {
    useApi();
    renderPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    await user.click(screen.getByRole('button', { name: /打印胸卡/ }));
    await user.click(await screen.findByRole('button', { name: '全部 2 人' }));
    const dialog = (await screen.findByText('打印胸卡（2 张，1 页 A4）')).closest('.ant-modal') as HTMLElement;
    expect(calls.find((c) => c.path === 'badges')!.params).toMatchObject({ all: '1', offset: '0' });
    const first = dialog.querySelector('[data-badge-no="CH20261128000007"]') as HTMLElement;
    expect(within(first).getByText('座位：主论坛厅 A区 3排12号')).toBeInTheDocument();
    expect(within(first).getByText('上海云启会展服务有限公司')).toBeInTheDocument();
    // 职务 is off in this activity's template.
    expect(within(first).queryByText('总监')).toBeNull();
    expect(first).toHaveClass('zb-badge--a4x8', 'zb-badge-band-2');
    expect(first.querySelector('svg[data-qr-value]')).toHaveAttribute('data-qr-value', 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7H');
    // The print copy exists only while printing: none for the preview, two badges for paper, none after.
    expect(document.querySelector('body > .zb-badge-print')).toBeNull();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(document.querySelectorAll('body > .zb-badge-print .zb-badge')).toHaveLength(2);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.querySelector('body > .zb-badge-print')).toBeNull();
  });

  it('lays badges out by their template: 8 to an A4 sheet, 4 to an A4 sheet, one card per page', () => {
    const many = Array.from({ length: 19 }, (_, i) => ({ ...badge(PERSONS[0], null), id: i + 1 }));
    const a4 = badgeSheets(many, [TEMPLATE]);
    expect(a4.map((s) => s.badges.length)).toEqual([8, 8, 3]);
    expect(sheetsLabel(a4)).toBe('19 张，3 页 A4');
    expect(badgeSheets(many, [{ ...TEMPLATE, size: 'a4x4' }]).map((s) => s.badges.length)).toEqual([4, 4, 4, 4, 3]);
    const cards = badgeSheets(many.slice(0, 3), [{ ...TEMPLATE, size: 'card' }]);
    expect(sheetsLabel(cards)).toBe('3 张，3 页 86×54 mm 卡片');
    // Without a template (an activity the answer did not describe) the default A4 sheet of 8.
    expect(badgeSheets(many.slice(0, 2), [])[0].layout.size).toBe('a4x8');
  });
});
