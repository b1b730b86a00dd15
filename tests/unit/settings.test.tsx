import { act, render, screen, waitFor } from '@testing-library/react';
import { theme } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { COLOR_WEAK_CLASS } from '../../src/app/theme';
import { DEFAULT_SETTINGS } from '../../src/config/settings';
import { storage } from '../../src/lib/storage';
import { createSettingsStore, sanitiseSettings, SETTINGS_STORAGE_KEY, useSettings } from '../../src/stores/settings';
import { resetSession, signInAs } from '../mocks/session';
import { renderApp } from '../mocks/app';

/** Layout settings: persisted under the pro__ namespace, applied at once. */
describe('settings store', () => {
  beforeEach(() => useSettings.getState().reset());

  it('starts from the defaults', () => {
    expect(useSettings.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      navTheme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multiTab: false,
      primaryColor: '#1677ff',
    });
  });

  it('stores a change under the pro__ key, and a store created afresh (a reload) still has it', () => {
    useSettings.getState().update({ primaryColor: '#722ed1', layout: 'topmenu', multiTab: true });
    const raw = window.localStorage.getItem(`pro__${SETTINGS_STORAGE_KEY}`);
    expect(raw).not.toBeNull();
    expect(storage.get(SETTINGS_STORAGE_KEY)).toMatchObject({ primaryColor: '#722ed1', layout: 'topmenu', multiTab: true });

    const reloaded = createSettingsStore();
    expect(reloaded.getState().settings).toMatchObject({ primaryColor: '#722ed1', layout: 'topmenu', multiTab: true, navTheme: 'dark' });
  });

  it('falls back to the defaults for unknown or damaged stored values', () => {
    storage.set(SETTINGS_STORAGE_KEY, { navTheme: 'purple', layout: 'topmenu', primaryColor: 'red', fixedHeader: 'yes' });
    expect(createSettingsStore().getState().settings).toEqual({ ...DEFAULT_SETTINGS, layout: 'topmenu' });
    expect(sanitiseSettings(null)).toEqual(DEFAULT_SETTINGS);
    window.localStorage.setItem(`pro__${SETTINGS_STORAGE_KEY}`, '{not json');
    expect(createSettingsStore().getState().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('reset forgets the stored entry', () => {
    useSettings.getState().update({ colorWeak: true });
    useSettings.getState().reset();
    expect(storage.get(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(useSettings.getState().settings.colorWeak).toBe(false);
  });
});

function TokenProbe() {
  const { token } = theme.useToken();
  return (
    <div>
      <span data-testid="primary">{token.colorPrimary}</span>
      <span data-testid="dark">{String(token.colorBgContainer !== '#ffffff')}</span>
    </div>
  );
}

describe('settings applied through the root ConfigProvider', () => {
  beforeEach(() => useSettings.getState().reset());

  it('changes the primary colour, the dark algorithm and the colour-weak filter at once', async () => {
    render(
      <AppProviders>
        <TokenProbe />
      </AppProviders>,
    );
    // On the light themes the chosen colour is darkened just enough for AA text contrast.
    expect(screen.getByTestId('primary')).toHaveTextContent('#1369e0');
    expect(screen.getByTestId('dark')).toHaveTextContent('false');
    act(() => useSettings.getState().update({ primaryColor: '#f5222d', colorWeak: true }));
    expect(screen.getByTestId('primary')).toHaveTextContent('#da1e28');
    // realDark: antd's dark algorithm for the whole app (which also darkens the primary colour a little).
    act(() => useSettings.getState().update({ navTheme: 'realDark' }));
    expect(screen.getByTestId('dark')).toHaveTextContent('true');
    act(() => useSettings.getState().update({ navTheme: 'dark' }));
    expect(screen.getByTestId('dark')).toHaveTextContent('false');
    await waitFor(() => expect(document.documentElement).toHaveClass(COLOR_WEAK_CLASS));
    act(() => useSettings.getState().update({ colorWeak: false }));
    await waitFor(() => expect(document.documentElement).not.toHaveClass(COLOR_WEAK_CLASS));
  });
});

describe('layout mode, rendered', () => {
  beforeEach(() => {
    resetSession();
    useSettings.getState().reset();
  });

  it('switches the admin from the side menu to the top menu and back', async () => {
    signInAs('admin');
    renderApp('/yx/sysActivity/index');
    await screen.findByPlaceholderText('请输入活动名称');
    expect(document.querySelector('.ant-layout-sider')).not.toBeNull();
    expect(document.querySelector('.ant-layout-header .ant-menu-horizontal')).toBeNull();

    act(() => useSettings.getState().update({ layout: 'topmenu' }));
    await waitFor(() => expect(document.querySelector('.ant-layout-header .ant-menu-horizontal')).not.toBeNull());
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    // The page kept its place.
    expect(screen.getByPlaceholderText('请输入活动名称')).toBeInTheDocument();

    act(() => useSettings.getState().update({ layout: 'sidemenu', navTheme: 'light' }));
    await waitFor(() => expect(document.querySelector('.ant-layout-sider-light')).not.toBeNull());
  });

  it('keeps the top menu for everyone but the admin, whatever the layout setting', async () => {
    useSettings.getState().update({ layout: 'sidemenu' });
    signInAs('demo');
    renderApp('/yx/sysActivity/index');
    await screen.findByPlaceholderText('请输入活动名称');
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(document.querySelector('.ant-layout-header .ant-menu-horizontal')).not.toBeNull();
  });
});
