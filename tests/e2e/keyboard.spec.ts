import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { accounts, shot, tableRows } from './helpers';

/**
 * One working path by keyboard only — Tab, Shift+Tab, Enter, arrows, Delete and Escape; no
 * clicks and no filling of inputs by locator: text is typed into whatever holds the focus. Sign in, 客户
 * through the header menu, a search, 新增 with its required fields, the new row removed through its row
 * action and the confirmation, a switch and a close in the multi-tab bar, a modal closed with Escape that
 * hands the focus back. Along the way the focus must be visible.
 */

interface Target {
  /** The focused element's own text or accessible name, trimmed and without spaces. */
  name?: string | RegExp;
  role?: string;
  id?: string;
  /** An ancestor the focused element must be in (CSS selector). */
  within?: string;
}

/** What holds the focus, in the terms of a Target. */
async function active(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = (el.getAttribute('aria-label') ?? el.innerText ?? el.getAttribute('placeholder') ?? '').replace(/\s+/g, '');
    return { name, role: el.getAttribute('role') ?? el.tagName.toLowerCase(), id: el.id, placeholder: el.getAttribute('placeholder') ?? '' };
  });
}

async function isFocused(page: Page, target: Target): Promise<boolean> {
  const hit = await active(page);
  if (!hit) return false;
  if (target.id !== undefined && hit.id !== target.id) return false;
  if (target.role !== undefined && hit.role !== target.role) return false;
  if (target.name !== undefined) {
    const names = [hit.name, hit.placeholder];
    if (!names.some((n) => (typeof target.name === 'string' ? n === target.name : target.name!.test(n)))) return false;
  }
  if (target.within) {
    const inside = await page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), target.within);
    if (!inside) return false;
  }
  return true;
}

/** Presses `key` until `target` holds the focus (at most `max` times). */
async function pressUntil(page: Page, key: string, target: Target, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    // Popups (a submenu, a dropdown) move the focus a moment after the key: wait for it before the next.
    for (let wait = 0; wait < 4; wait++) {
      if (await isFocused(page, target)) return;
      if (!key.startsWith('Arrow')) break;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`${key} ×${max} never reached ${JSON.stringify(target, (_, v: unknown) => (v instanceof RegExp ? String(v) : v))}; focus is on ${JSON.stringify(await active(page))}`);
}

/** The focused element (or the control around it) shows a focus indicator. */
async function expectVisibleFocus(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        let el = document.activeElement as HTMLElement | null;
        for (let depth = 0; el && el !== document.body && depth < 4; depth++, el = el.parentElement) {
          const style = getComputedStyle(el);
          if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none') return true;
        }
        return false;
      }),
    )
    .toBe(true);
}

test.use({ viewport: { width: 1440, height: 900 } });

test.setTimeout(180_000);

test('keyboard only: sign in, 客户 from the menu, search, 新增, delete, tabs, a modal and signing out', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const name = `键盘客户${stamp}`;
  // The multi-tab bar is a layout setting (kept in local storage); this walk uses it.
  await page.addInitScript(() => {
    window.localStorage.setItem('pro__Layout-Settings', JSON.stringify({ value: { multiTab: true }, expire: null }));
  });

  // Sign in.
  await page.goto('user/login');
  await expect(page).toHaveTitle('登录 - 主办之家');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录');
  await pressUntil(page, 'Tab', { id: 'username' });
  await expectVisibleFocus(page);
  await page.keyboard.type(accounts.demo.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(accounts.demo.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  // The back office's chunks may still be on their way after the sign-in (two busy cores).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('活动列表', { timeout: 30_000 });

  // The first Tab stop is the skip link; it moves the focus to the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  expect(await isFocused(page, { name: '跳到主要内容' })).toBe(true);
  await expectVisibleFocus(page);
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#zb-main')).toBeFocused();

  // The header menu: Tab to it, → along the sections, ↓ into 客户管理, Enter on 客户.
  await pressUntil(page, 'Shift+Tab', { role: 'menu' });
  await pressUntil(page, 'ArrowRight', { name: '客户管理' }, 10);
  await pressUntil(page, 'ArrowDown', { name: '客户', role: 'menuitem' }, 6);
  await expectVisibleFocus(page);
  await shot(page, 'keyboard-menu-item', { clip: { x: 0, y: 0, width: 1440, height: 320 } });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zbzj\/crm\/customer\/index$/);
  await expect(page).toHaveTitle('客户 - 主办之家');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('客户');
  await expect(page.getByRole('region', { name: '客户列表' })).toBeVisible();
  // The menu's popup closed with the choice, and the focus went on to the page.
  await expect(page.locator('.ant-menu-submenu-popup:visible')).toHaveCount(0);
  await expect(page.locator('#zb-main')).toBeFocused();

  // Search: type into the name filter, Enter submits.
  await pressUntil(page, 'Tab', { name: '请输入客户名称' });
  await expectVisibleFocus(page);
  await page.keyboard.type('键盘客户');
  await page.keyboard.press('Enter');
  await expect(page.locator('.zb-resource-customer .ant-empty')).toBeVisible();

  // 新增: the form opens, the name is typed, the defaults fill the other required fields, 确定 saves.
  await pressUntil(page, 'Tab', { name: '新增', role: 'button' });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: '新增客户' });
  await expect(form).toBeVisible();
  await pressUntil(page, 'Tab', { id: 'resource-customer_name' }, 10);
  await page.keyboard.type(name);
  await pressUntil(page, 'Tab', { name: '确定', role: 'button', within: '.ant-modal' });
  await expectVisibleFocus(page);
  await shot(page, 'keyboard-form-button', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  // The toast is in the page's polite live region (looked for first: it goes after three seconds, and the
  // list's reload below may take longer than that on a busy machine).
  await expect(page.locator('#zb-toasts[role="status"]').getByText('保存成功')).toBeVisible();
  // Back where the user was: on 新增.
  expect(await isFocused(page, { name: '新增', role: 'button' })).toBe(true);
  const row = tableRows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);

  // Delete the row: Tab to its 更多, Enter opens the folded actions, ↓ to 删除, Enter, then confirm.
  const rowKey = await row.getAttribute('data-row-key');
  await pressUntil(page, 'Tab', { name: '更多', within: `tr[data-row-key="${rowKey}"]` });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: '更多操作' })).toBeVisible();
  await pressUntil(page, 'ArrowDown', { name: '删除', within: '.ant-dropdown' }, 8);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确认删除');
  // The dialog holds the focus on its 确定.
  await expect.poll(() => isFocused(page, { name: '确定', within: '.ant-modal-confirm' })).toBe(true);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.locator('#zb-toasts[role="status"]').getByText('已删除 1 条数据')).toBeVisible();
  await expect(row).toHaveCount(0);
  // The row's actions went with it: the list holds the focus instead of nothing.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName))
    .toBe('客户列表');

  // The multi-tab bar: Shift+Tab back to the active tab, ← to 活动列表, Enter opens it.
  await pressUntil(page, 'Shift+Tab', { role: 'tab' });
  await expectVisibleFocus(page);
  await shot(page, 'keyboard-tab', { clip: { x: 0, y: 0, width: 1440, height: 320 } });
  await pressUntil(page, 'ArrowLeft', { role: 'tab', name: /活动列表$/ }, 4);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
  await expect(page).toHaveTitle('活动列表 - 主办之家');
  // → back to the 客户 tab, Delete closes it.
  const tabs = page.locator('.zb-multi-tabs .ant-tabs-tab');
  await expect(tabs).toHaveCount(2);
  await pressUntil(page, 'ArrowRight', { role: 'tab', name: /客户$/ }, 4);
  await page.keyboard.press('Delete');
  await expect(tabs).toHaveCount(1);
  await expect(tabs).toHaveText([/活动列表$/]);

  // A modal closed with Escape gives the focus back to what opened it.
  await pressUntil(page, 'Tab', { name: '新增', role: 'button' });
  await page.keyboard.press('Enter');
  const activityForm = page.getByRole('dialog', { name: /新增/ });
  await expect(activityForm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(activityForm).toBeHidden();
  await expect.poll(() => isFocused(page, { name: '新增', role: 'button' })).toBe(true);
  await expectVisibleFocus(page);

  // Sign out through the header's user menu: Enter opens it on its first entry, ↓ to 退出登录, confirm.
  await pressUntil(page, 'Shift+Tab', { name: /王晓明$/, role: 'button' });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(page, { name: '我的项目', role: 'menuitem' })).toBe(true);
  await pressUntil(page, 'ArrowDown', { name: '退出登录', role: 'menuitem' }, 8);
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(page, { name: '确定', within: '.ant-modal-confirm' })).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zbzj\/user\/login/);
});
