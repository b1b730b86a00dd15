import { act, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { HttpResponse } from 'msw';
import { notifySettingsUpdate, passwordChange, profileInfo, profileUpdate } from '@domain/account/profile.contracts';
import { currentUser, removeToken } from '@domain/session/session.contracts';
import { mock, refusal } from '../mocks/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BaseSettingsPage from '../../src/features/account/pages/account/settings/base';
import SecuritySettingsPage from '../../src/features/account/pages/account/settings/security';
import BindingSettingsPage from '../../src/features/account/pages/account/settings/binding';
import NotificationSettingsPage from '../../src/features/account/pages/account/settings/notification';
import { maskAccount, maskMail } from '../../src/features/account/mask';
import { ACCESS_TOKEN_KEY } from '../../src/config/constants';
import { browser } from '../../src/lib/browser';
import { storage } from '../../src/lib/storage';
import { useNoticeSignal } from '../../src/stores/notices';
import { useSession } from '../../src/stores/session';
import { ACCOUNTS } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { renderPage } from '../mocks/page';
import { user } from '../mocks/app';
import { callsTo, recordCalls, installAccountBackend } from '../mocks/account';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Replaces a field's text (pasted: typing key by key re-validates per character, slowly in jsdom). */
async function setField(label: string, text: string) {
  await user.clear(field(label));
  if (text) {
    await user.click(field(label));
    await user.paste(text);
  }
}

afterEach(async () => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  await act(async () => message.destroy());
});
beforeEach(() => resetSession());

describe('基本设置 /account/settings/base', () => {
  async function openProfile() {
    const db = installAccountBackend();
    const calls = recordCalls();
    renderPage(BaseSettingsPage);
    await waitFor(() => expect(field('姓名').value).toBe('王小明'));
    return { db, calls };
  }
  const save = () => user.click(screen.getByRole('button', { name: '更新基本信息' }));

  it('loads the profile of the session user from /user/info', async () => {
    const { calls } = await openProfile();
    expect(callsTo(calls, profileInfo.path)[0].params).toMatchObject({ userId: '2' });
    expect(field('职务').value).toBe('项目经理');
    expect(field('邮箱').value).toBe('demo@example.com');
  });

  it("says '姓名不能为空' for an empty name and does not save", async () => {
    const { calls } = await openProfile();
    await setField('姓名', '   ');
    await save();
    expect(await screen.findByText('姓名不能为空')).toBeInTheDocument();
    expect(callsTo(calls, profileUpdate.path)).toHaveLength(0);
  });

  it("says '请输入正确的邮箱地址' for a malformed and for an empty mail", async () => {
    const { calls } = await openProfile();
    await setField('邮箱', 'not-a-mail');
    await save();
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    await setField('邮箱', '');
    await save();
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(callsTo(calls, profileUpdate.path)).toHaveLength(0);
  });

  it("saves id, nickName, zw, mail, shows '修改成功' and refreshes the session's user", async () => {
    const { calls } = await openProfile();
    server.use(
      mock(currentUser, () => ({ ...ACCOUNTS.demo.user, nickName: '王大明' })),
    );
    await setField('姓名', '王大明');
    await save();
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo(calls, profileUpdate.path)[0].params).toEqual({ id: '2', nickName: '王大明', zw: '项目经理', mail: 'demo@example.com' });
    await waitFor(() => expect(useSession.getState().user?.nickName).toBe('王大明'));
  });

  it('keeps what was typed when the server refuses the save', async () => {
    await openProfile();
    server.use(mock(profileUpdate, () => refusal('该邮箱已被其他账号使用')));
    await setField('邮箱', 'taken@example.com');
    await save();
    expect(await screen.findByText('该邮箱已被其他账号使用')).toBeInTheDocument();
    expect(field('邮箱').value).toBe('taken@example.com');
    expect(useSession.getState().user?.nickName).toBe('王小明');
  });
});

describe('安全设置 /account/settings/security', () => {
  const submit = () => user.click(screen.getByRole('button', { name: '修改密码' }));

  function openSecurity() {
    installAccountBackend();
    const calls = recordCalls();
    renderPage(SecuritySettingsPage);
    return calls;
  }

  it("asks for all three fields: '请输入当前密码', '请输入密码' and '请再次输入密码'", async () => {
    const calls = openSecurity();
    await submit();
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
    expect(callsTo(calls, passwordChange.path)).toHaveLength(0);
  });

  it.each([
    ['7 characters', '1234567'],
    ['65 characters', 'a'.repeat(65)],
  ])("refuses a password of %s: '长度为8到64个字符'", async (_, password) => {
    const calls = openSecurity();
    await setField('当前密码', 'demo123456');
    await setField('新密码', password);
    await setField('确认密码', password);
    await submit();
    expect(await screen.findByText('长度为8到64个字符')).toBeInTheDocument();
    expect(callsTo(calls, passwordChange.path)).toHaveLength(0);
  });

  it("refuses a common password: '密码过于常见，请换一个'", async () => {
    const calls = openSecurity();
    await setField('当前密码', 'demo123456');
    await setField('新密码', 'Password123');
    await setField('确认密码', 'Password123');
    await submit();
    expect(await screen.findByText('密码过于常见，请换一个')).toBeInTheDocument();
    expect(callsTo(calls, passwordChange.path)).toHaveLength(0);
  });

  it("says '两次输入的密码不一致' when the confirmation differs", async () => {
    const calls = openSecurity();
    await setField('新密码', 'abcdef12');
    await setField('确认密码', 'abcdef13');
    await submit();
    expect((await screen.findAllByText('两次输入的密码不一致')).length).toBeGreaterThan(0);
    expect(callsTo(calls, passwordChange.path)).toHaveLength(0);
  });

  it("says '请再次输入密码' when only the password is given", async () => {
    openSecurity();
    await setField('新密码', 'abcdef12');
    await submit();
    expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
    expect(screen.queryByText('请输入密码')).not.toBeInTheDocument();
  });

  it("shows the server's '当前密码不正确' under the current password and keeps the session", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const calls = openSecurity();
    server.use(
      mock(passwordChange, () =>
        HttpResponse.json({ code: 1, msg: '当前密码不正确', data: { errors: [{ field: 'oldPassword', msg: '当前密码不正确' }] } }),
      ),
    );
    await setField('当前密码', 'not-my-password');
    await setField('新密码', 'newpass123');
    await setField('确认密码', 'newpass123');
    await submit();
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    // The toast of the error mapper, and the same words under the field.
    await waitFor(() => expect(screen.getAllByText('当前密码不正确').length).toBeGreaterThanOrEqual(2));
    expect(field('当前密码').closest('.ant-form-item')).toHaveTextContent('当前密码不正确');
    expect(callsTo(calls, passwordChange.path)[0].params).toMatchObject({ oldPassword: 'not-my-password' });
    expect(screen.getByRole('button', { name: '修改密码' })).toBeEnabled();
    expect(storage.get(ACCESS_TOKEN_KEY)).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('after a confirmation, changes it, then ends the session locally (no revoke) and reloads a kind-3 user', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const calls = openSecurity();
    await setField('当前密码', 'demo123456');
    await setField('新密码', 'newpass123');
    await setField('确认密码', 'newpass123');
    await submit();
    expect(await screen.findByText('确定要修改密码吗？修改成功后需要重新登录。')).toBeInTheDocument();
    await user.click(await screen.findByText(/^确\s*定$/, { selector: '.ant-modal-confirm button span' }));
    expect(await screen.findByText('修改成功，请重新登录')).toBeInTheDocument();
    expect(callsTo(calls, passwordChange.path)[0].params).toEqual({ userId: '2', oldPassword: 'demo123456', password: 'newpass123' });
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 5000 });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
    // The server revoked the token itself: telling it again would only fail.
    expect(callsTo(calls, removeToken.path)).toHaveLength(0);
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const calls = openSecurity();
    await setField('当前密码', 'demo123456');
    await setField('新密码', 'newpass123');
    await setField('确认密码', 'newpass123');
    await submit();
    await user.click(await screen.findByText(/^取\s*消$/, { selector: '.ant-modal-confirm button span' }));
    // Give a (wrong) request the time to go out; the confirmation's closing animation runs meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.getByRole('button', { name: '修改密码' })).toBeEnabled();
    expect(callsTo(calls, passwordChange.path)).toHaveLength(0);
    expect(storage.get(ACCESS_TOKEN_KEY)).not.toBeNull();
  });
});

describe('账户绑定 and 新消息通知', () => {
  it('masks phone, SMS account and mail', () => {
    expect(maskAccount('13812341234')).toBe('138****1234');
    expect(maskAccount(null)).toBeNull();
    expect(maskMail('someone@example.com')).toBe('so***@example.com');
  });

  it('shows the bound contact details masked, with a link to change the mail', async () => {
    renderPage(BindingSettingsPage, { as: 'admin' });
    expect(await screen.findByText('138****0000')).toBeInTheDocument();
    expect(screen.getByText('ad***@example.com')).toBeInTheDocument();
    expect(screen.getByText('未绑定')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '修改' })).toHaveAttribute('href', '/account/settings/base');
  });

  it('loads the three switches, saves a change as true/false and tells the bell to reload', async () => {
    installAccountBackend();
    const calls = recordCalls();
    const before = useNoticeSignal.getState().version;
    renderPage(NotificationSettingsPage);
    const activity = await screen.findByRole('switch', { name: '活动提醒' });
    expect(activity).not.toBeChecked();
    expect(screen.getByRole('switch', { name: '系统通知' })).toBeChecked();
    await user.click(activity);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo(calls, notifySettingsUpdate.path)[0].params).toEqual({ system: 'true', activity: 'true', finance: 'true' });
    expect(activity).toBeChecked();
    expect(useNoticeSignal.getState().version).toBe(before + 1);
  });

  it('puts a switch back when the save is refused', async () => {
    installAccountBackend();
    server.use(mock(notifySettingsUpdate, () => refusal('保存失败')));
    renderPage(NotificationSettingsPage);
    const finance = await screen.findByRole('switch', { name: '财务提醒' });
    const before = useNoticeSignal.getState().version;
    await user.click(finance);
    expect(await screen.findByText('保存失败')).toBeInTheDocument();
    await waitFor(() => expect(finance).toBeChecked());
    expect(useNoticeSignal.getState().version).toBe(before);
  });
});
