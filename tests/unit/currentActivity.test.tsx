import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentActivity } from '@domain/projects/scopeOptions.contracts';
import { useCurrentActivity } from '../../src/stores/currentActivity';
import { renderApp, user } from '../mocks/app';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

/** The header's 当前活动 (src/layouts/basic/ActivitySwitcher.tsx): the server's default first, then the user's pick. */
const TODAY = { id: 1, name: '开幕式暨主论坛', cnfId: 1, projectName: '2026中国国际智慧城市博览会', srq: '2026-12-10', erq: '2026-12-11', when: 'current' as const };

beforeEach(() => {
  resetSession();
  signInAs('demo');
  server.use(mock(currentActivity, () => TODAY));
});
afterEach(() => resetSession());

describe('the header’s current activity', () => {
  it('names the project and the activity the server picks, and switches to another the user picks', async () => {
    renderApp('/yx/sysActivity/index');
    const switcher = await screen.findByTestId('activity-switch');
    expect(switcher).toHaveTextContent('2026中国国际智慧城市博览会');
    expect(switcher).toHaveTextContent('开幕式暨主论坛');

    await user.click(switcher);
    const select = await screen.findByRole('combobox', { name: '选择当前活动' });
    await user.click(select);
    await screen.findByRole('listbox');
    await waitFor(() => expect(within(document.body).getAllByText('专题活动2').length).toBeGreaterThan(0));
    await user.click(document.querySelector('.ant-select-item-option[title="专题活动2"]') ?? screen.getAllByText('专题活动2').at(-1)!);
    await waitFor(() => expect(screen.getByTestId('activity-switch')).toHaveTextContent('专题活动2'));
    expect(useCurrentActivity.getState()).toMatchObject({ activity: { id: 2, name: '专题活动2' }, byDefault: false });
  });
});
