import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from 'antd';
import { ACCESS_TOKEN_KEY } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { lastProfile } from '../../src/stores/lastProfile';
import { SWITCH_ACCOUNT_CONFIRM } from '../../src/router/guardLoader';
import { resetSession, signInAs } from '../mocks/session';
import { handoffOf } from '../mocks/fixtures';
import { currentPath, renderApp, user } from '../mocks/app';

/**
 * A `?token=` link carries a one-time hand-off ticket, which the browser exchanges for a session of its
 * own. A session token in its place — a crafted link with someone's password session — is adopted by
 * nobody: a fresh browser stays signed out and is told why. With a session active the user is asked
 * before switching; either way the value leaves the address.
 */
/**
 * Confirm dialogs opened since `before` (a static dialog closed by an earlier test may linger in the DOM
 * while it animates out).
 */
const confirms = () => new Set(document.querySelectorAll<HTMLElement>('.ant-modal-confirm'));
const newConfirms = (before: Set<HTMLElement>) => [...confirms()].filter((element) => !before.has(element));

async function newDialog(before: Set<HTMLElement>): Promise<HTMLElement> {
  return waitFor(() => {
    const [opened, ...more] = newConfirms(before);
    expect(opened).toBeDefined();
    expect(more).toHaveLength(0);
    return opened;
  });
}

const buttonOf = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('button', { name });

beforeEach(() => resetSession());
afterEach(() => {
  Modal.destroyAll();
  vi.restoreAllMocks();
});

describe('a ?token= hand-off link while signed in', () => {
  it('asks before switching; cancelling keeps the current account and drops the token from the address', async () => {
    signInAs('demo');
    const before = confirms();
    const router = renderApp(`/cnf/project/index?token=${handoffOf('admin')}&a=1`);
    const dialog = await newDialog(before);
    expect(dialog).toHaveTextContent(SWITCH_ACCOUNT_CONFIRM.title);
    expect(dialog).toHaveTextContent(SWITCH_ACCOUNT_CONFIRM.content);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-demo');

    await user.click(buttonOf(dialog, /^取\s*消$/));
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index?a=1');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-demo');
    // demo's own (top) menu, not the admin's side bar.
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
  });

  it('switches to the account of the link once confirmed', async () => {
    signInAs('demo');
    const before = confirms();
    const router = renderApp(`/cnf/project/index?token=${handoffOf('admin')}`);
    const dialog = await newDialog(before);
    await user.click(buttonOf(dialog, /^确\s*定$/));
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
    await waitFor(() => expect(document.querySelector('.ant-layout-sider')).not.toBeNull());
  });

  it('does not ask without a session: the ticket signs in (SSO and exhibitor entries)', async () => {
    const before = confirms();
    const router = renderApp(`/cnf/project/index?token=${handoffOf('admin')}`);
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(newConfirms(before)).toEqual([]);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
  });
});

describe('a session token in ?token=', () => {
  it('is not adopted by a fresh browser: it stays signed out, is told why, and the value leaves the address', async () => {
    const router = renderApp('/cnf/project/index?token=token-of-admin');
    expect(await screen.findByText('链接中的登录凭据无效或已过期，请重新登录')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).not.toContain('token='));
    expect(currentPath(router)).not.toBe('/cnf/project/index');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('token-of-admin');
  });

  it('leaves the session in use as it is once the user chose to switch', async () => {
    signInAs('demo');
    const before = confirms();
    const router = renderApp('/cnf/project/index?token=token-of-admin');
    await user.click(buttonOf(await newDialog(before), /^确\s*定$/));
    expect(await screen.findByText('链接中的登录凭据无效或已过期，请重新登录')).toBeInTheDocument();
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-demo');
  });
});

describe('the offline profile', () => {
  it('keeps no token and no contact details, and still serves the session that loaded it', async () => {
    renderApp(`/cnf/project/index?token=${handoffOf('admin')}`);
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    const kept = JSON.stringify(storage.get('offlineProfile'));
    expect(kept).toContain('"username":"admin"');
    expect(kept).not.toContain('token-of-admin');
    expect(lastProfile('token-of-admin')?.user.username).toBe('admin');
    expect(lastProfile('token-of-demo')).toBeNull();
  });
});
