import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MessageTemplatePage from '../../src/features/meeting/pages/meeting/template/index';
import { smsCounter } from '../../src/features/meeting/templates/TemplateEditor';
import { MESSAGE_KINDS, TEMPLATE_VARIABLES } from '@domain/messaging/templates';
import { templateActivities, templateList, templateSave, type ActivityTemplateRow, type TemplateKindRow } from '@domain/messaging/templates.contracts';
import { useSession } from '../../src/stores/session';
import { answer, mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';

const rows: TemplateKindRow[] = MESSAGE_KINDS.map((kind) => ({
  kind: kind.key,
  label: kind.label,
  transactional: kind.transactional,
  variables: kind.variables.map((name) => ({ name, description: TEMPLATE_VARIABLES[name] })),
  template: { ...kind.defaults },
  defaults: { ...kind.defaults },
  custom: false,
  source: 'default',
  activityId: null,
  updatedAt: null,
}));

/** The organiser's notice template, and activity 2's own: what the list answers for each. */
const ORGANISER_NOTICE = { subject: '主办方通知｜{标题}', body: '{姓名}：{内容}', sms: '' };
const ACTIVITY_NOTICE = { subject: '专题活动2专用｜{标题}', body: '{姓名}：{内容}（专题活动2）', sms: '' };

function backend() {
  const saved: Array<Record<string, string>> = [];
  const lists = { count: 0, asked: [] as Array<string | undefined> };
  server.use(
    mock(templateList, ({ params }) => {
      lists.count += 1;
      lists.asked.push(params.activityId);
      if (params.activityId === undefined) return rows;
      const activityId = Number(params.activityId);
      return rows.map((row) =>
        row.kind !== 'notice'
          ? { ...row, activityId }
          : activityId === 2
            ? { ...row, activityId, template: ACTIVITY_NOTICE, defaults: ORGANISER_NOTICE, custom: true, source: 'activity' as const, updatedAt: '2026-12-01 10:00:00' }
            : { ...row, activityId, template: ORGANISER_NOTICE, defaults: ORGANISER_NOTICE, source: 'organiser' as const },
      );
    }),
    mock(templateActivities, ({ params }): ActivityTemplateRow[] =>
      params.activityId === undefined || params.activityId === '2'
        ? [{ activityId: 2, activityName: '专题活动2', kind: 'notice', label: '通知公告', updatedAt: '2026-12-01 10:00:00' }]
        : [],
    ),
    mock(templateSave, ({ params }) => {
      saved.push(params);
      return answer(templateSave, null, '消息模板已保存');
    }),
  );
  return { saved, lists };
}

beforeEach(() => resetSession());
afterEach(() => act(async () => message.destroy()));

describe('会务服务 → 消息模板', () => {
  it('counts SMS characters and segments as the operator bills them', () => {
    expect(smsCounter('')).toBe('已输入 0 字，按 0 条计费');
    expect(smsCounter('字'.repeat(70))).toBe('已输入 70 字，按 1 条计费');
    expect(smsCounter('字'.repeat(71))).toBe('已输入 71 字，按 2 条计费');
  });

  it('inserts a variable where the cursor is, previews with sample values and saves the kind', async () => {
    const { saved, lists } = backend();
    renderPage(MessageTemplatePage, { as: 'admin' });
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'MENU_meeting_template', 'ACTION_meeting_template_edit'] })));
    await user.click(await screen.findByRole('radio', { name: '通知公告' }));
    const panel = await screen.findByRole('region', { name: '通知公告' });

    const sms = within(panel).getByLabelText('短信内容') as HTMLTextAreaElement;
    await user.clear(sms);
    await user.type(sms, '【华展】');
    expect(await within(panel).findByText(/已输入 4 字，按 1 条计费/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '{标题}' }));
    await waitFor(() => expect(sms.value).toBe('【华展】{标题}'));
    expect(await within(panel).findByText(/已输入 8 字，按 1 条计费/)).toBeInTheDocument();
    expect(within(panel).getByTestId('preview-sms')).toHaveTextContent('【华展】开幕式时间调整');
    expect(within(panel).getByTestId('preview-body')).toHaveTextContent('张三，您好');

    await user.click(within(panel).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ kind: 'notice', sms: '【华展】{标题}', subject: rows[4].defaults.subject })]));
    expect(await screen.findByText('消息模板已保存')).toBeInTheDocument();
    // The page reloads the kinds after a save, and the form starts again from what the server holds.
    await waitFor(() => expect(lists.count).toBe(2));
    await waitFor(() => expect((screen.getByLabelText('短信内容') as HTMLTextAreaElement).value).toBe(rows[4].template.sms));
  }, 40_000);

  it('edits one activity’s own template when 所属活动 is picked, and lists the activities that write their own', async () => {
    const { saved, lists } = backend();
    renderPage(MessageTemplatePage, { as: 'admin' });
    act(() => useSession.setState((s) => ({ authorities: [...s.authorities, 'MENU_meeting_template', 'ACTION_meeting_template_edit'] })));
    const table = await screen.findByRole('table', { name: '活动专用模板' });
    expect(await within(table).findByText('专题活动2')).toBeInTheDocument();

    await user.click(screen.getByLabelText('所属活动：'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title^="专题活动3"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.click(option);
    await waitFor(() => expect(lists.asked.at(-1)).toBe('3'));
    await user.click(await screen.findByRole('radio', { name: '通知公告' }));
    let panel = await screen.findByRole('region', { name: '通知公告' });
    // Activity 3 writes no notice of its own: the organiser's words, which it falls back to.
    expect(within(panel).getByText('沿用本单位模板')).toBeInTheDocument();
    expect(within(panel).getByLabelText('邮件主题')).toHaveValue(ORGANISER_NOTICE.subject);
    expect(await screen.findByText('本活动没有专用模板')).toBeInTheDocument();

    const subject = within(panel).getByLabelText('邮件主题');
    await user.clear(subject);
    await user.type(subject, '专题活动3专用');
    await user.click(within(panel).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ kind: 'notice', subject: '专题活动3专用', activityId: '3' })]));

    // 查看 of the table opens that activity's own template.
    await user.click(screen.getByLabelText('所属活动：'));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-clear') ?? Promise.reject(new Error('no clear'))));
    await waitFor(() => expect(lists.asked.at(-1)).toBeUndefined());
    await user.click(within(await screen.findByRole('table', { name: '活动专用模板' })).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(lists.asked.at(-1)).toBe('2'));
    panel = await screen.findByRole('region', { name: '通知公告' });
    expect(within(panel).getByText(/本活动专用模板/)).toBeInTheDocument();
    expect(within(panel).getByLabelText('邮件主题')).toHaveValue(ACTIVITY_NOTICE.subject);
    expect(within(panel).getByRole('button', { name: '删除本活动模板' })).toBeEnabled();
  }, 60_000);

  it('offers no saving to a reader without the authority', async () => {
    backend();
    renderPage(MessageTemplatePage, { as: 'demo' });
    expect(await screen.findByRole('region', { name: '登记确认' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByText('您没有修改消息模板的权限')).toBeInTheDocument();
  });
});
