import { act, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MessageTemplatePage from '../../src/features/meeting/pages/meeting/template/index';
import { smsCounter } from '../../src/features/meeting/templates/TemplateEditor';
import { MESSAGE_KINDS, TEMPLATE_VARIABLES } from '@domain/messaging/templates';
import { templateList, templateSave, type TemplateKindRow } from '@domain/messaging/templates.contracts';
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

function backend() {
  const saved: Array<Record<string, string>> = [];
  const lists = { count: 0 };
  server.use(
    mock(templateList, () => {
      lists.count += 1;
      return rows;
    }),
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

  it('offers no saving to a reader without the authority', async () => {
    backend();
    renderPage(MessageTemplatePage, { as: 'demo' });
    expect(await screen.findByRole('region', { name: '登记确认' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByText('您没有修改消息模板的权限')).toBeInTheDocument();
  });
});
