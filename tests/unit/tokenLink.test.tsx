import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from 'antd';
import { ACCESS_TOKEN_KEY } from '../../src/config/constants';
import { storage } from '../../src/lib/storage';
import { SWITCH_ACCOUNT_CONFIRM } from '../../src/router/guardLoader';
import { resetSession, signInAs } from '../mocks/session';
import { currentPath, renderApp, user } from '../mocks/app';

/**
 * A `?token=` link: it must not silently replace the session of another account — a crafted
 * link would sign the victim into someone else's account. With a different session active the user is
 * asked; either way the token leaves the address.
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

describe('a ?token= link while signed in', () => {
  it('asks before switching; cancelling keeps the current account and drops the token from the address', async () => {
    signInAs('demo');
    const before = confirms();
    const router = renderApp('/cnf/project/index?token=token-of-admin&a=1');
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
    const router = renderApp('/cnf/project/index?token=token-of-admin');
    const dialog = await newDialog(before);
    await user.click(buttonOf(dialog, /^确\s*定$/));
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
    await waitFor(() => expect(document.querySelector('.ant-layout-sider')).not.toBeNull());
  });

  it('does not ask when the link carries the session already in use', async () => {
    signInAs('admin');
    const before = confirms();
    const router = renderApp('/cnf/project/index?token=token-of-admin');
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(newConfirms(before)).toEqual([]);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
  });

  it('does not ask without a session: the link signs in (SSO and exhibitor entries)', async () => {
    const before = confirms();
    const router = renderApp('/cnf/project/index?token=token-of-admin');
    await screen.findByPlaceholderText('请输入项目名称', {}, { timeout: 10_000 });
    expect(currentPath(router)).toBe('/cnf/project/index');
    expect(newConfirms(before)).toEqual([]);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('token-of-admin');
  });
});
