import { describe, expect, it } from 'vitest';
import { isUnread, noticePagePath, noticeTabs } from '../../src/layouts/basic/notices/noticeTabs';
import { BELL_NOTICES } from '../mocks/fixtures';

describe('notice popup tabs', () => {
  it('treats isstamp 0 and null as unread', () => {
    expect(isUnread({ isstamp: 0 })).toBe(true);
    expect(isUnread({ isstamp: null })).toBe(true);
    expect(isUnread({ isstamp: 1 })).toBe(false);
  });

  it('shows at most 3 of all, 2 unread and 3 read, and counts every unread one', () => {
    const tabs = noticeTabs(BELL_NOTICES);
    expect(tabs.all.map((n) => n.title)).toEqual(['未读通知1', '未读通知2', '未读通知3']);
    expect(tabs.unread.map((n) => n.title)).toEqual(['未读通知1', '未读通知2']);
    expect(tabs.read.map((n) => n.title)).toEqual(['已读通知1', '已读通知2', '已读通知3']);
    expect(tabs.unreadCount).toBe(4);
    expect(noticeTabs([])).toEqual({ all: [], unread: [], read: [], unreadCount: 0 });
  });
});

describe('where the bell leads', () => {
  it('to 我的通知 of the menus when the user has it, else to the same page under /account', () => {
    expect(noticePagePath(['/yx/sysActivity/index', '/system/mynotice/index'])).toBe('/system/mynotice/index');
    // A competition user: /system is not theirs, and entering it would end their session.
    expect(noticePagePath(['/jsxm', '/jsxm/works/index'])).toBe('/account/notices');
    expect(noticePagePath([])).toBe('/account/notices');
  });
});
