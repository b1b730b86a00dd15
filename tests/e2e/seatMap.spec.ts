import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { confirmDialog, shot, signIn } from './helpers';

/**
 * 座位 as the demo organiser's staff: generate the seats of a hall (展馆) on the seat map, put two
 * approved attendees on seats, free one of them, and watch the counts follow; the map is photographed
 * at 1440×900.
 */
const ACTIVITY = '开幕式暨智慧城市发展主论坛';
const HALL = '分论坛A';

const count = (page: Page, key: string) => page.getByTestId(`seat-count-${key}`);

/** Picks an option of a select, typing to narrow a long (virtual) list first when it can be searched. */
async function pickSelect(page: Page, select: Locator, text: string, search = true) {
  await select.click();
  if (search) await select.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Opens a seat, picks the first approved attendee the search offers, assigns; returns their name. */
async function assignFirstChoice(page: Page, seat: Locator, keyword: string): Promise<string> {
  await seat.click();
  const panel = page.locator('.zb-seat-panel');
  await expect(panel).toBeVisible();
  const picker = panel.getByRole('combobox', { name: '选择参会人员' });
  await picker.click();
  await picker.fill(keyword);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)').first();
  await expect(option).toBeVisible();
  const name = ((await option.textContent()) ?? '').replace(/（.*$/, '').trim();
  await option.click();
  await panel.getByRole('button', { name: /分配座位/ }).click();
  await expect(page.locator('.ant-message-notice').getByText(new RegExp(`分配给${name}`))).toBeVisible();
  return name;
}

test('generate a hall, assign and free seats on the map', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  await page.goto('seat/seat/index');
  await expect(page.getByRole('tab', { name: '座位图' })).toHaveAttribute('aria-selected', 'true');
  await pickSelect(page, page.getByRole('combobox', { name: '活动' }), ACTIVITY);

  await page.getByRole('button', { name: /批量生成/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '批量生成座位' });
  // One of the organiser's 展馆 (seeded), without seats in this activity yet.
  await pickSelect(page, dialog.getByRole('combobox', { name: '会场' }), HALL);
  await dialog.getByLabel('区域').fill('A区');
  await dialog.getByRole('spinbutton', { name: '排数' }).fill('5');
  await dialog.getByRole('spinbutton', { name: '每排座位数' }).fill('8');
  await expect(dialog).toContainText('共 40 个座位');
  await dialog.getByRole('button', { name: /生\s*成/ }).click();
  await confirmDialog(page, `将在「${HALL}」生成 40 个普通座位：第 1–5 排，每排 1–8 号，区域 A区`);
  await expect(page.locator('.ant-message-notice').getByText(`已在${HALL}生成 40 个座位`)).toBeVisible();

  const grid = page.getByRole('group', { name: `${HALL}座位图` });
  await expect(grid.getByRole('button')).toHaveCount(40);
  await expect(count(page, 'total')).toHaveText('共 40 座');
  await expect(count(page, 'assigned')).toContainText('已分配 0');
  await expect(page.locator('.zb-seat-toolbar')).toContainText(`${HALL}（40 座）`);

  const first = await assignFirstChoice(page, grid.getByRole('button', { name: 'A区 1排4号 空闲' }), '');
  await expect(grid.getByRole('button', { name: `A区 1排4号 已分配 ${first}` })).toBeVisible();
  await page.locator('.zb-seat-panel').getByRole('button', { name: '关闭' }).click();

  // The person seated already is offered as taken; the next free choice goes to the second seat.
  const second = await assignFirstChoice(page, grid.getByRole('button', { name: 'A区 3排5号 空闲' }), '');
  expect(second).not.toBe(first);
  await expect(grid.getByRole('button', { name: `A区 3排5号 已分配 ${second}` })).toBeVisible();
  await expect(count(page, 'assigned')).toContainText('已分配 2');
  await expect(count(page, 'free')).toContainText('空闲 38');
  await page.locator('.zb-seat-panel').getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('.zb-seat-panel')).toBeHidden();

  await shot(page, 'seat-map', { fullPage: false });

  // 查找人员: the name rings and opens the seat; the legend names every 人员类别 the seats are coloured by.
  const finder = page.getByRole('searchbox', { name: '查找人员' });
  await finder.fill(first);
  await finder.press('Enter');
  await expect(page.getByTestId('seat-search-result')).toContainText(`${first}：A区 1排4号`);
  await expect(grid.getByRole('button', { name: `A区 1排4号 已分配 ${first}` })).toHaveClass(/zb-seat-found/);
  await expect(page.getByRole('group', { name: '人员类别图例' })).toContainText('观众嘉宾演讲嘉宾媒体展商人员工作人员');
  await shot(page, 'seat-map-search', { fullPage: false });
  await finder.fill('13000000000');
  await finder.press('Enter');
  await expect(page.getByTestId('seat-search-result')).toContainText('未找到');
  await page.locator('.zb-seat-panel').getByRole('button', { name: '关闭' }).click();

  await grid.getByRole('button', { name: `A区 1排4号 已分配 ${first}` }).click();
  await page.locator('.zb-seat-panel').getByRole('button', { name: /释放座位/ }).click();
  await expect(page.locator('.ant-message-notice').getByText('已释放A区 1排4号')).toBeVisible();
  await expect(grid.getByRole('button', { name: 'A区 1排4号 空闲' })).toBeVisible();
  await expect(count(page, 'assigned')).toContainText('已分配 1');
  await expect(count(page, 'free')).toContainText('空闲 39');
  await shot(page, 'seat-map-panel', { fullPage: false });

  // The list tab shows the same seats, read from the generic page.
  await page.getByRole('tab', { name: '列表' }).click();
  await expect(page.locator('.zb-resource-seat .ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('tab', { name: '座位图' }).click();
  await expect(grid.getByRole('button', { name: `A区 3排5号 已分配 ${second}` })).toBeVisible();
});

test('a map of the seeded main hall opens with keyboard access', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('seat/seat/index');
  await pickSelect(page, page.getByRole('combobox', { name: '活动' }), ACTIVITY);
  await pickSelect(page, page.getByRole('combobox', { name: '会场' }), '主论坛厅', false);
  const grid = page.getByRole('group', { name: '主论坛厅座位图' });
  await expect(grid.getByRole('button').first()).toBeVisible();
  const firstSeat = grid.locator('button[tabindex="0"]');
  await expect(firstSeat).toHaveCount(1);
  await firstSeat.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('.zb-seat-grid button:focus');
  await expect(focused).toHaveAttribute('aria-label', /^(?:\S+ )?2排2号/);
  await page.keyboard.press('Enter');
  await expect(page.locator('.zb-seat-panel')).toContainText('2排2号');
  await shot(page, 'seat-map-main-hall', { fullPage: false });
});

test('automatic seating: preview on the map, save, undo; the panel beside the map at 1280 and 1920 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'demo');
  await page.goto('seat/seat/index');
  await pickSelect(page, page.getByRole('combobox', { name: '活动' }), ACTIVITY);
  await pickSelect(page, page.getByRole('combobox', { name: '会场' }), '主论坛厅', false);
  const grid = page.getByRole('group', { name: '主论坛厅座位图' });
  await expect(grid.getByRole('button').first()).toBeVisible();
  const assigned = Number(((await count(page, 'assigned').textContent()) ?? '').replace(/\D/g, ''));

  await page.getByRole('button', { name: /自动排座/ }).filter({ hasNotText: '撤销' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '自动排座：主论坛厅' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  const banner = page.locator('.zb-seat-proposal');
  await expect(banner).toContainText(/预览：将安排 \d+ 人/);
  const proposed = Number((/将安排 (\d+) 人/.exec((await banner.textContent()) ?? '') ?? [])[1]);
  expect(proposed).toBeGreaterThan(0);
  await expect(page.locator('.zb-seat-proposed')).toHaveCount(proposed);
  await shot(page, 'seat-auto-preview-1280', { fullPage: false });

  await banner.getByRole('button', { name: /保存排座/ }).click();
  await expect(page.locator('.ant-message-notice').getByText(new RegExp(`自动安排 ${proposed} 个座位`))).toBeVisible();
  await expect(count(page, 'assigned')).toContainText(`已分配 ${assigned + proposed}`);
  await expect(page.locator('.zb-seat-proposed')).toHaveCount(0);

  // The panel opens beside the map: the map's right edge stays left of the panel.
  await grid.locator('button.zb-seat-s1').first().click();
  const panel = page.locator('.zb-seat-panel');
  await expect(panel).toBeVisible();
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const map = await page.locator('.zb-seat-scroll').boundingBox();
    const side = await panel.boundingBox();
    expect(map!.x + map!.width).toBeLessThanOrEqual(side!.x);
    await shot(page, `seat-map-panel-${width}`, { fullPage: false });
  }
  await panel.getByRole('button', { name: '关闭' }).click();

  await page.getByRole('button', { name: /撤销自动排座/ }).click();
  await confirmDialog(page, `自动安排的 ${proposed} 个座位`);
  await expect(page.locator('.ant-message-notice').getByText(`已撤销上次自动排座，释放 ${proposed} 个座位`)).toBeVisible();
  await expect(count(page, 'assigned')).toContainText(`已分配 ${assigned}`);
  await expect(page.getByRole('button', { name: /撤销自动排座/ })).toHaveCount(0);
});
