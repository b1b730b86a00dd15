import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { shot, signIn, tableRows } from './helpers';

/**
 * The workspace shell in the production build: layout settings on 个性化设置 applied at once
 * and kept over a reload, the multi-tab bar keeping pages alive, the header's fixed / hide-on-scroll
 * behaviour, and screenshots of the side and top layouts for a look (SCREENSHOTS=1).
 */
const SETTINGS_KEY = 'pro__Layout-Settings';

async function openCustomSettings(page: Page) {
  await page.goto('account/settings/custom');
  await expect(page.getByRole('heading', { name: '个性化设置', level: 4 })).toBeVisible();
}

/** Settings live in the browser's local storage: forget them, back to the defaults. */
async function restoreSettings(page: Page) {
  await page.evaluate((key) => window.localStorage.removeItem(key), SETTINGS_KEY);
}

/** antd's option buttons hide their radio input: choose by clicking the option's label. */
const chooseOption = (page: Page, label: string) =>
  page.locator('label.ant-radio-button-wrapper', { hasText: label }).click();

const searchButton = (page: Page) => page.getByRole('button', { name: /查\s*询/ });
const backgroundOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

test('admin switches from the side menu to the top menu, light menus and a colour; a reload keeps them', async ({ page }) => {
  await signIn(page, 'admin');
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  // Production build: no settings drawer, even for the admin.
  await expect(page.getByRole('button', { name: '布局设置' })).toHaveCount(0);
  // The chosen colour, darkened just enough for AA contrast (src/app/theme.ts): #1677ff → #1369e0.
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(19, 105, 224)');
  await shot(page, 'layout-side', { fullPage: false });

  await openCustomSettings(page);
  await chooseOption(page, '顶部菜单');
  await expect(sider).toHaveCount(0);
  await expect(page.locator('.ant-layout-header .ant-menu-horizontal')).toContainText('活动管理');
  await chooseOption(page, '亮色菜单');
  await page.getByRole('radio', { name: '薄暮' }).click();
  await expect(page.locator('.ant-layout-header .ant-menu-light')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: '顶部菜单' })).toBeChecked();
  await expect(sider).toHaveCount(0);
  await expect(page.locator('.ant-layout-header .ant-menu-horizontal.ant-menu-light')).toBeVisible();
  expect(await backgroundOf(page, '.ant-layout-header')).toBe('rgb(255, 255, 255)');

  await page.locator('.ant-layout-header .ant-menu-horizontal').getByText('活动管理').hover();
  await page.locator('.ant-menu-submenu-popup').getByText('活动列表').click();
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(tableRows(page).first()).toBeVisible();
  // 薄暮 #f5222d, darkened just enough for AA contrast: #da1e28.
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(218, 30, 40)');
  await shot(page, 'layout-top', { fullPage: false });

  // Back to the defaults: the side menu returns.
  await openCustomSettings(page);
  await page.getByRole('button', { name: /恢复默认设置/ }).click();
  await expect(sider).toBeVisible();
  await restoreSettings(page);
});

test('demo turns the whole app dark and back to light with a new colour; a reload keeps it', async ({ page }) => {
  await signIn(page, 'demo');
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await openCustomSettings(page);

  await chooseOption(page, '暗黑模式');
  await expect.poll(() => backgroundOf(page, '.zb-page')).toBe('rgb(20, 20, 20)');
  await page.reload();
  await expect(page.getByRole('radio', { name: '暗黑模式' })).toBeChecked();
  await expect.poll(() => backgroundOf(page, '.zb-page')).toBe('rgb(20, 20, 20)');
  await shot(page, 'layout-dark', { fullPage: false });

  await chooseOption(page, '暗色菜单');
  await page.getByRole('radio', { name: '极光绿' }).click();
  await expect.poll(() => backgroundOf(page, '.zb-page')).toBe('rgb(255, 255, 255)');
  await page.reload();
  await expect(page.getByRole('radio', { name: '极光绿' })).toBeChecked();
  await page.goto('yx/sysActivity/index');
  // 极光绿 #52c41a, darkened just enough for AA contrast on the light theme: #357f11.
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(53, 127, 17)');
  // The top menu of the dark header.
  await expect(page.locator('.ant-layout-header .ant-menu-horizontal.ant-menu-dark')).toBeVisible();
  await restoreSettings(page);
});

test('multi-tab mode keeps each page alive and closes tabs to the left and right', async ({ page }) => {
  await signIn(page, 'demo');
  await openCustomSettings(page);
  await page.getByRole('switch', { name: '多页签模式' }).click();
  const tabBar = page.locator('.zb-multi-tabs .ant-tabs-nav-list');
  const tabs = tabBar.locator('.ant-tabs-tab');
  await expect(tabs).toHaveText(['个性化设置']);

  const menu = page.locator('.ant-layout-header .ant-menu-horizontal');
  const openFromMenu = async (group: string, entry: string) => {
    await menu.getByText(group).hover();
    await page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').getByText(entry).click();
  };

  await openFromMenu('活动管理', '活动列表');
  const activitySearch = page.getByPlaceholder('请输入活动名称');
  await activitySearch.fill('论坛');
  await openFromMenu('项目管理', '项目列表');
  await expect(page.getByPlaceholder('请输入项目名称')).toBeVisible();
  await expect(tabs).toHaveText(['个性化设置', '活动列表', '项目列表']);
  await expect(activitySearch).toBeHidden();
  await shot(page, 'layout-tabs', { fullPage: false });

  await tabBar.getByText('活动列表').click();
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(activitySearch).toBeVisible();
  await expect(activitySearch).toHaveValue('论坛');
  await tabBar.getByText('个性化设置').click();
  await expect(page).toHaveURL(/\/zbzj\/account\/settings\/custom$/);
  await expect(page.getByRole('switch', { name: '多页签模式' })).toBeVisible();
  await expect(page.getByRole('switch', { name: '多页签模式' })).toBeChecked();

  const tabCommand = async (tab: string, command: string) => {
    await tabBar.getByText(tab).click({ button: 'right' });
    // A menu that has finished its slide-in (antd drops the motion class then): clicking an item while
    // it still moves can miss it.
    const shown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up)');
    await shown.getByText(command).click();
    // The menu closes on a choice; the next command must not find it still fading out.
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
  };
  await tabCommand('个性化设置', '关闭左侧');
  await expect(page.getByText('左侧没有标签页')).toBeVisible();
  await tabCommand('项目列表', '关闭右侧');
  await expect(page.getByText('右侧没有标签页')).toBeVisible();
  await tabCommand('活动列表', '关闭左侧');
  await expect(tabs).toHaveText(['活动列表', '项目列表']);
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(activitySearch).toHaveValue('论坛');
  await tabCommand('活动列表', '关闭右侧');
  await expect(tabs).toHaveText(['活动列表']);
  await restoreSettings(page);
});

test('a fixed header stays on top while scrolling; with hide-on-scroll it goes beyond 300 px down', async ({ page }) => {
  await signIn(page, 'demo');
  await openCustomSettings(page);
  await page.getByRole('switch', { name: '固定 Header' }).click();
  await page.goto('yx/sysActivity/index');
  await expect(tableRows(page).first()).toBeVisible();
  // Make the page long enough to scroll.
  await page.locator('.zb-page').evaluate((el) => ((el as HTMLElement).style.minHeight = '3000px'));
  const header = page.locator('.ant-layout-header');
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

  await openCustomSettings(page);
  await page.getByRole('switch', { name: '下滑时隐藏 Header' }).click();
  await page.goto('yx/sysActivity/index');
  await expect(tableRows(page).first()).toBeVisible();
  await page.locator('.zb-page').evaluate((el) => ((el as HTMLElement).style.minHeight = '3000px'));
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, 200);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThanOrEqual(-64);
  await page.mouse.wheel(0, -100);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await restoreSettings(page);
});

test('on a phone the menu opens in a drawer that closes once an entry is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('.zb-menu-drawer');
  await expect(drawer.locator('.ant-menu-root')).toBeVisible();
  await shot(page, 'layout-mobile', { fullPage: false });
  await drawer.getByText('项目管理').click();
  await drawer.getByText('项目列表').click();
  await expect(page).toHaveURL(/\/zbzj\/cnf\/project\/index$/);
  await expect(drawer.locator('.ant-menu-root')).toBeHidden();
});

/** Picks an activity in the header's 切换当前活动 (kept on the server: POST /business/currentActivity). */
async function chooseCurrentActivity(page: Page, name: string) {
  const switcher = page.getByTestId('activity-switch');
  await switcher.click();
  const select = page.getByRole('combobox', { name: '选择当前活动' });
  await expect(select).toBeVisible();
  await select.fill(name);
  const saved = page.waitForResponse((r) => r.url().includes('/admin/business/currentActivity') && r.request().method() === 'POST');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
  expect((await saved).ok()).toBe(true);
  await expect(switcher).toContainText(name);
}

test('the current activity chosen in the header survives a reload and a new tab; 参会人员 opens on its people', async ({ page, context }) => {
  test.setTimeout(120_000);
  const MAIN = '开幕式暨智慧城市发展主论坛';
  // Today's other activity of the demo seed: nobody registered for it.
  const OTHER = '城市数字孪生技术研讨会';
  await signIn(page, 'demo');
  const switcher = page.getByTestId('activity-switch');
  await expect(switcher).toContainText(MAIN);
  try {
    await chooseCurrentActivity(page, OTHER);
    // Not the tab's memory: the server's.
    await page.reload();
    await expect(page.getByTestId('activity-switch')).toContainText(OTHER);

    const tab = await context.newPage();
    const listed = tab.waitForRequest((r) => r.url().includes('/admin/person/person/page'));
    await tab.goto('person/person/index');
    await expect(tab.getByTestId('activity-switch')).toContainText(OTHER);
    // The first request is already narrowed to the current activity, and the list says so.
    expect(new URL((await listed).url()).searchParams.get('activityId')).toMatch(/^\d+$/);
    const scopeTag = tab.locator('.zb-activity-scope');
    await expect(scopeTag).toContainText(`当前活动：${OTHER}`);
    await expect(tab.locator('.ant-table-tbody')).not.toContainText(MAIN);
    // Cleared: every activity's people, and said so.
    // Nobody registered for OTHER: any row now is another activity's (which one comes first depends on the
    // files before this one, which add people to activities of their own).
    await scopeTag.getByLabel('显示全部活动').click();
    await expect(tableRows(tab).first()).toBeVisible();
    await expect(tableRows(tab).first()).not.toContainText(OTHER);
    await expect(tab.locator('.zb-activity-scope')).toContainText('显示全部活动');
    await tab.close();
  } finally {
    // Later files of this worker open on the seed's default, as a user who never chose.
    await page.goto('yx/sysActivity/index');
    await chooseCurrentActivity(page, MAIN);
  }
});
