import { act, screen, waitFor, within } from '@testing-library/react';
import { mock } from '../mocks/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bellNotices, type NoticeItem } from '@domain/notices/notices.contracts';
import { useNoticeSignal } from '../../src/stores/notices';
import { useSettings } from '../../src/stores/settings';
import { useTabs } from '../../src/stores/tabs';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';
import { installAccountBackend } from '../mocks/account';
import { tokenOf } from '../mocks/fixtures';
import { ACCESS_TOKEN_KEY } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { currentPath, renderApp, user } from '../mocks/app';

/** The workspace shell: header, notice bell, mobile menu drawer and multi-tab bar, rendered. */
const DESKTOP_WIDTH = window.innerWidth;

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function notices(unread: number, read: number): NoticeItem[] {
  const make = (i: number, isRead: boolean): NoticeItem => ({
    id: i,
    title: `${isRead ? '已读' : '未读'}通知${i}`,
    content: '',
    createdAt: '2026-11-20 09:00:00',
    isstamp: isRead ? 1 : 0,
  });
  return [
    ...Array.from({ length: unread }, (_, i) => make(i + 1, false)),
    ...Array.from({ length: read }, (_, i) => make(unread + i + 1, true)),
  ];
}

function answerBell(list: NoticeItem[], onCall?: () => void) {
  server.use(
    mock(bellNotices, () => {
      onCall?.();
      return list;
    }),
  );
}

async function openActivities(username: string) {
  signInAs(username);
  const router = renderApp('/yx/sysActivity/index');
  await screen.findByPlaceholderText('请输入活动名称');
  return router;
}

const badgeText = () => document.querySelector('.ant-layout-header .ant-badge .ant-scroll-number')?.textContent ?? '';

beforeEach(() => {
  resetSession();
  useSettings.getState().reset();
  useTabs.getState().reset();
});
// The tree is still there and follows the resize (the phone layout's menu answers it a moment later): inside act().
afterEach(() =>
  act(async () => {
    setWindowWidth(DESKTOP_WIDTH);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }),
);

describe('header', () => {
  it('greets the user by the hour, shows the tips in bold red and offers the account links', async () => {
    await openActivities('admin');
    const header = document.querySelector('.ant-layout-header') as HTMLElement;
    expect(within(header).getByText(/^(早上好|上午好|中午好|下午好|晚上好)，$/)).toBeInTheDocument();
    expect(within(header).getByText('系统管理员')).toBeInTheDocument();
    expect(within(header).getByText('请于本周五前完成项目审核')).toHaveClass('zb-tips');
    expect(within(header).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/zbzj/home');

    await user.hover(within(header).getByText('系统管理员'));
    for (const label of ['我的项目', '我的活动', '个人信息', '修改密码', '退出登录']) {
      expect(await screen.findByText(label)).toBeInTheDocument();
    }
  });
});

describe('notice bell', () => {
  it('shows the unread count and the 全部 / 未读 / 已读 tabs with at most 3 / 2 / 3 titles', async () => {
    // admin's menus hold 我的通知 (/system/mynotice/index), where every item leads.
    await openActivities('admin');
    await waitFor(() => expect(badgeText()).toBe('4'));
    await user.click(screen.getByRole('button', { name: /^通知/ }));
    const popup = (await screen.findByText('查看全部')).closest('.zb-notice-popup') as HTMLElement;
    expect(within(popup).getByText('查看全部').closest('a')).toHaveAttribute('href', '/zbzj/system/mynotice/index');

    const titles = () =>
      Array.from(popup.querySelectorAll('[role="tabpanel"][aria-hidden="false"] .zb-notice-list a'), (a) => a.textContent);
    expect(titles()).toEqual(['未读通知1', '未读通知2', '未读通知3']);
    // One count: the 未读 tab says the badge's 4, and names the unread ones it does not list.
    await user.click(within(popup).getByText('未读 (4)'));
    await waitFor(() => expect(titles()).toEqual(['未读通知1', '未读通知2']));
    expect(within(popup).getByText('另有 2 条未读').closest('a')).toHaveAttribute('href', '/zbzj/system/mynotice/index');
    await user.click(within(popup).getByText('已读'));
    await waitFor(() => expect(titles()).toEqual(['已读通知1', '已读通知2', '已读通知3']));
    for (const link of popup.querySelectorAll('.zb-notice-list a')) {
      expect(link).toHaveAttribute('href', '/zbzj/system/mynotice/index');
    }
  });

  it('leads a competition user to 我的通知 under /account, in their own layout, keeping the session', async () => {
    const db = installAccountBackend();
    signInAs('edu');
    const router = renderApp('/jsxm/works/index');
    expect(await screen.findByText('城市记忆展陈设计')).toBeInTheDocument();
    // The bell counts the unread notices 我的通知 lists (the account backend answers both).
    const unread = db.notices.filter((n) => !n.isstamp).length;
    await waitFor(() => expect(badgeText()).toBe(String(unread)));
    await user.click(screen.getByRole('button', { name: /^通知/ }));
    const popup = (await screen.findByText('查看全部')).closest('.zb-notice-popup') as HTMLElement;
    expect(within(popup).getByText('查看全部').closest('a')).toHaveAttribute('href', '/zbzj/account/notices');
    const first = popup.querySelector('[role="tabpanel"][aria-hidden="false"] .zb-notice-list a') as HTMLElement;
    expect(first).toHaveAttribute('href', '/zbzj/account/notices');

    await user.click(first);
    await waitFor(() => expect(currentPath(router)).toBe('/account/notices'));
    expect(await screen.findByText('系统升级通知', { selector: 'td *' })).toBeInTheDocument();
    // Still signed in, among the competition menus.
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe(tokenOf('edu'));
    expect(document.querySelector('.ant-layout-header')).toHaveTextContent('参赛中心');
  });

  it('leads staff whose menus lack 我的通知 to the /account page as well', async () => {
    await openActivities('demo');
    await waitFor(() => expect(badgeText()).toBe('4'));
    await user.click(screen.getByRole('button', { name: /^通知/ }));
    const popup = (await screen.findByText('查看全部')).closest('.zb-notice-popup') as HTMLElement;
    expect(within(popup).getByText('查看全部').closest('a')).toHaveAttribute('href', '/zbzj/account/notices');
  });

  it("reads '暂无数据' in an empty tab", async () => {
    answerBell(notices(1, 0));
    await openActivities('demo');
    await waitFor(() => expect(badgeText()).toBe('1'));
    await user.click(screen.getByRole('button', { name: /^通知/ }));
    const popup = (await screen.findByText('查看全部')).closest('.zb-notice-popup') as HTMLElement;
    await user.click(within(popup).getByText('已读'));
    await waitFor(() =>
      expect(popup.querySelector('[role="tabpanel"][aria-hidden="false"] .ant-empty-description')).toHaveTextContent('暂无数据'),
    );
  });

  it("shows more than 99 unread notices as '99+'", async () => {
    answerBell(notices(150, 2));
    await openActivities('demo');
    await waitFor(() => expect(badgeText()).toBe('99+'));
  });

  it('reloads on every route change and when a notice page signals a change', async () => {
    let calls = 0;
    answerBell(notices(2, 0), () => calls++);
    const router = await openActivities('demo');
    await waitFor(() => expect(calls).toBe(1));
    answerBell(notices(1, 1), () => calls++);
    act(() => useNoticeSignal.getState().invalidate());
    await waitFor(() => expect(badgeText()).toBe('1'));
    expect(calls).toBe(2);
    await act(() => router.navigate('/cnf/project/index'));
    await waitFor(() => expect(calls).toBe(3));
  });
});

describe('menu drawer on a phone', () => {
  it('opens from the menu button and closes when an entry is chosen', async () => {
    setWindowWidth(400);
    const router = await openActivities('admin');
    // No side bar and no header menu on a phone: the menu lives in the drawer.
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(document.querySelector('.ant-layout-header .ant-menu-horizontal')).toBeNull();

    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = (await waitFor(() => {
      const found = document.querySelector('.zb-menu-drawer .ant-menu');
      expect(found).not.toBeNull();
      return found;
    })) as HTMLElement;
    await user.click(within(drawer).getByText('项目管理'));
    await user.click(await within(drawer).findByText('项目列表'));
    await waitFor(() => expect(currentPath(router)).toBe('/cnf/project/index'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    // The chosen page has loaded its list before the test ends.
    await screen.findByPlaceholderText('请输入项目名称');
  });
});

describe('multi-tab bar', () => {
  const tabLabels = () => Array.from(document.querySelectorAll('.zb-multi-tabs .ant-tabs-tab'), (t) => t.textContent);

  it('opens a tab per route and keeps a page alive, input and all, while another tab shows', async () => {
    useSettings.getState().update({ multiTab: true });
    const router = await openActivities('demo');
    await user.type(screen.getByPlaceholderText('请输入活动名称'), '论坛');
    await act(() => router.navigate('/cnf/project/index'));
    await screen.findByPlaceholderText('请输入项目名称');
    await waitFor(() => expect(tabLabels()).toEqual(['活动列表', '项目列表']));
    // The hidden page is still there, just not shown.
    expect(screen.getByPlaceholderText('请输入活动名称')).not.toBeVisible();

    await user.click(screen.getByText('活动列表', { selector: '.zb-multi-tabs *' }));
    await waitFor(() => expect(currentPath(router)).toBe('/yx/sysActivity/index'));
    await waitFor(() => expect(screen.getByPlaceholderText('请输入活动名称')).toBeVisible());
    expect(screen.getByPlaceholderText('请输入活动名称')).toHaveValue('论坛');
    expect(screen.getByPlaceholderText('请输入项目名称')).not.toBeVisible();
  });

  it("says '左侧没有标签页' / '右侧没有标签页' when there is nothing to close, and closes otherwise", async () => {
    useSettings.getState().update({ multiTab: true });
    const router = await openActivities('demo');
    await act(() => router.navigate('/cnf/project/index'));
    await screen.findByPlaceholderText('请输入项目名称');
    await waitFor(() => expect(tabLabels()).toEqual(['活动列表', '项目列表']));

    const command = async (label: string) => {
      await user.click(screen.getByRole('button', { name: '标签页操作' }));
      await user.click(await screen.findByText(label, { selector: '.ant-dropdown:not(.ant-dropdown-hidden) *' }));
    };
    await command('关闭右侧');
    expect(await screen.findByText('右侧没有标签页')).toBeInTheDocument();
    await command('关闭左侧');
    await waitFor(() => expect(tabLabels()).toEqual(['项目列表']));
    await command('关闭左侧');
    expect(await screen.findByText('左侧没有标签页')).toBeInTheDocument();
    // 关闭全部 goes home: the activity list, in a fresh tab.
    await command('关闭全部');
    await waitFor(() => expect(currentPath(router)).toBe('/yx/sysActivity/index'));
    await waitFor(() => expect(tabLabels()).toEqual(['活动列表']));
  });
});

describe('settings form', () => {
  it('is on 个性化设置 for every user; the drawer handle only for the admin outside production', async () => {
    signInAs('demo');
    renderApp('/account/settings/custom');
    const multiTab = await screen.findByRole('switch', { name: '多页签模式' });
    expect(screen.queryByRole('button', { name: '布局设置' })).toBeNull();
    await user.click(multiTab);
    expect(useSettings.getState().settings.multiTab).toBe(true);
    await waitFor(() => expect(document.querySelector('.zb-multi-tabs')).not.toBeNull());
    await user.click(screen.getByRole('radio', { name: '酱紫' }));
    expect(useSettings.getState().settings.primaryColor).toBe('#722ed1');
  });

  it('opens the settings drawer (300 px) from the handle for the admin', async () => {
    await openActivities('admin');
    await user.click(screen.getByRole('button', { name: '布局设置' }));
    const drawer = (await waitFor(() => {
      const found = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
      expect(found).not.toBeNull();
      return found;
    })) as HTMLElement;
    expect(drawer.style.width).toBe('300px');
    await user.click(within(drawer).getByRole('radio', { name: '顶部菜单' }));
    await waitFor(() => expect(document.querySelector('.ant-layout-sider')).toBeNull());
    expect(useSettings.getState().settings.layout).toBe('topmenu');
  });
});
