import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personBadges, personImportCommit, personImportPreview, type PersonBadge, type PersonImportPreview } from '@domain/meeting/personImport.contracts';
import { AppProviders } from '../../src/app/AppProviders';
import PersonPage from '../../src/features/meeting/pages/person/person/index';
import { importFileProblem } from '../../src/features/meeting/persons/ImportModal';
import { useSession } from '../../src/stores/session';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** 参会人员's import dialog and badge printing, against msw. */

const PERSONS = [
  { id: 7, name: '林晓峰', kind: 2, mobile: '13912345678', company: '上海云启会展服务有限公司', jobTitle: '总监', source: 3, badgeNo: 'CH20261128000007', checkinStatus: 0, checkedInAt: null, code: 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7H', status: 1, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
  { id: 8, name: '周雨桐', kind: 4, mobile: '13912345679', company: '新华社', jobTitle: '记者', source: 2, badgeNo: 'CH20261128000008', checkinStatus: 0, checkedInAt: null, code: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3S', status: 0, activityId: 3, activityName: '开幕式', cnfId: 1, projectName: '博览会', createdAt: '2026-11-28 10:00:00' },
];

const WITH_ERRORS: PersonImportPreview = {
  total: 3,
  valid: 2,
  errorCount: 1,
  duplicateInFile: 0,
  duplicateExisting: 0,
  errors: [{ row: 3, column: '手机号码', field: 'mobile', msg: '第 3 行「手机号码」：请输入正确的手机号码' }],
  rows: [
    { row: 2, values: { name: '张伟', kind: '观众', mobile: '13800138000', idType: '护照', idNo: 'E1', company: '', jobTitle: '', email: '', remark: '' } },
    { row: 3, values: { name: '李娜', kind: '嘉宾', mobile: '1380013', idType: '护照', idNo: 'E2', company: '', jobTitle: '', email: '', remark: '' } },
    { row: 4, values: { name: '王芳', kind: '媒体', mobile: '13800138002', idType: '护照', idNo: 'E3', company: '', jobTitle: '', email: '', remark: '' } },
  ],
};
const CLEAN: PersonImportPreview = {
  ...WITH_ERRORS,
  total: 2,
  valid: 2,
  errorCount: 0,
  errors: [],
  rows: [WITH_ERRORS.rows[0], WITH_ERRORS.rows[2]],
};

const calls: Array<{ path: string; params: Record<string, string> }> = [];

function useApi(previews: PersonImportPreview[], commitAnswer: { code: number; msg: string; data: unknown }) {
  server.use(
    http.get(API('/person/person/page'), async ({ request }) => {
      calls.push({ path: 'page', params: await receivedParams(request) });
      return HttpResponse.json({ code: 0, msg: '操作成功', data: { total: PERSONS.length, records: PERSONS } });
    }),
    http.get(API('/business/activityOptions'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 3, name: '开幕式', cnfId: 1, projectName: '博览会' }] })),
    mock(personImportPreview, ({ params }) => {
      calls.push({ path: 'preview', params });
      return previews.shift()!;
    }),
    mock(personImportCommit, ({ params }) => {
      calls.push({ path: 'commit', params });
      return HttpResponse.json(commitAnswer);
    }),
    mock(personBadges, ({ params }) => {
      calls.push({ path: 'badges', params });
      const badges: PersonBadge[] = params.ids.split(',').map((id) => {
        const p = PERSONS.find((r) => r.id === Number(id))!;
        return { id: p.id, name: p.name, company: p.company, jobTitle: p.jobTitle, kind: p.kind, kindLabel: p.kind === 2 ? '嘉宾' : '媒体', badgeNo: p.badgeNo, code: p.code, activityName: '开幕式' };
      });
      return badges;
    }),
  );
}

function renderPage(authorities: string[]) {
  useSession.setState({ authorities: ['user', 'MENU_person_person', 'ACTION_person_person_export', ...authorities] });
  const router = createMemoryRouter([{ path: '/person/person/index', element: <PersonPage /> }], { initialEntries: ['/person/person/index'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** An .xlsx as far as the browser can tell (the server reads it). */
const xlsxFile = (name = 'persons.xlsx') => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const toolbar = () => within(document.querySelector('.zb-table-toolbar') as HTMLElement);

async function chooseFile(dialog: HTMLElement, file: File) {
  await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
}

describe('参会人员 import', () => {
  beforeEach(() => {
    calls.length = 0;
    resetSession();
    signInAs('demo');
  });
  afterEach(() => resetSession());

  it('previews a file, marks the faulty cell, keeps 确认导入 disabled, then imports a corrected file and reloads the list', async () => {
    useApi([WITH_ERRORS, CLEAN], { code: 0, msg: '成功导入 2 名参会人员', data: { imported: 2 } });
    renderPage(['ACTION_person_person_import', 'ACTION_person_person_status']);
    await screen.findByText('林晓峰');
    await user.click(toolbar().getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    // The only activity in scope is chosen already.
    await waitFor(() => expect(within(dialog).getByText('开幕式（博览会）')).toBeInTheDocument());

    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByText('第 3 行「手机号码」：请输入正确的手机号码')).toBeInTheDocument();
    expect(within(dialog).getByText('发现 1 处错误，请修改文件后重新上传（有错误时不会导入任何数据）')).toBeInTheDocument();
    expect(within(dialog).getByText('共 3 行，可导入 2 行')).toBeInTheDocument();
    const bad = within(dialog).getByText('1380013');
    expect(bad.closest('td')).toHaveClass('zb-import-cell-error');
    expect(bad).toHaveAttribute('data-error', '请输入正确的手机号码');
    expect(within(dialog).getByRole('button', { name: /确认导入/ })).toBeDisabled();
    const preview = calls.find((c) => c.path === 'preview')!.params;
    expect(preview).toEqual({ activityId: '3', fileName: 'persons.xlsx', content: btoa(String.fromCharCode(0x50, 0x4b, 0x03, 0x04, 1, 2, 3)) });

    await user.click(within(dialog).getByRole('button', { name: /重新选择文件/ }));
    await chooseFile(dialog, xlsxFile('fixed.xlsx'));
    expect(await within(dialog).findByText('全部通过校验')).toBeInTheDocument();
    await user.click(within(dialog).getByText('导入后直接审核通过'));
    const commit = within(dialog).getByRole('button', { name: /确认导入（2 人）/ });
    expect(commit).toBeEnabled();
    const pagesBefore = calls.filter((c) => c.path === 'page').length;
    await user.click(commit);

    expect(await screen.findByText('成功导入 2 名参会人员')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'commit')!.params).toMatchObject({ activityId: '3', fileName: 'fixed.xlsx', status: 'approved' });
    await waitFor(() => expect(calls.filter((c) => c.path === 'page').length).toBeGreaterThan(pagesBefore));
    // The dialog closes (antd's leave animation never ends in jsdom) and opens afresh next time.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    await user.click(toolbar().getByRole('button', { name: /导\s*入/ }));
    await waitFor(() => expect(dialog).not.toHaveClass('ant-zoom-leave'));
    expect(within(dialog).getByText('点击或拖动 .xlsx 文件到此处')).toBeInTheDocument();
    expect(within(dialog).queryByText('全部通过校验')).toBeNull();
  }, 60_000);

  it('shows the errors of a commit the server refused and keeps the dialog open', async () => {
    const raced: PersonImportPreview = { ...CLEAN, valid: 1, errorCount: 1, duplicateExisting: 1, errors: [{ row: 2, column: '手机号码', field: 'mobile', msg: '第 2 行「手机号码」：该手机号已在本活动登记' }] };
    useApi([CLEAN], { code: 1, msg: '文件中有 1 处错误，未导入任何数据，请修改后重新上传', data: raced });
    renderPage(['ACTION_person_person_import']);
    await screen.findByText('林晓峰');
    await user.click(toolbar().getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('开幕式（博览会）')).toBeInTheDocument());
    // Without the 审核 action only 待审核 is offered.
    expect(within(dialog).getByRole('radio', { name: '导入后直接审核通过' })).toBeDisabled();
    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByText('全部通过校验')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认导入/ }));
    expect(await within(dialog).findByText('文件中有 1 处错误，未导入任何数据，请修改后重新上传')).toBeInTheDocument();
    expect(within(dialog).getByText('第 2 行「手机号码」：该手机号已在本活动登记')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确认导入/ })).toBeDisabled();
    expect(calls.find((c) => c.path === 'commit')!.params.status).toBe('pending');
  }, 60_000);

  it('refuses what is not an .xlsx before reading it', () => {
    expect(importFileProblem({ name: 'persons.csv', size: 10 })).toBe('请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）');
    expect(importFileProblem({ name: 'persons.xlsx', size: 0 })).toBe('文件内容为空');
    expect(importFileProblem({ name: 'persons.xlsx', size: 6 * 1024 * 1024 })).toBe('文件大小不能超过 5MB');
    expect(importFileProblem({ name: '名单.XLSX', size: 10 })).toBeNull();
  });

  it('shows 下载模板 and 导入 only with the import action', async () => {
    useApi([], { code: 0, msg: '', data: null });
    renderPage(['ACTION_person_person_badge']);
    await screen.findByText('林晓峰');
    expect(toolbar().queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /下载模板/ })).toBeNull();
    expect(screen.getByRole('button', { name: /打印胸卡/ })).toBeInTheDocument();
  });
});
