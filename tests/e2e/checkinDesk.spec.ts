import { expect } from '@playwright/test';
import { test } from './fixtures';
import { adminApi, shot, signIn } from './helpers';

/**
 * 签到台 at a real gate: demo signs in, opens 签到台 from the menu, picks a gate and scans two approved
 * attendees' codes as a keyboard-wedge scanner does (the code, then Enter), one of them twice: pass, pass,
 * then a duplicate naming the first time and gate; the session count follows. The gate and attendees
 * are made here through the API (staff entry, approval), so the spec does not lean on the seed's people.
 *
 * Screenshots for a look (SCREENSHOTS=1): helpers.ts's shot.
 */
const stamp = Date.now().toString(36).slice(-5);
const GATE_NAME = `东入口${stamp}`;

type Row = Record<string, unknown> & { id: number };

test('签到台: two attendees pass, the second scan of one is a duplicate with the first time and gate', async ({ page, request, baseURL }) => {
  const api = adminApi(request, baseURL!);
  await api.signIn();
  // Any activity of demo's that already has gates: the new gate and attendees go there.
  const seeded = await api.call<{ records: Row[] }>('GET', '/gate/gate/page', { limit: 1, page: 1 });
  const activityId = Number(seeded.records[0].activityId);
  await api.call<Row>('POST', '/gate/gate/save', { activityId, name: GATE_NAME, location: '东登录厅', direction: 1, deviceNo: `E2E-${stamp}` });
  const attendees: Array<{ id: number; name: string; code: string }> = [];
  for (const [i, name] of ['赵一鸣', '钱晓雯'].entries()) {
    const mobile = `137${String(Date.now() % 1e7).padStart(7, '0')}${i}`;
    const saved = await api.call<Row>('POST', '/person/person/save', {
      activityId,
      name,
      kind: 2,
      mobile,
      idType: 2,
      idNo: `E${stamp.toUpperCase()}${i}`.padEnd(9, '0'),
      company: i === 0 ? '上海城建信息科技有限公司' : '杭州云启数据有限公司',
    });
    await api.call<Row>('POST', '/person/person/updateStatus', { id: saved.id, status: 1 });
    const info = await api.call<Row>('GET', '/person/person/info', { id: saved.id });
    attendees.push({ id: saved.id, name, code: String(info.code) });
  }
  const [first, second] = attendees;
  // The first has a seat: the verdict names it beside the name.
  const hall = await api.call<Row>('POST', '/hall/hall/save', { name: `主会场${stamp}` });
  await api.call<Row>('POST', '/seat/seat/save', { activityId, hallId: hall.id, area: 'A区', rowNo: 3, seatNo: 12, kind: 1, state: 1, personId: first.id });

  await signIn(page, 'demo');
  await page.goto('gate/desk/index');
  const field = page.getByRole('textbox', { name: '个人二维码' });
  await expect(field).toBeDisabled();
  await page.getByRole('combobox', { name: '闸机' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: GATE_NAME }).click();
  await expect(field).toBeFocused();

  const verdict = page.getByTestId('desk-verdict');
  const session = page.getByTestId('desk-session');
  const scan = async (code: string) => {
    // A wedge scanner types into whatever has the focus: the field must have kept it.
    await expect(field).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };

  await scan(first.code);
  await expect(verdict).toHaveAttribute('data-tone', 'ok');
  await expect(verdict).toContainText('请通行');
  await expect(verdict).toContainText(first.name);
  await expect(verdict).toContainText('上海城建信息科技有限公司 · 嘉宾');
  await expect(page.getByTestId('desk-person-seat')).toHaveText(`座位：主会场${stamp} A区 3排12号`);
  await expect(session).toContainText('1');
  const firstTime = (await verdict.textContent())!.match(/通行时间 (\d\d:\d\d):\d\d/)![1];
  await shot(page, 'checkin-desk-pass');

  await scan(second.code);
  await expect(verdict).toContainText(second.name);
  await expect(verdict).toHaveAttribute('data-tone', 'ok');
  await expect(session).toContainText('2');

  await scan(first.code);
  await expect(verdict).toHaveAttribute('data-tone', 'duplicate');
  await expect(verdict).toContainText('重复签到');
  await expect(verdict).toContainText(`已于 ${firstTime} 在「${GATE_NAME}」签到`);
  await expect(verdict).toContainText(first.name);
  await expect(session).toContainText('3');
  await expect(page.getByTestId('desk-tally')).toContainText('通过 2');
  await expect(page.getByTestId('desk-tally')).toContainText('重复 1');
  await expect(page.getByTestId('desk-today')).toContainText('2');
  const recent = page.getByTestId('desk-recent').locator('li');
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText(`${first.name}重复`);
  await expect(field).toBeFocused();
  await shot(page, 'checkin-desk');

  // The gate is remembered: a reload opens the desk at it, ready to scan.
  await page.reload();
  await expect(page.getByRole('combobox', { name: '闸机' }).locator('xpath=ancestor::div[contains(@class, "ant-select")][1]')).toContainText(GATE_NAME);
  await expect(field).toBeEnabled();
});

test('签到台: desk search by name finds a pending attendee, approves them on the spot and checks them in by hand', async ({ page, request, baseURL }) => {
  const api = adminApi(request, baseURL!);
  await api.signIn();
  const seeded = await api.call<{ records: Row[] }>('GET', '/gate/gate/page', { limit: 1, page: 1 });
  const activityId = Number(seeded.records[0].activityId);
  const gateName = `服务台${stamp}`;
  await api.call<Row>('POST', '/gate/gate/save', { activityId, name: gateName, location: '南登录厅', direction: 1, deviceNo: `E2E-D-${stamp}` });
  const company = `悦然文化传播${stamp}`;
  const mobile = `136${String(Date.now() % 1e8).padStart(8, '0')}`;
  // Left pending (待审核), as a registration the desk approves on the spot.
  await api.call<Row>('POST', '/person/person/save', { activityId, name: '孙悦然', kind: 1, mobile, idType: 2, idNo: `E${stamp.toUpperCase()}9`.padEnd(9, '0'), company });

  await signIn(page, 'demo');
  await page.goto('gate/desk/index');
  await page.getByRole('combobox', { name: '闸机' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: gateName }).click();
  const field = page.getByRole('textbox', { name: '个人二维码' });
  await expect(field).toBeFocused();

  await page.keyboard.type('孙悦然');
  const card = page.getByTestId('desk-person-card').filter({ hasText: company });
  await expect(card).toBeVisible();
  await expect(card).toContainText('待审核');
  await expect(card).toContainText('观众');
  await expect(card).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  await expect(card.getByRole('button', { name: /签到/ })).toBeDisabled();
  // The initials find the same person.
  await field.fill('');
  await page.keyboard.type('syr');
  await expect(page.getByTestId('desk-results')).toContainText('「syr」找到');
  await expect(card).toBeVisible();
  await shot(page, 'checkin-desk-search');

  await card.getByRole('button', { name: /审核通过/ }).click();
  await expect(card).toContainText('已通过');
  await card.getByRole('button', { name: /签到/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '人工签到原因' }).fill('手机没电，核对身份证后签到');
  await dialog.getByRole('button', { name: /确认签到/ }).click();
  const verdict = page.getByTestId('desk-verdict');
  await expect(verdict).toHaveAttribute('data-tone', 'ok');
  await expect(verdict).toContainText('人工签到成功');
  await expect(verdict).toContainText('孙悦然');
  await expect(card).toContainText('已签到');
  await expect(field).toBeFocused();
  await shot(page, 'checkin-desk-manual');
});
