import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personImportCommit, personImportPreview, type PersonImportColumn, type PersonImportPreview } from '@domain/meeting/personImport.contracts';
import { AppProviders } from '../../src/app/AppProviders';
import { ColumnMapping, importFileProblem } from '../../src/features/meeting/persons/ImportModal';
import { user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { renderPersonPage, usePersonApi } from '../mocks/personPage';
import { resetSession, signInAs } from '../mocks/session';
import { API } from '../mocks/handlers';
import { server } from '../mocks/server';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { forgetScopeOptions } from '../../src/components/resource/resourceApi';

/** 参会人员's import dialog and badge printing, against msw. */

const TEMPLATE_COLUMNS: PersonImportColumn[] = ['name', 'kind', 'mobile', 'idType', 'idNo', 'company', 'jobTitle', 'email', 'remark'].map((field, index) => ({
  index,
  header: field,
  field,
  by: 'header',
  sample: '',
}));

const WITH_ERRORS: PersonImportPreview = {
  total: 3,
  valid: 2,
  errorCount: 1,
  duplicateInFile: 0,
  duplicateExisting: 0,
  inserts: 2,
  updates: 0,
  unchanged: 0,
  conflicts: 0,
  changes: [],
  columns: TEMPLATE_COLUMNS,
  missing: [],
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
  usePersonApi([
    mock(personImportPreview, ({ params }) => {
      calls.push({ path: 'preview', params });
      return previews.shift()!;
    }),
    mock(personImportCommit, ({ params }) => {
      calls.push({ path: 'commit', params });
      return HttpResponse.json(commitAnswer);
    }),
  ], (params) => calls.push({ path: 'page', params }));
}

const renderPage = (authorities: string[]) => renderPersonPage(['MENU_person_person', 'ACTION_person_person_export', ...authorities]);

/** An .xlsx as far as the browser can tell (the server reads it). */
const xlsxFile = (name = 'persons.xlsx') => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const toolbar = () => within(document.querySelector('.zb-table-toolbar') as HTMLElement);

/** 参会人员 opened by an importer, and 导入 clicked: the dialog once its only activity is chosen already. */
async function openImport(): Promise<HTMLElement> {
  renderPage(['ACTION_person_person_import']);
  await screen.findByText('林晓峰');
  await user.click(toolbar().getByRole('button', { name: /导\s*入/ }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByText('开幕式（博览会）')).toBeInTheDocument());
  return dialog;
}

async function chooseFile(dialog: HTMLElement, file: File) {
  await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
}

describe('参会人员 import', () => {
  beforeEach(() => {
    calls.length = 0;
    resetSession();
    signInAs('demo');
  });
  afterEach(() => {
    resetSession();
    // The activity options are remembered (resourceApi.ts): a test answering others leaves them behind.
    forgetScopeOptions();
  });

  it('previews a file, marks the faulty cell, imports the valid rows and offers the refused ones for download', async () => {
    useApi([WITH_ERRORS], { code: 0, msg: '新增 2 人，1 行有误未导入', data: { imported: 2, updated: 0, skipped: 0, unchanged: 0, conflicts: 0, refused: 1 } });
    renderPage(['ACTION_person_person_import', 'ACTION_person_person_status']);
    await screen.findByText('林晓峰');
    await user.click(toolbar().getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    // The only activity in scope is chosen already.
    await waitFor(() => expect(within(dialog).getByText('开幕式（博览会）')).toBeInTheDocument());

    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByText('第 3 行「手机号码」：请输入正确的手机号码')).toBeInTheDocument();
    expect(within(dialog).getByText('发现 1 处错误，涉及 1 行：这些行不会导入，其余 2 行可以导入')).toBeInTheDocument();
    expect(within(dialog).getByText('共 3 行，可导入 2 行')).toBeInTheDocument();
    const bad = within(dialog).getByText('1380013');
    expect(bad.closest('td')).toHaveClass('zb-import-cell-error');
    expect(bad).toHaveAttribute('data-error', '请输入正确的手机号码');
    // Every column was matched by its header: no mapping step.
    expect(within(dialog).queryByText('文件中的列')).toBeNull();
    const preview = calls.find((c) => c.path === 'preview')!.params;
    expect(preview).toEqual({ activityId: '3', fileName: 'persons.xlsx', existing: 'update', blank: 'keep', content: btoa(String.fromCharCode(0x50, 0x4b, 0x03, 0x04, 1, 2, 3)) });

    await user.click(within(dialog).getByText('导入后直接审核通过'));
    await user.click(within(dialog).getByText('跳过'));
    const pagesBefore = calls.filter((c) => c.path === 'page').length;
    await user.click(within(dialog).getByRole('button', { name: /确认导入（2 人）/ }));

    expect(await screen.findByText('新增 2 人，1 行有误未导入', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'commit')!.params).toMatchObject({ activityId: '3', fileName: 'persons.xlsx', status: 'approved', existing: 'skip' });
    await waitFor(() => expect(calls.filter((c) => c.path === 'page').length).toBeGreaterThan(pagesBefore));
    // The dialog stays open with the refused rows to download (jsdom cannot take a blob download: the server test reads that file).
    expect(within(dialog).getByRole('button', { name: /下载未导入的行/ })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: /完\s*成/ }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  }, 60_000);

  it('imports into the current activity (the header’s) by default when the scope has several', async () => {
    useApi([CLEAN], { code: 0, msg: '新增 2 人', data: { imported: 2, updated: 0, skipped: 0, refused: 0 } });
    server.use(
      http.get(API('/business/activityOptions'), () =>
        HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 3, name: '开幕式', cnfId: 1, projectName: '博览会' }, { id: 4, name: '分论坛', cnfId: 1, projectName: '博览会' }] }),
      ),
    );
    forgetScopeOptions();
    useCurrentActivity.setState({ activity: { id: 4, name: '分论坛', cnfId: 1, projectName: '博览会' }, byDefault: false });
    renderPage(['ACTION_person_person_import']);
    await user.click(await toolbar().findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('分论坛（博览会）')).toBeInTheDocument());
    await chooseFile(dialog, xlsxFile());
    await waitFor(() => expect(calls.find((c) => c.path === 'preview')?.params.activityId).toBe('4'));
  });

  it('asks for the columns it could not match, checks again with the mapping and sends it with the import', async () => {
    const unmatched: PersonImportPreview = {
      total: 2,
      valid: 0,
      errorCount: 0,
      duplicateInFile: 0,
      duplicateExisting: 0,
      inserts: 0,
      updates: 0,
      unchanged: 0,
      conflicts: 0,
      changes: [],
      columns: [
        { index: 0, header: '参会者', field: '', by: 'none', sample: '张伟' },
        { index: 1, header: '手机', field: 'mobile', by: 'header', sample: '13800138000' },
        { index: 2, header: '部门', field: '', by: 'none', sample: '市场部' },
      ],
      missing: ['姓名'],
      errors: [],
      rows: [],
    };
    const mapped: PersonImportPreview = { ...CLEAN, columns: [{ ...unmatched.columns[0], field: 'name', by: 'mapped' }, unmatched.columns[1], { ...unmatched.columns[2], by: 'ignored' }] };
    useApi([unmatched, mapped], { code: 0, msg: '新增 2 人', data: { imported: 2, updated: 0, skipped: 0, unchanged: 0, conflicts: 0, refused: 0 } });
    const dialog = await openImport();
    await chooseFile(dialog, xlsxFile());

    expect(await within(dialog).findByText('文件中没有找到必填列：姓名，请为它们指定对应的列')).toBeInTheDocument();
    // Only the unmatched columns are asked about, with a sample of each.
    expect(within(dialog).getByText('市场部')).toBeInTheDocument();
    expect(within(dialog).queryByText('13800138000')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /确认导入/ })).toBeDisabled();

    await user.click(within(dialog).getByLabelText('「参会者」对应的字段'));
    await user.click(within(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') as HTMLElement).getByTitle('姓名'));
    await user.click(within(dialog).getByRole('button', { name: /按此对应重新校验/ }));
    expect(await within(dialog).findByText('全部通过校验')).toBeInTheDocument();
    expect(JSON.parse(calls.filter((c) => c.path === 'preview')[1].params.mapping)).toEqual({ 参会者: 'name' });

    await user.click(within(dialog).getByRole('button', { name: /确认导入（2 人）/ }));
    expect(await screen.findByText('新增 2 人')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path === 'commit')!.params.mapping)).toEqual({ 参会者: 'name' });
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  }, 60_000);

  it('the mapping step offers only fields no other column fills, and 不导入', async () => {
    const changes: Array<Record<string, string>> = [];
    const columns: PersonImportColumn[] = [
      { index: 0, header: '姓名', field: 'name', by: 'header', sample: '张伟' },
      { index: 1, header: '电话号', field: '', by: 'none', sample: '139 1234 8888' },
    ];
    render(
      <AppProviders>
        <ColumnMapping columns={columns} missing={['手机号码']} mapping={{}} onChange={(m) => changes.push(m)} />
      </AppProviders>,
    );
    expect(screen.queryByText('张伟')).toBeNull();
    await user.click(screen.getByLabelText('「电话号」对应的字段'));
    const list = document.querySelector('.ant-select-dropdown') as HTMLElement;
    expect(within(list).queryByTitle('姓名')).toBeNull();
    expect(within(list).getByTitle('不导入')).toBeInTheDocument();
    await user.click(within(list).getByTitle('手机号码'));
    expect(changes).toEqual([{ 电话号: 'mobile' }]);
  });

  it('shows the errors of a commit the server refused and keeps the dialog open', async () => {
    const raced: PersonImportPreview = { ...CLEAN, valid: 0, inserts: 0, errorCount: 2, errors: [{ row: 2, column: '手机号码', field: 'mobile', msg: '第 2 行「手机号码」：请输入正确的手机号码' }] };
    useApi([CLEAN], { code: 1, msg: '文件中没有可导入的行（2 行有误），请修改后重新上传', data: raced });
    const dialog = await openImport();
    // Without the 审核 action only 待审核 is offered.
    expect(within(dialog).getByRole('radio', { name: '导入后直接审核通过' })).toBeDisabled();
    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByText('全部通过校验')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确认导入/ }));
    expect(await within(dialog).findByText('文件中没有可导入的行（2 行有误），请修改后重新上传')).toBeInTheDocument();
    expect(within(dialog).getByText('第 2 行「手机号码」：请输入正确的手机号码')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /没有需要写入的行/ })).toBeDisabled();
    expect(calls.find((c) => c.path === 'commit')!.params.status).toBe('pending');
  }, 60_000);

  it('lists what each registered attendee would change, writes a conflict only when ticked, and counts what will be written', async () => {
    const matched: PersonImportPreview = {
      ...CLEAN,
      total: 4,
      valid: 4,
      duplicateExisting: 3,
      inserts: 1,
      updates: 1,
      unchanged: 1,
      conflicts: 1,
      changes: [
        {
          row: 3,
          id: 41,
          name: '刘燕',
          by: 'mobile',
          conflict: true,
          fields: [
            { field: 'name', label: '姓名', from: '刘燕', to: '郑浩然' },
            { field: 'company', label: '单位', from: '新华社', to: '阿里巴巴' },
          ],
        },
        { row: 4, id: 42, name: '王芳', by: 'idNo', conflict: false, fields: [{ field: 'jobTitle', label: '职务', from: '', to: '主编' }] },
      ],
    };
    useApi([matched], { code: 0, msg: '新增 1 人，更新 2 人', data: { imported: 1, updated: 2, skipped: 0, unchanged: 1, conflicts: 0, refused: 0 } });
    const dialog = await openImport();
    await chooseFile(dialog, xlsxFile());

    expect(await within(dialog).findByText('已在本活动登记 3（更新 1，无变化 1，姓名不符 1）')).toBeInTheDocument();
    expect(within(dialog).getByText('1 行的姓名与已登记人员不一致：可能是把别人的手机号码或证件号码填给了这一行')).toBeInTheDocument();
    const conflicts = dialog.querySelector('.zb-import-conflicts') as HTMLElement;
    expect(within(conflicts).getByText('（手机号码相同）').parentElement).toHaveTextContent('刘燕（手机号码相同）');
    expect(within(conflicts).getByText('阿里巴巴')).toBeInTheDocument();
    const updates = dialog.querySelector('.zb-import-updates') as HTMLElement;
    expect(within(updates).getByText('将更新 1 位已登记人员的信息')).toBeInTheDocument();
    expect(within(updates).getByText('（证件号码相同）')).toBeInTheDocument();
    expect(within(updates).getByText('主编')).toBeInTheDocument();
    // The new row and the update: the conflict is not counted until ticked.
    expect(within(dialog).getByRole('button', { name: /确认导入（2 人）/ })).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '更新第 3 行对应的已登记人员刘燕' }));
    await user.click(within(dialog).getByRole('button', { name: /确认导入（3 人）/ }));
    expect(await screen.findByText('新增 1 人，更新 2 人')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'commit')!.params).toMatchObject({ existing: 'update', blank: 'keep', accept: '3:41' });
  }, 60_000);

  it('says there is nothing to write, and sends no tick, when every registered attendee is skipped', async () => {
    const allRegistered: PersonImportPreview = {
      ...CLEAN,
      duplicateExisting: 2,
      inserts: 0,
      updates: 1,
      conflicts: 1,
      unchanged: 0,
      changes: [
        { row: 2, id: 41, name: '刘燕', by: 'mobile', conflict: true, fields: [{ field: 'name', label: '姓名', from: '刘燕', to: '郑浩然' }] },
        { row: 3, id: 42, name: '王芳', by: 'mobile', conflict: false, fields: [{ field: 'company', label: '单位', from: '', to: '新华社' }] },
      ],
    };
    useApi([allRegistered], { code: 0, msg: '', data: null });
    const dialog = await openImport();
    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByRole('button', { name: /确认导入（1 人）/ })).toBeEnabled();
    await user.click(within(dialog).getByText('跳过'));
    expect(within(dialog).getByText('已在本活动登记 2（将跳过）')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /没有需要写入的行/ })).toBeDisabled();
    expect(dialog.querySelector('.zb-import-conflicts')).toBeNull();
  }, 60_000);

  it('keeps stored values for blank cells unless asked, and checks the file again when asked to clear them', async () => {
    useApi([CLEAN, CLEAN], { code: 0, msg: '', data: null });
    const dialog = await openImport();
    expect(within(dialog).getByText('留空的单元格保留已登记的原值，不会清空')).toBeInTheDocument();
    await chooseFile(dialog, xlsxFile());
    expect(await within(dialog).findByText('全部通过校验')).toBeInTheDocument();
    await user.click(within(dialog).getByText('清空原值'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'preview')).toHaveLength(2));
    expect(calls.filter((c) => c.path === 'preview')[1].params.blank).toBe('clear');
    expect(within(dialog).getByText('留空的单元格清空已登记的原值（姓名、手机号码、人员类别除外）')).toBeInTheDocument();
  }, 60_000);

  it('does not ask again about a column remembered as 不导入, and opens it on 修改', async () => {
    const columns: PersonImportColumn[] = [
      { index: 0, header: '序号', field: '', by: 'mapped', sample: '1' },
      { index: 1, header: '姓名', field: 'name', by: 'header', sample: '张伟' },
      { index: 2, header: '手机', field: 'mobile', by: 'header', sample: '13912348888' },
    ];
    render(
      <AppProviders>
        <ColumnMapping columns={columns} missing={[]} mapping={{}} onChange={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByText(/按本单位上次的选择对应：序号 → 不导入/)).toBeInTheDocument();
    expect(screen.queryByLabelText('「序号」对应的字段')).toBeNull();
    expect(screen.queryByText('以下列未能按表头自动识别，可指定对应字段或不导入')).toBeNull();
    await user.click(screen.getByRole('button', { name: /修\s*改/ }));
    expect(screen.getByLabelText('「序号」对应的字段')).toBeInTheDocument();
  });

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
