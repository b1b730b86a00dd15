import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personMessage, personResend, type PersonResendResult } from '@domain/meeting/personMessages.contracts';
import type { BulkResult } from '@domain/meeting/personBulk.contracts';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { API, receivedParams } from '../mocks/signing';
import { server } from '../mocks/server';
import { PERSONS, renderPersonPage, usePersonApi } from '../mocks/personPage';
import { resetSession, signInAs } from '../mocks/session';

/**
 * 参会人员 beyond one page: ticked rows stay ticked on other pages (「已选 N 人」, 清除选择), 「选中全部 N 人
 * （按当前筛选）」 makes the action take all of the filter, and 发送消息 checks and counts (dry run) before
 * 确认发送.
 */

const TOTAL = 45;
/** Two rows a page, ids 7/8 on page 1, 9/10 on page 2…; 45 in all. */
const pageOf = (page: number) => [0, 1].map((i) => ({ ...PERSONS[i], id: 5 + page * 2 + i, name: `参会人${5 + page * 2 + i}` }));

const calls: Array<{ path: string; params: Record<string, string> }> = [];

function useApi() {
  usePersonApi([
    mock(personResend, ({ params }) => {
      calls.push({ path: 'resend', params });
      const n = params.ids ? params.ids.split(',').length : TOTAL;
      const result: PersonResendResult = { queued: n, recent: 0, skipped: 0, matched: n, messages: { email: n, sms: n }, reasons: [] };
      return result;
    }),
    mock(personMessage, ({ params }) => {
      calls.push({ path: 'message', params });
      const result: BulkResult = { matched: TOTAL, done: 43, skipped: [{ reason: '登记状态为「已取消」', count: 1 }, { reason: '邮箱和手机号已退订', count: 1 }], messages: { email: 40, sms: 43 } };
      return params.dryRun ? result : HttpResponse.json({ code: 0, msg: '已加入发送队列：43 人，邮件 40 封、短信 43 条；2 人未发送', data: result });
    }),
  ]);
  server.use(
    http.get(API('/person/person/page'), async ({ request }) => {
      const params = await receivedParams(request);
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: TOTAL, records: pageOf(Number(params.page ?? 1)) } });
    }),
  );
}

beforeEach(() => {
  calls.length = 0;
  resetSession();
  signInAs('demo');
});
afterEach(() => resetSession());

const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');

describe('selection across pages', () => {
  it('keeps ticked rows when paging, says how many, and sends to all of them; 清除选择 empties it', async () => {
    useApi();
    renderPersonPage(['MENU_person_person']);
    await screen.findByText('参会人7');
    await user.click(rowCheckbox('参会人7'));
    expect(screen.getByText('已选 1 人')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('参会人9');
    await user.click(rowCheckbox('参会人10'));
    expect(screen.getByText('已选 2 人')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /补发二维码（2）/ }));
    await screen.findByText(/^共选择 2 人，将补发 2 人/);
    expect(calls[0]).toEqual({ path: 'resend', params: { ids: '7,10', dryRun: '1' } });
    await user.click(screen.getByRole('button', { name: '取 消' }));

    await user.click(screen.getByRole('button', { name: '清除选择' }));
    expect(screen.queryByText(/已选 \d+ 人/)).toBeNull();
    expect(screen.getByRole('button', { name: /补发二维码$/ })).toBeInTheDocument();
  }, 60_000);

  it('「选中全部 45 人（按当前筛选）」 sends 发送消息 to all=1 with the filter, counted before 确认发送', async () => {
    useApi();
    renderPersonPage(['MENU_person_person', 'ACTION_person_person_message']);
    await screen.findByText('参会人7');
    await user.click(rowCheckbox('参会人7'));
    await user.click(screen.getByRole('button', { name: '选中全部 45 人（按当前筛选）' }));
    expect(screen.getByText('已选中全部 45 人（按当前筛选）')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /发送消息（45）/ }));
    const dialog = (await screen.findByText('发送消息（45 人）')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('checkbox', { name: '短信' }));
    const subject = within(dialog).getByRole('textbox', { name: '邮件主题' });
    await user.clear(subject);
    await user.paste('明天集合时间');
    const body = within(dialog).getByRole('textbox', { name: '邮件正文' });
    await user.clear(body);
    await user.paste('明天 8:30 北门集合');
    const sms = within(dialog).getByRole('textbox', { name: '短信内容' });
    await user.clear(sms);
    await user.paste('明天 8:30 北门集合');
    // The SMS as billed: the words and 「 回T退订」.
    expect(within(dialog).getByText(/已输入 12 字，发出时末尾加「回T退订」共 17 字，按 1 条计费/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '下一步：统计人数' }));
    expect(await within(dialog).findByText('共选择 45 人，将发送给 43 人：邮件 40 封、短信 43 条；2 人不发送（登记状态为「已取消」 1 人，邮箱和手机号已退订 1 人）')).toBeInTheDocument();
    const form = { all: '1', channels: 'email,sms', subject: '明天集合时间', body: '明天 8:30 北门集合', smsText: '明天 8:30 北门集合' };
    expect(calls).toEqual([{ path: 'message', params: { ...form, dryRun: '1' } }]);
    await user.click(within(dialog).getByRole('button', { name: /确认发送（43 人）/ }));
    expect(await screen.findByText('已加入发送队列：43 人，邮件 40 封、短信 43 条；2 人未发送')).toBeInTheDocument();
    expect(calls[1]).toEqual({ path: 'message', params: form });
    // The selection is spent.
    expect(screen.queryByText(/已选/)).toBeNull();
  }, 60_000);

  it('sends a 消息模板 by name, without the own text', async () => {
    useApi();
    renderPersonPage(['MENU_person_person', 'ACTION_person_person_message']);
    await screen.findByText('参会人7');
    await user.click(rowCheckbox('参会人8'));
    await user.click(screen.getByRole('button', { name: /发送消息（1）/ }));
    const dialog = (await screen.findByText('发送消息（1 人）')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('radio', { name: '使用消息模板' }));
    expect(within(dialog).getByRole('button', { name: '下一步：统计人数' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: '消息模板' }));
    await user.click(await screen.findByTitle('审核通过'));
    await user.click(within(dialog).getByRole('button', { name: '下一步：统计人数' }));
    await within(dialog).findByText(/^共选择 45 人/);
    expect(calls).toEqual([{ path: 'message', params: { ids: '8', channels: 'email', template: 'approved', dryRun: '1' } }]);
  }, 60_000);
});
