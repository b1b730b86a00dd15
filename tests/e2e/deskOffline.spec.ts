import { expect } from '@playwright/test';
import { test } from './fixtures';
import { adminApi, shot, signIn } from './helpers';

/**
 * 签到台 through a network outage, as a venue has them: the desk is open on an entrance, the network is
 * cut; a known code gets 请通行 at once (judged on the local copy, marked 离线), the same code again is a
 * duplicate; a reload without network opens the desk again (service worker) with the scans still
 * waiting. Meanwhile another device admits a third attendee online, and the desk lets them through
 * offline too. The network returns: within 15 s both people admitted offline are checked in on the
 * server at their door times, and the third is listed under 需要核对. The gate and attendees are made
 * here (fresh names each run), so a retry finds its own.
 */
const stamp = Date.now().toString(36).slice(-5);
const GATE_NAME = `离线入口${stamp}`;

type Row = Record<string, unknown> & { id: number };

/** China time `yyyy-MM-dd HH:mm:ss` of an instant, as the API writes times. */
const chinaTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

test('签到台 offline: scans judged on the device, kept over a reload, uploaded with their door times when the network returns', async ({ page, context, request, baseURL }) => {
  test.setTimeout(150_000);
  const api = adminApi(request, baseURL!);
  await api.signIn();
  const seeded = await api.call<{ records: Row[] }>('GET', '/gate/gate/page', { limit: 1, page: 1 });
  const activityId = Number(seeded.records[0].activityId);
  const gate = await api.call<Row>('POST', '/gate/gate/save', { activityId, name: GATE_NAME, location: '西登录厅', direction: 1, deviceNo: `E2E-O-${stamp}` });
  const people: Array<{ id: number; name: string; code: string }> = [];
  for (const [i, name] of ['周立群', '吴佳怡', '郑海涛'].entries()) {
    const saved = await api.call<Row>('POST', '/person/person/save', {
      activityId,
      name,
      kind: 1,
      mobile: `135${String(Date.now() % 1e7).padStart(7, '0')}${i}`,
      idType: 2,
      idNo: `O${stamp.toUpperCase()}${i}`.padEnd(9, '0'),
      company: '南京会展服务有限公司',
    });
    await api.call<Row>('POST', '/person/person/updateStatus', { id: saved.id, status: 1 });
    const info = await api.call<Row>('GET', '/person/person/info', { id: saved.id });
    people.push({ id: saved.id, name, code: String(info.code) });
  }
  const [first, second, third] = people;

  await signIn(page, 'demo');
  await page.goto('gate/desk/index');
  await page.getByRole('combobox', { name: '闸机' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: GATE_NAME }).click();
  const field = page.getByRole('textbox', { name: '个人二维码' });
  await expect(field).toBeFocused();
  const network = page.getByTestId('desk-network');
  // The local copy of the activity is on the device, and the app shell with the service worker.
  await expect(page.getByTestId('desk-copy')).toContainText(/本地名单：[\d ]+ 人，更新于 刚刚/, { timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });

  const verdict = page.getByTestId('desk-verdict');
  const scan = async (code: string) => {
    await expect(field).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };

  await context.setOffline(true);
  const cutAt = Date.now();
  await scan(first.code);
  await expect(verdict).toHaveAttribute('data-tone', 'ok', { timeout: 3_000 });
  await expect(verdict).toContainText('请通行');
  await expect(verdict).toContainText(first.name);
  await expect(page.getByTestId('desk-verdict-offline')).toBeVisible();
  await expect(network).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('desk-waiting')).toContainText('待上传 1 条');
  await expect(page.getByTestId('desk-session')).toContainText('1');

  await scan(first.code);
  await expect(verdict).toHaveAttribute('data-tone', 'duplicate', { timeout: 3_000 });
  await expect(verdict).toContainText(`在「${GATE_NAME}」签到`);

  // Another device, still online, admits the third attendee meanwhile.
  await api.call<Row>('POST', '/gate/gate/scan', { gateId: gate.id, code: third.code });

  await scan(second.code);
  await expect(verdict).toContainText(second.name);
  await expect(verdict).toHaveAttribute('data-tone', 'ok');
  await scan(third.code);
  await expect(verdict).toContainText(third.name);
  await expect(verdict).toHaveAttribute('data-tone', 'ok');
  await expect(page.getByTestId('desk-waiting')).toContainText('待上传 4 条');
  await expect(page.getByTestId('desk-today')).toContainText('3');
  const scannedUntil = Date.now();
  await shot(page, 'desk-offline');

  // A reload without network: the service worker opens the desk, the queue is still there.
  await page.reload();
  await expect(field).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: '闸机' }).locator('xpath=ancestor::div[contains(@class, "ant-select")][1]')).toContainText(GATE_NAME);
  await expect(network).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('desk-waiting')).toContainText('待上传 4 条');
  // Today's passes at this gate: the three let through here, kept with the gate.
  await expect(page.getByTestId('desk-today')).toContainText('3');
  await scan(second.code);
  await expect(verdict).toHaveAttribute('data-tone', 'duplicate', { timeout: 3_000 });
  await expect(page.getByTestId('desk-waiting')).toContainText('待上传 5 条');
  await shot(page, 'desk-offline-reloaded');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'desk-offline-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- From here on the server's upload endpoint (POST /gate/gate/desk/upload) is needed. ----
  await context.setOffline(false);
  await expect(network).toHaveAttribute('data-state', 'online', { timeout: 15_000 });
  await expect(page.getByText(/离线扫码上传失败/)).toHaveCount(0);
  await expect(page.getByTestId('desk-waiting')).toHaveCount(0, { timeout: 15_000 });
  const conflicts = page.getByTestId('desk-conflicts');
  await expect(conflicts).toContainText(third.name);
  await expect(conflicts).toContainText('本机：通过 → 服务器：重复');
  await shot(page, 'desk-offline-conflicts');

  for (const person of [first, second]) {
    const passes = await api.call<{ records: Row[] }>('GET', '/gate/checkin/page', { limit: 10, page: 1, personId: person.id });
    expect(passes.records, `${person.name} checked in once`).toHaveLength(1);
    // The list shows the minute: stamped with the moment at the door, not the moment of the upload.
    const at = String(passes.records[0].checkedAt).slice(0, 16);
    expect(at >= chinaTime(cutAt - 1000).slice(0, 16) && at <= chinaTime(scannedUntil + 1000).slice(0, 16), `${person.name} at ${at}`).toBe(true);
    expect(Number(passes.records[0].gateId)).toBe(gate.id);
  }
});
