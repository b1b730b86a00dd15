import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { FIELD_INPUTS } from '../../src/components/resource/fieldInputs';
import { fileProblem } from '../../src/components/resource/FileInput';
import { toFormValue, toSaveForm, toWireValue } from '../../src/components/resource/fieldValues';
import { hintedLabel, pickPatch } from '../../src/components/resource/RefSelect';
import { ResourceForm } from '../../src/components/resource/ResourceForm';
import { ResourcePage } from '../../src/components/resource/ResourcePage';
import type { ResourceRow } from '../../src/components/resource/resourceApi';
import { FIELD_TYPES } from '@domain/resource/fieldTypes';
import { fieldOf } from '@domain/resource/framework';
import { invoice } from '@domain/finance/resources';
import { exhibitor, team } from '@domain/participants/resources';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { user } from '../mocks/app';
import { API, receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';
import { useSession } from '../../src/stores/session';

/** The browser's field-type registry: conversions of each type, and the inputs in a form against msw. */

const field = (def: { fields: readonly FieldDef[] }, name: string) => fieldOf(def, name)!;

describe('field-type registry (browser half)', () => {
  it('has an entry for every field type of the shared registry', () => {
    expect(Object.keys(FIELD_INPUTS).sort()).toEqual(Object.keys(FIELD_TYPES).sort());
  });

  it('boolean: a switch value becomes 1 / 0 on the wire, and the row’s true / false the switch value', () => {
    const firstTime = field(exhibitor, 'firstTime');
    expect(toWireValue(firstTime, true)).toBe('1');
    expect(toWireValue(firstTime, false)).toBe('0');
    expect(toWireValue(firstTime, undefined)).toBe('');
    expect(toFormValue(firstTime, true)).toBe(true);
    expect(toFormValue(firstTime, false)).toBe(false);
    expect(toFormValue(firstTime, null)).toBeUndefined();
  });

  it('many: chosen ids become comma-joined text, nothing chosen is empty', () => {
    const services = field(exhibitor, 'serviceIds');
    expect(toWireValue(services, [3, 8])).toBe('3,8');
    expect(toWireValue(services, [])).toBe('');
    expect(toWireValue(services, undefined)).toBe('');
    expect(toFormValue(services, [3, 8])).toEqual([3, 8]);
    expect(toFormValue(services, [])).toBeUndefined();
  });

  it('datetime and time: pickers’ values as YYYY-MM-DD HH:mm and HH:mm, and back', () => {
    const moveIn = field(exhibitor, 'moveInAt');
    expect(toWireValue(moveIn, dayjs('2026-12-07T08:30:00'))).toBe('2026-12-07 08:30');
    expect((toFormValue(moveIn, '2026-12-07 08:30') as dayjs.Dayjs).format('YYYY-MM-DD HH:mm')).toBe('2026-12-07 08:30');
    const open = { name: 'openTime', label: '每日开始时间', type: 'time' } as const satisfies FieldDef;
    expect(toWireValue(open, dayjs('2026-01-01T09:05:00'))).toBe('09:05');
    expect((toFormValue(open, '09:05:00') as dayjs.Dayjs).format('HH:mm')).toBe('09:05');
  });

  it('image / file: a kept file is its id, a new one the JSON of its name and base64 content, a cleared one empty', () => {
    const logo = field(exhibitor, 'logo');
    expect(toWireValue(logo, 12)).toBe('12');
    expect(JSON.parse(toWireValue(logo, { fileName: 'logo.png', content: 'iVBORw0KGgo=' }))).toEqual({ fileName: 'logo.png', content: 'iVBORw0KGgo=' });
    expect(toWireValue(logo, undefined)).toBe('');
    expect(toFormValue(logo, 12)).toBe(12);
  });

  it('an activity row saves its activity, not its project', () => {
    const form = toSaveForm(exhibitor, { activityId: 2, cnfId: 1, fasciaName: '智联城', firstTime: false, serviceIds: [8] }, null);
    expect(form).toMatchObject({ activityId: '2', fasciaName: '智联城', firstTime: '0', serviceIds: '8' });
    expect(form.cnfId).toBeUndefined();
  });
});

describe('file inputs', () => {
  it('take the types the shared registry accepts, up to 5 MB, before anything is read', () => {
    const logo = field(exhibitor, 'logo');
    const applyForm = field(team, 'applyForm');
    expect(fileProblem(logo, { name: '标志.PNG', size: 1000 })).toBeNull();
    expect(fileProblem(logo, { name: '标志.pdf', size: 1000 })).toBe('只能上传 jpg、png 格式的文件');
    expect(fileProblem(applyForm, { name: '报名表.pdf', size: 1000 })).toBeNull();
    expect(fileProblem(applyForm, { name: 'setup.exe', size: 1000 })).toMatch(/^只能上传 pdf、/);
    expect(fileProblem(applyForm, { name: '报名表.pdf', size: 5 * 1024 * 1024 + 1 })).toBe('文件大小不能超过 5MB');
    expect(fileProblem(applyForm, { name: '报名表.pdf', size: 0 })).toBe('文件内容为空');
  });
});

describe('reference hints', () => {
  const hint = field(invoice, 'contractId').refHint!;

  it('label a choice with what is left on it, and mark a spent one', () => {
    expect(hintedLabel('展位合同', hint, { invoicedLeft: '20000.00' })).toBe('展位合同（可开票 ¥20,000.00）');
    expect(hintedLabel('广告合同', hint, { invoicedLeft: '0.00' })).toBe('广告合同（可开票 ¥0.00） — 已无余额');
    expect(hintedLabel('旧合同', hint, {})).toBe('旧合同');
  });

  it('fill the amount with what is left, but not from a spent choice', () => {
    const contract = field(invoice, 'contractId');
    expect(pickPatch(contract, { id: 1, invoicedLeft: '20000.00' })).toEqual({ amount: '20000.00' });
    expect(pickPatch(contract, { id: 2, invoicedLeft: '0.00' })).toEqual({});
    expect(pickPatch(contract, null)).toEqual({});
  });
});

const saved: Array<Record<string, string>> = [];
const listed: Array<{ path: string; params: Record<string, string> }> = [];

function renderForm(def: ResourceDef, row: ResourceRow | null = null, presets?: Record<string, unknown>) {
  render(
    <AppProviders>
      <ResourceForm def={def} open row={row} presets={presets} onClose={() => {}} onSaved={() => {}} />
    </AppProviders>,
  );
  return screen.findByRole('dialog');
}

/** The option of an open antd select with this title (its label). */
async function findOption(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.title === title);
    if (!option) throw new Error(`没有选项：${title}`);
    return option;
  });
}

/** Opens an antd select by its label and picks the option with this title. */
async function choose(dialog: HTMLElement, label: string, title: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.click(await findOption(title));
}

beforeEach(() => {
  saved.length = 0;
  listed.length = 0;
  resetSession();
  signInAs('admin');
  server.use(
    http.get(API('/:group/:resource/list'), async ({ request, params }) => {
      listed.push({ path: `${String(params.group)}/${String(params.resource)}`, params: await receivedParams(request) });
      if (params.resource === 'goods') return HttpResponse.json({ code: 0, msg: '操作成功', data: [{ id: 3, name: '标准展位搭建' }, { id: 8, name: '电力接驳' }] });
      if (params.resource === 'contract') {
        return HttpResponse.json({
          code: 0,
          msg: '操作成功',
          data: [
            { id: 2, name: '广告合同', invoicedLeft: '0.00' },
            { id: 1, name: '展位合同', invoicedLeft: '20000.00' },
          ],
        });
      }
      return HttpResponse.json({ code: 0, msg: '操作成功', data: [] });
    }),
    http.post(API('/:group/:resource/save'), async ({ request }) => {
      saved.push(await receivedParams(request));
      return HttpResponse.json({ code: 0, msg: '保存成功', data: { id: 1 } });
    }),
  );
});
afterEach(() => resetSession());

describe('the form of an activity row (展商)', () => {
  const PRESETS = { customerId: 5, customerName: '上海智联城科技有限公司', fasciaName: '智联城', hall: 'N1馆', boothNo: 'N1-A08', contactName: '张伟', contactMobile: '13800138000' };

  it('asks for the activity, narrows the services by its project, and sends the switch as 1 and the services as ids', async () => {
    const dialog = await renderForm(exhibitor, null, PRESETS);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择所属活动')).toBeInTheDocument();

    await choose(dialog, '所属活动', '专题活动2（2026中国国际智慧城市博览会）');
    // The activity's project (cnfId 1) narrows the goods offered as services.
    await waitFor(() => expect(listed.filter((c) => c.path === 'goods/goods').at(-1)?.params).toMatchObject({ cnfId: '1' }));

    await choose(dialog, '已订服务', '标准展位搭建');
    await user.click(await findOption('电力接驳'));
    await user.click(within(dialog).getByRole('switch'));

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ activityId: '2', firstTime: '1', serviceIds: '3,8', fasciaName: '智联城', moveInAt: '', logo: '' });
    expect(saved[0].cnfId).toBeUndefined();
  });

  it('shows an edited row’s services and logo by name, and keeps them as ids when saved unchanged', async () => {
    const ROW = {
      id: 40,
      activityId: 1,
      activityName: '开幕式暨主论坛',
      cnfId: 1,
      projectName: '2026中国国际智慧城市博览会',
      ...PRESETS,
      boothType: 1,
      area: 9,
      moveInAt: '2026-12-07 08:30',
      firstTime: false,
      serviceIds: [3, 8],
      serviceNames: ['标准展位搭建', '电力接驳'],
      logo: 12,
      logoName: '智联城标志.png',
      status: 0,
    };
    server.use(http.get(API('/exhibitor/exhibitor/info'), () => HttpResponse.json({ code: 0, msg: '操作成功', data: ROW })));
    const dialog = await renderForm(exhibitor, ROW);
    expect(await within(dialog).findByText('智联城标志.png')).toBeInTheDocument();
    expect(within(dialog).getByText('标准展位搭建')).toBeInTheDocument();
    expect(within(dialog).getByText('电力接驳')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch')).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: '40', activityId: '1', firstTime: '0', serviceIds: '3,8', logo: '12', moveInAt: '2026-12-07 08:30' });
  });
});

describe('a reference with a hint (发票 → 合同)', () => {
  it('labels the choices with what is left, greys the spent one, and fills the amount from the picked one', async () => {
    const dialog = await renderForm(invoice);
    await user.click(within(dialog).getByLabelText('合同'));
    const good = await findOption('展位合同（可开票 ¥20,000.00）');
    const spent = await findOption('广告合同（可开票 ¥0.00） — 已无余额');
    expect(spent.querySelector('.zb-ref-spent')).not.toBeNull();
    // Choices with something left come first (the list answered the spent one first).
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(titles).toEqual(['展位合同（可开票 ¥20,000.00）', '广告合同（可开票 ¥0.00） — 已无余额']);
    expect(listed.find((c) => c.path === 'contract/contract')?.params).toMatchObject({ auditStatus: '2' });

    await user.click(good);
    await waitFor(() => expect(within(dialog).getByLabelText('开票金额')).toHaveValue('20000.00'));
  });
});

describe('lines without pricing (团队成员)', () => {
  it('show no amounts or total, and ask for at least one line', async () => {
    const dialog = await renderForm(team);
    expect(within(dialog).getByText('团队成员')).toBeInTheDocument();
    expect(within(dialog).queryByText('金额')).toBeNull();
    expect(within(dialog).queryByTestId('lines-total')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请至少添加一条团队成员')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /添加团队成员/ }));
    expect(within(dialog).queryAllByTestId('line-amount')).toHaveLength(0);
    await waitFor(() => expect(within(dialog).queryByText('请至少添加一条团队成员')).toBeNull());
  });
});

describe('the list of an activity row (展商)', () => {
  it('searches by activity and by 是/否 (1 / 0), and shows the activity, then its project', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get(API('/exhibitor/exhibitor/page'), async ({ request }) => {
        asked.push(await receivedParams(request));
        return HttpResponse.json({
          code: 0,
          msg: '操作成功',
          data: {
            total: 1,
            records: [
              {
                id: 40,
                customerName: '上海智联城科技有限公司',
                fasciaName: '智联城',
                hall: 'N1馆',
                boothNo: 'N1-A08',
                boothType: 1,
                area: 9,
                moveInAt: '2026-12-07 08:30',
                firstTime: true,
                serviceIds: [3, 8],
                serviceNames: ['标准展位搭建', '电力接驳'],
                status: 0,
                activityId: 2,
                activityName: '专题活动2',
                cnfId: 1,
                projectName: '2026中国国际智慧城市博览会',
              },
            ],
          },
        });
      }),
    );
    useSession.setState({ authorities: ['user', 'MENU_exhibitor_exhibitor'] });
    render(
      <AppProviders>
        <ResourcePage def={exhibitor} />
      </AppProviders>,
    );
    const row = (await screen.findByText('智联城')).closest('tr')!;
    expect(within(row).getByText('是')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-07 08:30')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.indexOf('所属活动')).toBeGreaterThan(-1);
    expect(headers.indexOf('所属项目')).toBe(headers.indexOf('所属活动') + 1);

    const bar = document.querySelector('form.ant-form-inline') as HTMLElement;
    await choose(bar, '所属活动', '专题活动2（2026中国国际智慧城市博览会）');
    await choose(bar, '首次参展', '否');
    await user.click(within(bar).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ activityId: '2', firstTime: '0', page: '1' }));
  });
});
