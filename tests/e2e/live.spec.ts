import { expect } from '@playwright/test';
import { test } from './fixtures';
import { adminApi, shot, signIn } from './helpers';

/**
 * Live pages: 参会人员 is open on an attendee who has not checked in; a gate elsewhere scans their code
 * (through the API, as a gate device would); the list shows 已签到 without a reload (the tab's event
 * stream, src/api/live.ts).
 */
const stamp = Date.now().toString(36).slice(-5);

type Row = Record<string, unknown> & { id: number };

test('参会人员 shows a check-in made at a gate without a reload', async ({ page, request, baseURL }) => {
  const api = adminApi(request, baseURL!);
  await api.signIn();
  const seeded = await api.call<{ records: Row[] }>('GET', '/gate/gate/page', { limit: 1, page: 1 });
  const activityId = Number(seeded.records[0].activityId);
  const gate = await api.call<Row>('POST', '/gate/gate/save', { activityId, name: `实时${stamp}`, location: '东登录厅', direction: 1, deviceNo: `LIVE-${stamp}` });
  const name = `实时${stamp}`;
  const saved = await api.call<Row>('POST', '/person/person/save', {
    activityId,
    name,
    kind: 2,
    mobile: `136${String(Date.now() % 1e8).padStart(8, '0')}`,
    idType: 2,
    idNo: `E${stamp.toUpperCase()}`.padEnd(9, '0'),
  });
  await api.call<Row>('POST', '/person/person/updateStatus', { id: saved.id, status: 1 });
  const info = await api.call<Row>('GET', '/person/person/info', { id: saved.id });

  await signIn(page, 'demo');
  await page.goto(`person/person/index?name=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('未签到');
  const loads = page.waitForRequest((r) => r.url().includes('/admin/person/person/page'));

  await api.call('POST', '/gate/gate/scan', { gateId: gate.id, code: String(info.code) });
  await loads;
  await expect(row).toContainText('已签到', { timeout: 3000 });
  await shot(page, 'live-person-list');
});
